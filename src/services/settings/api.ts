import { checkImageFile } from '../shared/images';
import { readBlob } from '../http/body';
import type { ServiceClient } from '../http/client';
import { ServiceError } from '../http/errors';
import {
  defaultImagesSchema,
  paymentSavedSchema,
  paymentConfigSchema,
  paymentMethodsSchema,
  saasImageSchema,
  saleMerchantSchema,
  SAAS_IMAGE_MAX_BYTES,
  SAAS_IMAGE_PATH,
  uiCustomSchema,
  type DefaultImages,
  type PaymentSetup,
  type PaymentSetupBody,
  type SaasImageKind,
  type SaleMerchant,
  type SaleMerchantPatch,
  type UiCustom,
} from './schemas';

/**
 * The settings calls (docs/areas/settings.md): the sale service's /saas/merchant and /saas/image, the
 * checkout service's /payment-config, /payment-method and /ui_custom/*. Every answer is validated.
 */
export interface SettingsApi {
  merchant(signal?: AbortSignal): Promise<SaleMerchant>;
  saveMerchant(patch: SaleMerchantPatch, signal?: AbortSignal): Promise<SaleMerchant>;
  /** Checks the file by its bytes first (a text file renamed .png never leaves the browser), then uploads it. */
  uploadImage(kind: SaasImageKind, file: Blob, signal?: AbortSignal): Promise<string>;
  /** An image of the settings as a Blob: an upload (served only with the session) or a default image. */
  image(url: string, signal?: AbortSignal): Promise<Blob>;
  paymentSetup(signal?: AbortSignal): Promise<PaymentSetup>;
  savePaymentSetup(body: PaymentSetupBody, signal?: AbortSignal): Promise<void>;
  uiCustom(signal?: AbortSignal): Promise<UiCustom | null>;
  saveUiCustom(body: UiCustom, signal?: AbortSignal): Promise<UiCustom>;
  defaultImages(signal?: AbortSignal): Promise<DefaultImages>;
}

/** A refusal made before sending, with the codes the service uses for the same refusal. */
export const imageRefused = (problem: 'size' | 'format') =>
  new ServiceError({
    code: problem === 'size' ? 'IMAGE_TOO_LARGE' : 'IMAGE_INVALID_FORMAT',
    status: 0,
    kind: 'server',
    message: `image refused before upload: ${problem}`,
  });

const invalid = (name: string, message: string) =>
  new ServiceError({ code: 'INVALID_RESPONSE', status: 0, kind: 'invalid-response', message: `${name}: ${message}` });

const DEFAULT_IMAGE = /^\/api\/checkout(\/ui_custom\/default_image\/[a-z]+-\d\.jpg)$/;

export function createSettingsApi(sale: ServiceClient, checkout: ServiceClient): SettingsApi {
  return {
    merchant: (signal) => sale.data({ name: 'settings.merchant', path: '/saas/merchant', schema: saleMerchantSchema, signal }),
    saveMerchant: (patch, signal) =>
      sale.data({
        name: 'settings.saveMerchant',
        method: 'PUT',
        path: '/saas/merchant',
        body: { ...patch },
        schema: saleMerchantSchema,
        signal,
      }),
    async uploadImage(kind, file, signal) {
      const checked = await checkImageFile(file, SAAS_IMAGE_MAX_BYTES[kind]);
      if (checked.problem) throw imageRefused(checked.problem);
      const form = new FormData();
      form.append('file', checked.file, checked.file.type === 'image/png' ? `${kind}.png` : `${kind}.jpg`);
      const answer = await sale.data({
        name: 'settings.uploadImage',
        method: 'POST',
        path: '/saas/image',
        query: { kind },
        body: form,
        schema: saasImageSchema,
        signal,
      });
      return answer.url;
    },
    async image(url, signal) {
      const own = SAAS_IMAGE_PATH.exec(url);
      const stock = DEFAULT_IMAGE.exec(url);
      if (!own && !stock) throw invalid('settings.image', 'not an image of the settings');
      const client = own ? sale : checkout;
      const path = own ? `/saas/image/${own[1]}` : stock![1]!;
      const res = await client.raw({ name: 'settings.image', path, accept: 'image/png,image/jpeg', signal, auth: Boolean(own) });
      const type = res.headers.get('content-type') ?? '';
      if (type !== 'image/png' && type !== 'image/jpeg') {
        res.release();
        throw invalid('settings.image', 'not a PNG or JPEG');
      }
      return new Blob([await readBlob('settings.image', res)], { type });
    },
    async paymentSetup(signal) {
      const [config, methods] = await Promise.all([
        checkout.data({ name: 'settings.paymentConfig', path: '/payment-config', schema: paymentConfigSchema, signal }),
        checkout.data({ name: 'settings.paymentMethods', path: '/payment-method', schema: paymentMethodsSchema, signal }),
      ]);
      const ewalletData = config.find((g) => g.group === 'ewallet')?.data as
        { url: string; access_key: string; secret_key: string; partner_code: string } | undefined;
      const qrData = config.find((g) => g.group === 'qr')?.data as { channel_id: string } | undefined;
      const ewallet = methods.payment_method.find((m) => m.group === 'ewallet');
      const qr = methods.payment_method.find((m) => m.group === 'qr');
      if (!ewallet || !qr) throw invalid('settings.paymentMethods', 'the e-wallet or QR method is missing');
      return {
        redirectUrl: methods.endpoint.redirect_url,
        cancelUrl: methods.endpoint.cancel_url,
        ipnUrl: methods.endpoint.ipn_url,
        ewallet: {
          id: ewallet.id,
          active: ewallet.active,
          url: ewalletData?.url ?? '',
          accessKeyMask: ewalletData?.access_key ?? '',
          secretKeyMask: ewalletData?.secret_key ?? '',
          partnerCode: ewalletData?.partner_code ?? '',
        },
        qr: { id: qr.id, active: qr.active, channelId: qrData?.channel_id ?? '' },
      };
    },
    async savePaymentSetup(body, signal) {
      await checkout.data({
        name: 'settings.savePaymentSetup',
        method: 'POST',
        path: '/payment-method',
        body: { ...body },
        schema: paymentSavedSchema,
        signal,
      });
    },
    uiCustom: (signal) =>
      checkout.data({ name: 'settings.uiCustom', path: '/ui_custom/detail', schema: uiCustomSchema.nullable(), signal }),
    saveUiCustom: (body, signal) =>
      checkout.data({
        name: 'settings.saveUiCustom',
        method: 'POST',
        path: '/ui_custom/create_update',
        body: { ...body },
        schema: uiCustomSchema,
        signal,
      }),
    defaultImages: (signal) =>
      checkout.data({ name: 'settings.defaultImages', path: '/ui_custom/default_image', schema: defaultImagesSchema, signal }),
  };
}
