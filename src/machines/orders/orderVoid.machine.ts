import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '../../rules/idempotency';
import { voidProblem, VOID_NOTE_MAX, type VoidReason } from '../../rules/orderVoid';
import { APPROVAL_REQUIRED } from '../../rules/approvals';
import { approvalGateMachine } from '../approvals';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { OrderDetail } from '../../services/orders/schemas';

/**
 * Voiding an unpaid order from /sale-order/{order_id} (D301): "Void order" opens the dialog
 * (confirming), the reason is required and OTHER needs a few words; SUBMIT sends PUT /order/void with
 * the attempt's Idempotency-Key (voiding); a second click meanwhile has nowhere to go. Done → voided
 * (the route reads the order again and shows who voided it, when and why). A failure keeps the reason
 * and the note typed: RETRY sends the same attempt with the same key, so a lost answer never voids
 * twice; changing the reason after a failure is a new attempt with a new key. An order found voided
 * already (409 ORDER_VOIDED: another tab, or the lost answer of this one) is voided. A staff member
 * refused APPROVAL_REQUIRED (D310, D311) goes to the owner's approval step (`approve`, the approvals
 * area's machine): done → voided; cancelled → back to the dialog with the reason kept and a new key.
 */

export interface OrderVoidInput {
  orderId: number;
}

export interface VoidOrderInput {
  orderId: number;
  reason: VoidReason;
  note: string;
  key: string;
}

export interface OrderVoidContext {
  orderId: number;
  reason: VoidReason | null;
  note: string;
  /** Whether the reason's problems are shown (after a refused SUBMIT). */
  showErrors: boolean;
  /** The attempt's Idempotency-Key: kept for a retry, new once the reason or note changes. */
  key: string;
  error: string | null;
}

export type OrderVoidEvent =
  | { type: 'OPEN' }
  | { type: 'CANCEL' }
  | { type: 'REASON.SET'; reason: VoidReason }
  | { type: 'NOTE.SET'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export const orderVoidSetup = setup({
  types: {
    context: {} as OrderVoidContext,
    input: {} as OrderVoidInput,
    events: {} as OrderVoidEvent,
    tags: {} as 'open' | 'voiding' | 'voidFailed' | 'voided' | 'approval',
  },
  actors: {
    voidOrder: fromPromise<OrderDetail, VoidOrderInput>(async () => {
      throw notProvided('voidOrder');
    }),
    // The approvals area's step (D310); the app provides it with this void as the gated call.
    approve: approvalGateMachine,
  },
  actions: {
    reset: assign({ reason: null, note: '', showErrors: false, error: null, key: () => newIdempotencyKey('void') }),
    setReason: assign((_, p: { reason: VoidReason }) => ({ reason: p.reason, error: null })),
    // The note's limit is the service's; nothing typed beyond it is kept, so nothing is silently cut later.
    setNote: assign((_, p: { value: string }) => ({ note: p.value.slice(0, VOID_NOTE_MAX + 1), error: null })),
    showErrors: assign({ showErrors: true }),
    renewKey: assign({ key: () => newIdempotencyKey('void') }),
    setError: assign((_, p: { error: unknown }) => ({ error: errorCode(p.error) })),
    // Provided by the app: the toast and reading the order again.
    notifyVoided: () => {},
  },
  guards: {
    valid: ({ context }) => voidProblem(context.reason, context.note) === null,
    alreadyVoided: (_, p: { error: unknown }) => errorCode(p.error) === 'ORDER_VOIDED',
    needsApproval: (_, p: { error: unknown }) => errorCode(p.error) === APPROVAL_REQUIRED,
    approved: (_, p: { output: { done: boolean } }) => p.output.done,
  },
});

export const orderVoidMachine = orderVoidSetup.createMachine({
  id: 'orderVoid',
  context: ({ input }) => ({
    orderId: input.orderId,
    reason: null,
    note: '',
    showErrors: false,
    key: newIdempotencyKey('void'),
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { OPEN: { target: 'confirming', actions: 'reset' } },
    },
    confirming: {
      tags: ['open'],
      description: 'The dialog: a reason (required) and a note (required for OTHER, at most 200 characters).',
      on: {
        'REASON.SET': {
          target: 'confirming',
          actions: [{ type: 'setReason', params: ({ event }) => ({ reason: event.reason }) }, 'renewKey'],
        },
        'NOTE.SET': { target: 'confirming', actions: [{ type: 'setNote', params: ({ event }) => ({ value: event.value }) }, 'renewKey'] },
        CANCEL: { target: 'idle' },
        SUBMIT: [{ guard: 'valid', target: 'voiding' }, { actions: 'showErrors' }],
      },
    },
    voiding: {
      tags: ['open', 'voiding'],
      description: 'PUT /order/void with the attempt’s Idempotency-Key; the dialog’s controls wait.',
      invoke: {
        id: 'voidOrder',
        src: 'voidOrder',
        input: ({ context }) => ({ orderId: context.orderId, reason: context.reason!, note: context.note.trim(), key: context.key }),
        onDone: { target: 'voided', actions: 'notifyVoided' },
        onError: [
          { guard: { type: 'alreadyVoided', params: ({ event }) => ({ error: event.error }) }, target: 'voided', actions: 'notifyVoided' },
          { guard: { type: 'needsApproval', params: ({ event }) => ({ error: event.error }) }, target: 'approval' },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    approval: {
      tags: ['open', 'approval'],
      description: 'A staff member’s void waits for the owner: the PIN here, or a request in the bell (D310).',
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ subject: { orderId: context.orderId, reason: context.reason!, note: context.note.trim() } }),
        onDone: [
          { guard: { type: 'approved', params: ({ event }) => ({ output: event.output }) }, target: 'voided', actions: 'notifyVoided' },
          { target: 'confirming', actions: 'renewKey' },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['open', 'voidFailed'],
      description: 'Why it failed, with the reason and note kept; RETRY sends the same attempt.',
      on: {
        'REASON.SET': {
          target: 'confirming',
          actions: [{ type: 'setReason', params: ({ event }) => ({ reason: event.reason }) }, 'renewKey'],
        },
        'NOTE.SET': { target: 'confirming', actions: [{ type: 'setNote', params: ({ event }) => ({ value: event.value }) }, 'renewKey'] },
        RETRY: { target: 'voiding' },
        CANCEL: { target: 'idle' },
      },
    },
    voided: {
      type: 'final',
      tags: ['voided'],
    },
  },
});
