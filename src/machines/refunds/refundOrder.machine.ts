import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { APPROVAL_REQUIRED } from '../../rules/approvals';
import { outcomeUnknown } from '../../rules/idempotency';
import { approvalGateMachine, type ApprovalGateOutput } from '../approvals';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { Refund, Refundable, RefundRequest } from '../../services/refunds/schemas';
import type { FormFieldEvent, FormState } from '../shared/form/form';
import {
  chosenLines,
  clampQuantity,
  EMPTY_REFUND_FORM,
  refundAmount,
  refundFormKit,
  type RefundField,
  type RefundForm,
} from './refundForm';

/**
 * Refunding a paid order (D305), on /sale-refund/{invoice id}: what is left to give back is loaded,
 * the whole order or some lines are chosen with a reason, and one refund is sent with this intent's
 * Idempotency-Key. While it is sent the form is read-only and a second Refund is not handled. An
 * answer lost (a time-out, a dropped connection, a 5xx) keeps the key and the form, so pressing Refund
 * again sends the same key and the service answers with the refund it made, never a second one; a
 * refusal (4xx) is definite: the key is forgotten and what is left is read again. A card refund waits
 * for the terminal and a QR or link refund for the bank: the service's refund_updated event (or a
 * reconnection that may have missed it) reads the order again, so the screen follows their answer.
 * A staff member refused APPROVAL_REQUIRED (D310, D311) goes to the owner's approval step (`approve`,
 * the approvals area's machine, as in the void dialog): the owner's PIN on this screen, or a request
 * to the owner's bell; done → the refund it made is shown; cancelled or failed → back to the form,
 * everything chosen kept. The approved refund is sent under the intent's key (D316).
 */

export interface RefundOrderContext {
  invoiceId: number;
  refundable: Refundable | null;
  loadError: string | null;
  form: FormState<RefundForm, RefundField>;
  /** The refund this screen just made (its state follows the terminal's or bank's answer). */
  last: Refund | null;
}

export type RefundOrderEvent =
  | FormFieldEvent<RefundForm>
  | { type: 'LINE.SET'; itemId: number; quantity: number }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'AGAIN' }
  | { type: 'REFUND.UPDATED' }
  | { type: 'PRINT' };

/** What the refund receipt is printed from: the refund and the order as last read. */
export interface RefundPrintInput {
  refund: Refund;
  refundable: Refundable;
}

export const refundRequest = (c: RefundOrderContext): RefundRequest => {
  const { scope, reason, note } = c.form.values;
  const base = { invoiceId: c.invoiceId, reason: reason as Exclude<typeof reason, ''>, note };
  return scope === 'full' ? { ...base, full: true } : { ...base, full: false, lines: chosenLines(c.form.values) };
};

/** The refundable state a read answered, for the guard and the action that take it. */
const loadedRefundable = ({ event }: { event: { output: Refundable } }) => ({ refundable: event.output });

/**
 * Where a read of what is left leads, from the first load and from a refresh alike: settled when
 * nothing is left to give back, else the form with the figures read (the form's lines kept, clamped).
 */
const afterLoad = () => [
  {
    guard: { type: 'nothingLeft' as const, params: loadedRefundable },
    target: 'settled' as const,
    actions: { type: 'assignRefundable' as const, params: loadedRefundable },
  },
  { target: 'editing' as const, actions: { type: 'assignRefundable' as const, params: loadedRefundable } },
];

export const refundOrderMachine = setup({
  types: {
    context: {} as RefundOrderContext,
    events: {} as RefundOrderEvent,
    input: {} as { invoiceId: number },
    tags: {} as 'loading' | 'busy' | 'printing' | 'approval',
  },
  actors: {
    loadRefundable: fromPromise<Refundable, { invoiceId: number }>(async () => {
      throw notProvided('loadRefundable');
    }),
    sendRefund: fromPromise<Refund, RefundRequest>(async () => {
      throw notProvided('sendRefund');
    }),
    watchRefunds: fromCallback<EventObject, { invoiceId: number }>(() => () => {}),
    printRefundReceipt: fromPromise<void, RefundPrintInput>(async () => {
      throw notProvided('printRefundReceipt');
    }),
    // The approvals area's step (D310); the app provides it with this refund as the gated call.
    approve: approvalGateMachine,
  },
  actions: {
    /** Ends this intent's key after a definite answer (src/app plugs the session slot in). */
    forgetKey: (_, _params: { invoiceId: number }) => {},
    /** Says the receipt did not print (src/app plugs the notifications in); the refund itself stands. */
    notifyPrintFailed: (_, _params: { error: unknown }) => {},
    assignRefundable: assign(({ context }, params: { refundable: Refundable }) => {
      const last = context.last ? (params.refundable.refunds.find((r) => r.id === context.last!.id) ?? context.last) : null;
      // Quantities chosen stay, each within what is now left of its line.
      const lines = Object.fromEntries(
        Object.entries(context.form.values.lines).map(([id, q]) => [
          id,
          Math.max(0, Math.min(q, params.refundable.lines.find((l) => String(l.item_id) === id)?.refundable ?? 0)),
        ]),
      );
      return { refundable: params.refundable, loadError: null, last, form: { ...context.form, values: { ...context.form.values, lines } } };
    }),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    changeField: assign(({ context }, params: { event: Extract<RefundOrderEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: refundFormKit.change(context.form, params.event.field, params.event.value),
    })),
    blurField: assign(({ context }, params: { field: RefundField }) => ({ form: refundFormKit.blur(context.form, params.field) })),
    setLine: assign(({ context }, params: { itemId: number; quantity: number }) => ({
      form: refundFormKit.change(context.form, 'lines', {
        ...context.form.values.lines,
        [String(params.itemId)]: clampQuantity(context.refundable, params.itemId, params.quantity),
      }),
    })),
    refuse: assign(({ context }) => ({ form: refundFormKit.refuse(context.form) })),
    saving: assign(({ context }) => ({ form: refundFormKit.saving(context.form) })),
    saveFailed: assign(({ context }, params: { error: unknown }) => ({ form: refundFormKit.failed(context.form, params.error) })),
    assignRefund: assign((_, params: { refund: Refund }) => ({ last: params.refund })),
    startOver: assign(() => ({ form: refundFormKit.initial(EMPTY_REFUND_FORM), last: null })),
  },
  guards: {
    nothingLeft: (_, params: { refundable: Refundable }) => params.refundable.refundable_amount === 0,
    canSend: ({ context }) => refundFormKit.valid(context.form.values) && refundAmount(context.refundable, context.form.values) > 0,
    answerLost: (_, params: { error: unknown }) => outcomeUnknown(params.error),
    needsApproval: (_, params: { error: unknown }) => errorCode(params.error) === APPROVAL_REQUIRED,
    approved: (_, params: { output: ApprovalGateOutput }) => params.output.done,
    somethingLeft: ({ context }) => (context.refundable?.refundable_amount ?? 0) > 0,
    // Only money that went back has a receipt; a waiting card or bank refund prints once it succeeds.
    printable: ({ context }) => context.last?.status === 'SUCCESS' && context.refundable !== null,
  },
}).createMachine({
  id: 'refundOrder',
  context: ({ input }) => ({
    invoiceId: input.invoiceId,
    refundable: null,
    loadError: null,
    form: refundFormKit.initial(EMPTY_REFUND_FORM),
    last: null,
  }),
  invoke: { id: 'watchRefunds', src: 'watchRefunds', input: ({ context }) => ({ invoiceId: context.invoiceId }) },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadRefundable',
        src: 'loadRefundable',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: afterLoad(),
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        'LINE.SET': { actions: { type: 'setLine', params: ({ event }) => ({ itemId: event.itemId, quantity: event.quantity }) } },
        SUBMIT: [{ guard: 'canSend', target: 'submitting', actions: 'saving' }, { actions: 'refuse' }],
        'REFUND.UPDATED': 'refreshing',
      },
    },
    // Read again after the terminal, the bank or a refusal moved what is left; the form stays.
    refreshing: {
      tags: ['loading'],
      invoke: {
        id: 'loadRefundable',
        src: 'loadRefundable',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: afterLoad(),
        onError: 'editing',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'sendRefund',
        src: 'sendRefund',
        input: ({ context }) => refundRequest(context),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignRefund', params: ({ event }) => ({ refund: event.output }) },
            { type: 'forgetKey', params: ({ context }) => ({ invoiceId: context.invoiceId }) },
          ],
        },
        onError: [
          // A staff member's refund waits for the owner (D310); that answer ends this key (it holds the refusal).
          {
            guard: { type: 'needsApproval', params: ({ event }) => ({ error: event.error }) },
            target: 'approval',
            actions: { type: 'forgetKey', params: ({ context }) => ({ invoiceId: context.invoiceId }) },
          },
          // The answer was lost: the key stays, Refund again asks the same refund.
          {
            guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'refreshing',
            actions: [
              { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'forgetKey', params: ({ context }) => ({ invoiceId: context.invoiceId }) },
            ],
          },
        ],
      },
    },
    approval: {
      tags: ['approval'],
      description: 'A staff member’s refund waits for the owner: the PIN here, or a request in the bell (D310).',
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ subject: refundRequest(context) }),
        onDone: [
          {
            guard: { type: 'approved', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: [
              { type: 'assignRefund', params: ({ event }) => ({ refund: (event.output as { result: Refund }).result }) },
              { type: 'forgetKey', params: ({ context }) => ({ invoiceId: context.invoiceId }) },
            ],
          },
          // Back to the form with everything chosen; what is left is read again.
          { target: 'refreshing' },
        ],
        onError: { target: 'refreshing', actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      initial: 'reloading',
      on: { AGAIN: { guard: 'somethingLeft', target: 'editing', actions: 'startOver' } },
      states: {
        reloading: {
          tags: ['loading'],
          invoke: {
            id: 'loadRefundable',
            src: 'loadRefundable',
            input: ({ context }) => ({ invoiceId: context.invoiceId }),
            onDone: { target: 'shown', actions: { type: 'assignRefundable', params: loadedRefundable } },
            onError: 'shown',
          },
        },
        shown: { on: { 'REFUND.UPDATED': 'reloading', PRINT: { guard: 'printable', target: 'printing' } } },
        // The refund receipt on 80 mm through the shared receipt printer (issue 27 §1).
        printing: {
          tags: ['printing'],
          invoke: {
            id: 'printRefundReceipt',
            src: 'printRefundReceipt',
            input: ({ context }) => ({ refund: context.last!, refundable: context.refundable! }),
            onDone: 'shown',
            onError: { target: 'shown', actions: { type: 'notifyPrintFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    // Everything paid is refunded or waiting on the terminal or bank; a decline frees it again.
    settled: { on: { 'REFUND.UPDATED': 'loading' } },
  },
});
