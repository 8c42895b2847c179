import { fromPromise } from 'xstate';
import type { SettingsApi } from './api';
import type { PaymentSetup, PaymentSetupBody, SaasImageKind, SaleMerchant, SaleMerchantPatch, UiCustom, UiCustomLoad } from './schemas';

/**
 * Implementations of the settings machines' actors for `machine.provide({ actors })` in src/app.
 * Each request stops when the machine stops the actor (leaving the page, another tab).
 */
export function createSettingsActors(api: SettingsApi) {
  return {
    loadMerchant: fromPromise<SaleMerchant, void>(({ signal }) => api.merchant(signal)),
    saveMerchant: fromPromise<SaleMerchant, SaleMerchantPatch>(({ input, signal }) => api.saveMerchant(input, signal)),
    uploadImage: fromPromise<string, { kind: SaasImageKind; file: Blob }>(({ input, signal }) =>
      api.uploadImage(input.kind, input.file, signal),
    ),
    loadPaymentSetup: fromPromise<PaymentSetup, void>(({ signal }) => api.paymentSetup(signal)),
    savePaymentSetup: fromPromise<void, PaymentSetupBody>(({ input, signal }) => api.savePaymentSetup(input, signal)),
    loadUiCustom: fromPromise<UiCustomLoad, void>(async ({ signal }) => {
      const [ui, defaults] = await Promise.all([api.uiCustom(signal), api.defaultImages(signal)]);
      return { ui, defaults };
    }),
    saveUiCustom: fromPromise<UiCustom, UiCustom>(({ input, signal }) => api.saveUiCustom(input, signal)),
  };
}

export type SettingsActors = ReturnType<typeof createSettingsActors>;
