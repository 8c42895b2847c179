import { assign, fromPromise, setup } from 'xstate';
import { approvalPinProblem } from '../../rules/approvals';
import { errorCode, errorDataNumber, notProvided } from '../../rules/serviceError';
import type { Approval, ApprovalFields, PinState } from '../../services/approvals/schemas';

/**
 * The owner's approval of a staff member's void or refund, on the staff member's screen (D310). The
 * gated flow (the void dialog, the refund page) invokes it when the service answers
 * APPROVAL_REQUIRED (D311), with its request as an opaque `subject` it hands back to `perform`. Two
 * ways: the owner types the PIN here (`perform` with the PIN: the service checks it and carries the
 * action out in the same call), or the staff member asks (`ask`: a pending request in the owner's
 * bell), then the request is read every few seconds until the owner decides; approved, `perform`
 * carries it out with the request's id. The PIN can still be typed while waiting. A wrong PIN clears
 * the field and says how many tries are left; a locked PIN says so. Done → output `{done: true,
 * result}` (what `perform` answered: the refund page shows the refund made, D316); CANCEL →
 * `{done: false}` and the gated flow goes back to its form, nothing typed lost.
 */

export interface ApprovalGateInput {
  subject: unknown;
}

export interface ApprovalGateContext {
  subject: unknown;
  pin: string;
  pinSet: boolean;
  showErrors: boolean;
  approval: Approval | null;
  error: string | null;
  attemptsLeft: number | null;
  /** What the carried-out action answered (the void's order, the refund made). */
  result: unknown;
}

export type ApprovalGateEvent =
  { type: 'PIN.SET'; value: string } | { type: 'PIN.SUBMIT' } | { type: 'ASK' } | { type: 'CANCEL' } | { type: 'RETRY' };

export interface PerformInput {
  subject: unknown;
  fields: ApprovalFields;
}

export type ApprovalGateOutput = { done: true; result: unknown } | { done: false };

/** How often the waiting screen reads the request again (a poll: D310). */
export const APPROVAL_POLL_MS = 3000;

export const approvalGateSetup = setup({
  types: {
    context: {} as ApprovalGateContext,
    input: {} as ApprovalGateInput,
    events: {} as ApprovalGateEvent,
    output: {} as ApprovalGateOutput,
    tags: {} as 'busy' | 'waiting' | 'declined' | 'failed',
  },
  actors: {
    loadPinState: fromPromise<PinState, void>(async () => {
      throw notProvided('loadPinState');
    }),
    perform: fromPromise<unknown, PerformInput>(async () => {
      throw notProvided('perform');
    }),
    ask: fromPromise<Approval, { subject: unknown }>(async () => {
      throw notProvided('ask');
    }),
    readApproval: fromPromise<Approval, { approvalId: number }>(async () => {
      throw notProvided('readApproval');
    }),
  },
  delays: { poll: APPROVAL_POLL_MS },
  actions: {
    setPin: assign((_, p: { value: string }) => ({ pin: p.value.replace(/\D/g, '').slice(0, 6), error: null })),
    showErrors: assign({ showErrors: true }),
    setPinState: assign((_, p: { state: PinState }) => ({ pinSet: p.state.is_set })),
    setApproval: assign((_, p: { approval: Approval }) => ({ approval: p.approval, error: null })),
    setError: assign((_, p: { error: unknown }) => ({
      error: errorCode(p.error),
      attemptsLeft: errorDataNumber(p.error, 'attempts_left'),
      pin: '',
      showErrors: false,
    })),
    clearApproval: assign({ approval: null }),
    setResult: assign((_, p: { result: unknown }) => ({ result: p.result })),
  },
  guards: {
    pinValid: ({ context }) => approvalPinProblem(context.pin) === null,
    approved: (_, p: { approval: Approval }) => p.approval.status === 'APPROVED',
    declined: (_, p: { approval: Approval }) => p.approval.status !== 'PENDING',
    waitingForOwner: ({ context }) => context.approval !== null,
  },
});

const typing = {
  'PIN.SET': { actions: { type: 'setPin', params: ({ event }: { event: { value: string } }) => ({ value: event.value }) } },
  CANCEL: { target: '#approvalGate.cancelled' },
} as const;

export const approvalGateMachine = approvalGateSetup.createMachine({
  id: 'approvalGate',
  // The machine's output is the root's (XState v5): without it the gated flow's done event carried
  // nothing, so the final states' outputs are handed on here.
  output: ({ event }) => event.output as ApprovalGateOutput,
  context: ({ input }) => ({
    subject: input.subject,
    pin: '',
    pinSet: true,
    showErrors: false,
    approval: null,
    error: null,
    attemptsLeft: null,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: 'GET /approval/pin: whether the owner has a PIN to type here (without one, only asking).',
      invoke: {
        id: 'loadPinState',
        src: 'loadPinState',
        onDone: { target: 'choosing', actions: { type: 'setPinState', params: ({ event }) => ({ state: event.output }) } },
        // Unknown: offer both; the service answers APPROVAL_PIN_NOT_SET if there is none.
        onError: { target: 'choosing' },
      },
    },
    choosing: {
      description: 'The owner types the PIN here, or the staff member asks the owner through the bell.',
      on: {
        ...typing,
        'PIN.SUBMIT': [{ guard: 'pinValid', target: 'checkingPin' }, { actions: 'showErrors' }],
        ASK: { target: 'asking' },
      },
    },
    checkingPin: {
      tags: ['busy'],
      description: 'The gated call with the PIN (and the pending request, if any): approved and carried out at once.',
      invoke: {
        id: 'performWithPin',
        src: 'perform',
        input: ({ context }) => ({
          subject: context.subject,
          fields: context.approval
            ? { approval_pin: context.pin, approval_id: context.approval.approval_id }
            : { approval_pin: context.pin },
        }),
        onDone: { target: 'done', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          { guard: 'waitingForOwner', target: 'waiting', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'choosing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    asking: {
      tags: ['busy'],
      description: 'The gated call with approval_request: a pending request and a notification in the owner’s bell.',
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => ({ subject: context.subject }),
        onDone: { target: 'waiting', actions: { type: 'setApproval', params: ({ event }) => ({ approval: event.output }) } },
        onError: { target: 'choosing', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    waiting: {
      tags: ['waiting'],
      description: 'Waiting for the owner’s answer from the bell; the PIN can still be typed here.',
      after: { poll: { target: 'reading' } },
      on: { ...typing, 'PIN.SUBMIT': [{ guard: 'pinValid', target: 'checkingPin' }, { actions: 'showErrors' }] },
    },
    reading: {
      tags: ['waiting'],
      description: 'GET /approval/{id}: approved → carried out; declined → said so; still pending → wait again.',
      invoke: {
        id: 'readApproval',
        src: 'readApproval',
        input: ({ context }) => ({ approvalId: context.approval!.approval_id }),
        onDone: [
          {
            guard: { type: 'approved', params: ({ event }) => ({ approval: event.output }) },
            target: 'performing',
            actions: { type: 'setApproval', params: ({ event }) => ({ approval: event.output }) },
          },
          {
            guard: { type: 'declined', params: ({ event }) => ({ approval: event.output }) },
            target: 'declined',
            actions: { type: 'setApproval', params: ({ event }) => ({ approval: event.output }) },
          },
          { target: 'waiting', actions: { type: 'setApproval', params: ({ event }) => ({ approval: event.output }) } },
        ],
        // A lost answer: read again after the next pause.
        onError: { target: 'waiting' },
      },
      on: typing,
    },
    performing: {
      tags: ['busy'],
      description: 'The gated call with the approved request’s id: carried out once.',
      invoke: {
        id: 'performApproved',
        src: 'perform',
        input: ({ context }) => ({ subject: context.subject, fields: { approval_id: context.approval!.approval_id } }),
        onDone: { target: 'done', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'The approved action failed (a lost answer, or the order changed): try again, or go back.',
      on: { RETRY: { target: 'performing' }, CANCEL: { target: 'cancelled' } },
    },
    declined: {
      tags: ['declined'],
      description: 'The owner declined: ask again (a new request) or go back to the form.',
      on: { ASK: { target: 'asking', actions: 'clearApproval' }, CANCEL: { target: 'cancelled' } },
    },
    done: { type: 'final', output: ({ context }) => ({ done: true as const, result: context.result }) },
    cancelled: { type: 'final', output: { done: false as const } },
  },
});
