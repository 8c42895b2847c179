import { notify } from '../shared/notify';
import { ePaymentSetupMachine } from '../../machines/settings/ePaymentSetup.machine';
import { OWN_CODES } from '../../screens/settings/parts';
import type { SettingsWiring } from './actors';

/** Codes the settings area words itself (OWN_CODES); the rest come from the shared catalogue (core §8). */
export function notifyFailure(title: string, code: string): void {
  if (OWN_CODES.has(code)) notify.failureText({ title, message: `settings:codes.${code}` });
  else notify.failure(title, code);
}

/** The e-order form's machine with its calls and toasts: the same on /e-order and in the payment setting tab. */
export function ePaymentSetupLogic({ loadPaymentSetup, savePaymentSetup }: SettingsWiring) {
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
