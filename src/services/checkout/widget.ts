import { fromPromise } from 'xstate';
import type { ServiceClient } from '../http/client';
import { merchantInfoAnswerSchema, merchantInfoCall, type MerchantInfo } from './link';
import { checkImageFile, type CheckedImageFile } from '../shared/images';
import type { MerchantSave, WidgetSave } from './schemas';

export type { MerchantSave, WidgetSave } from './schemas';

/**
 * The /e-com calls of the checkout service (doc 2 §7 checkout service; D148, D153).
 * Both saving calls are forms (multipart), as the service takes them; both answer the whole record
 * in the spec's double `data`.
 */

export interface WidgetApi {
  load(merchantId: string, signal?: AbortSignal): Promise<MerchantInfo>;
  saveMerchant(body: MerchantSave, signal?: AbortSignal): Promise<MerchantInfo>;
  saveWidget(body: WidgetSave, signal?: AbortSignal): Promise<MerchantInfo>;
}

export function merchantForm(body: MerchantSave): FormData {
  const form = new FormData();
  form.append('merchant_id', body.merchant_id);
  form.append('merchant_name', body.merchant_name);
  form.append('return_url', body.return_url);
  form.append('cancel_url', body.cancel_url);
  form.append('ipn_url', body.ipn_url);
  for (const id of body.payment_methods) form.append('payment_methods', String(id));
  return form;
}

export function widgetForm(body: WidgetSave): FormData {
  const form = new FormData();
  form.append('primary_color', body.primary_color);
  form.append('secondary_color', body.secondary_color);
  form.append('button_color', body.button_color);
  form.append('logo_height', String(body.logo_height));
  form.append('logo_position', body.logo_position);
  form.append('button_border', body.button_border ? 'true' : 'false');
  form.append('border_radius', String(body.border_radius));
  form.append('button_text', body.button_text);
  form.append('active_methods', JSON.stringify(body.active_methods));
  if (body.logo) form.append('logo', body.logo, body.logo.type === 'image/png' ? 'logo.png' : 'logo.jpg');
  else if (body.remove_logo) form.append('remove_logo', 'true');
  return form;
}

/** `client` is the runtime's `clients.checkout`. */
export function createWidgetApi(client: ServiceClient): WidgetApi {
  return {
    load: (merchantId, signal) => merchantInfoCall(client, merchantId, signal),
    saveMerchant: (body, signal) =>
      client.data({
        name: 'checkout.saveMerchant',
        method: 'PUT',
        path: `/merchants/${encodeURIComponent(body.merchant_id)}`,
        body: merchantForm(body),
        schema: merchantInfoAnswerSchema,
        signal,
      }),
    saveWidget: (body, signal) =>
      client.data({
        name: 'checkout.saveWidget',
        method: 'PUT',
        path: `/widgets/${encodeURIComponent(body.widget_id)}`,
        body: widgetForm(body),
        schema: merchantInfoAnswerSchema,
        signal,
      }),
  };
}

/** The widgetSettings machine's actors; each request stops when the machine stops the actor. */
export function createWidgetActors(api: WidgetApi) {
  return {
    loadMerchantInfo: fromPromise<MerchantInfo, { merchantId: string }>(({ input, signal }) => api.load(input.merchantId, signal)),
    checkLogo: fromPromise<CheckedImageFile, { file: Blob; maxBytes: number }>(({ input }) => checkImageFile(input.file, input.maxBytes)),
    saveMerchant: fromPromise<MerchantInfo, MerchantSave>(({ input, signal }) => api.saveMerchant(input, signal)),
    saveWidget: fromPromise<MerchantInfo, WidgetSave>(({ input, signal }) => api.saveWidget(input, signal)),
  };
}

export type WidgetActors = ReturnType<typeof createWidgetActors>;
