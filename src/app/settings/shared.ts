import { createSettingsActors, createSettingsApi, type SettingsActors, type SettingsApi } from '../../services/settings';
import { notify } from '../shared/notify';
import { getRuntime } from '../shared/runtime';
import { ePaymentSetupMachine } from '../../machines/settings/ePaymentSetup.machine';
import { OWN_CODES } from '../../screens/settings/parts';

/** One api and one set of actors per page load, for /sale-setting and /e-order. */
let api: SettingsApi | null = null;
let actors: SettingsActors | null = null;
export function settingsApi(): SettingsApi {
  const { clients } = getRuntime();
  api ??= createSettingsApi(clients.sale, clients.checkout);
  return api;
}
export function settingsActors(): SettingsActors {
  actors ??= createSettingsActors(settingsApi());
  return actors;
}

/** Codes the settings area words itself (OWN_CODES); the rest come from the shared catalogue (core §8). */
export function notifyFailure(title: string, code: string): void {
  if (OWN_CODES.has(code)) notify.failureText({ title, message: `settings:codes.${code}` });
  else notify.failure(title, code);
}

/** The e-order form's machine with its calls and toasts: the same on /e-order and in the payment setting tab. */
export function ePaymentSetupLogic() {
  const { loadPaymentSetup, savePaymentSetup } = settingsActors();
  return ePaymentSetupMachine.provide({
    actors: { loadPaymentSetup, savePaymentSetup },
    actions: {
      // doc 2 §8: "Updated payment method success".
      notifySaved: () => notify.success({ title: 'settings:payment.saved' }),
      // doc 2 §8 only logs a failure; the merchant is told (D163).
      notifySaveFailed: (_, params) => notifyFailure('settings:payment.saveFailed', params.code),
    },
  });
}
