import { outcomeUnknown } from '../../rules/idempotency';
import { assign, fromPromise, setup } from 'xstate';
import { paymentSchema, type Payment, type PaymentMethod } from '../../services/orderpayment/schemas';
import { notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';
import { canCompleteCash, changeFor, cleanReceived, paidByOther, receivedAmount } from './rules';

/**
 * Cash for one order (doc 2 §4 Cash, §5, §9): the cashier types what the guest handed over (digits, at
 * most 13), the change is received − total and unknown below the total; Complete only when received ≥
 * total. Never twice: the `payCash` actor sends this intent's Idempotency-Key (kept across retries,
 * double clicks and reloads); the key is forgotten only after a definite outcome (paid, or refused by
 * the service). An answer that never came is not a failure: the order's payments are looked up first,
 * and only if none succeeded is a retry offered, with the same key and the same amount.
 *
 * The amount received is the shared form (../shared/form/form.ts, D283): FIELD.CHANGE {field:
 * 'received'}, kept as its digits; the payment's refusal is the form's `saveError`, gone once the
 * amount is edited. Whether it is enough reads the order's total, so that check stays the machine's
 * own (`canComplete`); the form has no rule of its own and says nothing on leaving the field.
 */

export interface CashValues {
  /** Digits only. */
  received: string;
}

export const cashFormKit = defineForm<CashValues, 'received', never>({ rules: { received: () => null } });

export interface CashPaymentInput {
  orderId: number;
  invoiceId: number;
  total: number;
  merchantId: string;
}

export interface CashPaymentContext extends CashPaymentInput {
  /** What the guest handed over; `saveError` is why the last payment was refused. */
  form: FormState<CashValues>;
  payment: Payment | null;
}

export interface PayCashInput {
  orderId: number;
  invoiceId: number;
  receiveAmount: number;
  returnAmount: number;
  merchantId: string;
}

export interface WayOutput {
  /** null: the order turned out paid, by a way this screen did not see. */
  method: PaymentMethod | null;
}

export type CashPaymentEvent = FormFieldEvent<CashValues> | { type: 'PAY' } | { type: 'RETRY' };

const parsePayment = (value: unknown): Payment | null => {
  const parsed = paymentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const succeeded = (payments: readonly Payment[]): Payment | null => payments.find((payment) => payment.status === 'SUCCESS') ?? null;

export const cashPaymentMachine = setup({
  types: {
    context: {} as CashPaymentContext,
    events: {} as CashPaymentEvent,
    input: {} as CashPaymentInput,
    output: {} as WayOutput,
    tags: {} as 'busy' | 'uncertain' | 'error',
  },
  actors: {
    payCash: fromPromise<Payment, PayCashInput>(async () => {
      throw notProvided('payCash');
    }),
    findPayments: fromPromise<Payment[], { invoiceId: number }>(async () => {
      throw notProvided('findPayments');
    }),
  },
  actions: {
    changeField: assign(({ context }, params: { value: string }) => ({
      form: cashFormKit.change(context.form, 'received', cleanReceived(params.value)),
    })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ form: cashFormKit.failed(context.form, params.error) })),
    assignPayment: assign(({ context }, params: { payment: Payment | null }) => ({
      payment: params.payment,
      form: { ...context.form, saveError: null },
    })),
    /** The route drops this intent's Idempotency-Key: the next Complete is a new attempt. */
    forgetIntent: (_, _params: { orderId: number }) => {},
  },
  guards: {
    canComplete: ({ context }) => canCompleteCash(context.form.values.received, context.total),
    paidByOther: (_, params: { error: unknown }) => paidByOther(params.error, parsePayment) !== null,
    answerLost: (_, params: { error: unknown }) => outcomeUnknown(params.error),
    hasSuccess: (_, params: { payments: readonly Payment[] }) => succeeded(params.payments) !== null,
  },
}).createMachine({
  id: 'cashPayment',
  context: ({ input }) => ({ ...input, form: cashFormKit.initial({ received: '' }), payment: null }),
  initial: 'editing',
  output: ({ context }) => ({ method: context.payment ? context.payment.method : null }),
  states: {
    editing: {
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ value: event.value }) } },
        PAY: { guard: 'canComplete', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      // A second click lands here and is ignored: one intent, one call in flight.
      invoke: {
        id: 'payCash',
        src: 'payCash',
        input: ({ context }) => ({
          orderId: context.orderId,
          invoiceId: context.invoiceId,
          receiveAmount: receivedAmount(context.form.values.received) ?? 0,
          returnAmount: changeFor(context.form.values.received, context.total) ?? 0,
          merchantId: context.merchantId,
        }),
        onDone: {
          target: 'paid',
          actions: [
            { type: 'assignPayment', params: ({ event }) => ({ payment: event.output }) },
            { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
          ],
        },
        onError: [
          {
            guard: { type: 'paidByOther', params: ({ event }) => ({ error: event.error }) },
            target: 'paid',
            actions: [
              { type: 'assignPayment', params: ({ event }) => ({ payment: paidByOther(event.error, parsePayment) }) },
              { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
            ],
          },
          { guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) }, target: 'checking' },
          {
            target: 'editing',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
            ],
          },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'findPayments',
        src: 'findPayments',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: [
          {
            guard: { type: 'hasSuccess', params: ({ event }) => ({ payments: event.output }) },
            target: 'paid',
            actions: [
              { type: 'assignPayment', params: ({ event }) => ({ payment: succeeded(event.output) }) },
              { type: 'forgetIntent', params: ({ context }) => ({ orderId: context.orderId }) },
            ],
          },
          { target: 'uncertain' },
        ],
        onError: { target: 'uncertain' },
      },
    },
    uncertain: {
      // The amount is locked: a retry must send the very same request under the same key.
      tags: ['uncertain'],
      on: { RETRY: 'submitting' },
    },
    paid: { type: 'final' },
  },
});
