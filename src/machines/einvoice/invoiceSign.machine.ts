import { assign, fromPromise, setup } from 'xstate';
import type { EinvoiceListRow, InvoiceSignInput } from '../../services/einvoice/list/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The sign confirmation of /e-invoice (doc 2 §4 "Signing rules": "Do you want to sign this invoice and
 * send it to CQT?", then the call; success gives a toast, closes the popup and refetches; anything
 * else gives a system-failure toast; §8 "Sign failure: system_fail toast"). Only offered for a row
 * the provider's rule lets sign (the list checks). A refusal by the provider (EINV_SIGN_REFUSED: the
 * invoice was signed or sent meanwhile) also refetches, so the row shows where it is now (D204).
 */

export interface InvoiceSignContext {
  row: EinvoiceListRow;
  errorCode: string | null;
  signed: boolean;
}

export type InvoiceSignEvent = { type: 'CONFIRM' } | { type: 'CANCEL' };

export interface InvoiceSignOutput {
  signed: boolean;
  /** The row changed on the provider's side: the list reloads. */
  refresh: boolean;
}

export const SIGN_REFUSED = 'EINV_SIGN_REFUSED';

export const invoiceSignMachine = setup({
  types: {
    context: {} as InvoiceSignContext,
    events: {} as InvoiceSignEvent,
    input: {} as InvoiceSignInput,
    output: {} as InvoiceSignOutput,
    tags: {} as 'confirming' | 'busy',
  },
  actors: {
    signInvoice: fromPromise<void, { row: EinvoiceListRow }>(async () => {
      throw notProvided('signInvoice');
    }),
  },
  actions: {
    setSigned: assign({ signed: true, errorCode: null }),
    setError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    // Provided by the app: the toasts.
    notifySigned: (_, _params: { row: EinvoiceListRow }) => {},
    notifySignFailed: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'invoiceSign',
  context: ({ input }) => ({ row: input.row, errorCode: null, signed: false }),
  initial: 'confirming',
  states: {
    confirming: {
      tags: ['confirming'],
      description: '"Do you want to sign this invoice and send it to CQT?" with Cancel and Sign.',
      on: { CONFIRM: { target: 'signing' }, CANCEL: { target: 'cancelled' } },
    },
    signing: {
      tags: ['confirming', 'busy'],
      description: "The provider's sign (and send) call; the dialog's buttons are disabled.",
      invoke: {
        id: 'signInvoice',
        src: 'signInvoice',
        input: ({ context }) => ({ row: context.row }),
        onDone: { target: 'signed', actions: ['setSigned', { type: 'notifySigned', params: ({ context }) => ({ row: context.row }) }] },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ code: errorCode(event.error) }) },
            { type: 'notifySignFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    signed: { type: 'final', description: 'Success toast; the popup closes and the list reloads.' },
    failed: { type: 'final', description: 'System-failure toast; the popup closes.' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ signed: context.signed, refresh: context.signed || context.errorCode === SIGN_REFUSED }),
});
