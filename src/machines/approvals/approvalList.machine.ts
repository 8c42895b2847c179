import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { Approval, ApprovalDecision, ApprovalFilter } from '../../services/approvals/schemas';

/**
 * The requests on /approvals (D310, D317): the pending ones or all, newest first, as the service
 * scopes them (the owner's merchant; a staff member's own). The owner approves or declines a pending
 * one (PUT /approval/decide); while one decision is on its way no other is sent. A request decided
 * elsewhere meanwhile (the PIN on the staff member's screen, another tab) is 409 APPROVAL_NOT_VALID:
 * said beside the list, which is read again to show how it stands. `approval_updated` on the sale
 * socket (or a reconnection that may have missed one) reads the list again, so it follows the staff
 * members' requests and the owner's other tabs live; the list shown stays while it is read.
 */

export interface ApprovalListInput {
  filter: ApprovalFilter;
}

export interface ApprovalListContext {
  filter: ApprovalFilter;
  items: Approval[] | null;
  loadError: string | null;
  /** The decision on its way, so its buttons say so. */
  deciding: { approvalId: number; decision: ApprovalDecision } | null;
  /** Why the last decision was refused, with the request it was for. */
  decideError: { approvalId: number; code: string | null } | null;
}

export type ApprovalListEvent =
  | { type: 'FILTER.SET'; filter: ApprovalFilter }
  | { type: 'DECIDE'; approvalId: number; decision: ApprovalDecision }
  | { type: 'APPROVALS.UPDATED' }
  | { type: 'RETRY' };

export const approvalListMachine = setup({
  types: {
    context: {} as ApprovalListContext,
    input: {} as ApprovalListInput,
    events: {} as ApprovalListEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadApprovals: fromPromise<Approval[], { filter: ApprovalFilter }>(async () => {
      throw notProvided('loadApprovals');
    }),
    decide: fromPromise<Approval, { approvalId: number; decision: ApprovalDecision }>(async () => {
      throw notProvided('decide');
    }),
    watchApprovals: fromCallback<EventObject, void>(() => () => {}),
  },
  actions: {
    // Provided by the app: the toast for a decision made.
    notifyDecided: (_, _params: { approval: Approval }) => {},
    setFilter: assign((_, p: { filter: ApprovalFilter }) => ({ filter: p.filter, items: null, deciding: null, decideError: null })),
    assignItems: assign((_, p: { items: Approval[] }) => ({ items: p.items, loadError: null })),
    assignLoadError: assign((_, p: { error: unknown }) => ({ loadError: errorCode(p.error) })),
    startDeciding: assign((_, p: { approvalId: number; decision: ApprovalDecision }) => ({ deciding: p, decideError: null })),
    decided: assign({ deciding: null }),
    decideFailed: assign(({ context }, p: { error: unknown }) => ({
      decideError: { approvalId: context.deciding!.approvalId, code: errorCode(p.error) },
      deciding: null,
    })),
  },
  guards: {
    pending: ({ context }, p: { approvalId: number }) =>
      context.items?.some((a) => a.approval_id === p.approvalId && a.status === 'PENDING') ?? false,
  },
}).createMachine({
  id: 'approvalList',
  context: ({ input }) => ({ filter: input.filter, items: null, loadError: null, deciding: null, decideError: null }),
  invoke: { id: 'watchApprovals', src: 'watchApprovals' },
  initial: 'loading',
  on: {
    'FILTER.SET': { target: '.loading', actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) } },
  },
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /approval?status=PENDING|ALL, newest first.',
      invoke: {
        id: 'loadApprovals',
        src: 'loadApprovals',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: { target: 'ready', actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The list could not be read: say so, try again (a live event tries too).',
      on: { RETRY: 'loading', 'APPROVALS.UPDATED': 'loading' },
    },
    ready: {
      description: 'The list; the owner decides a pending request.',
      on: {
        DECIDE: {
          guard: { type: 'pending', params: ({ event }) => ({ approvalId: event.approvalId }) },
          target: 'deciding',
          actions: { type: 'startDeciding', params: ({ event }) => ({ approvalId: event.approvalId, decision: event.decision }) },
        },
        'APPROVALS.UPDATED': 'refreshing',
      },
    },
    refreshing: {
      description: 'The list read again, the one shown kept meanwhile; another event restarts the read.',
      invoke: {
        id: 'loadApprovals',
        src: 'loadApprovals',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: { target: 'ready', actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) } },
        // The list shown stays; the next event or decision reads it again.
        onError: 'ready',
      },
      on: { 'APPROVALS.UPDATED': { target: 'refreshing', reenter: true } },
    },
    deciding: {
      tags: ['busy'],
      description: 'PUT /approval/decide; no other decision meanwhile.',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => context.deciding!,
        onDone: {
          target: 'refreshing',
          actions: [{ type: 'notifyDecided', params: ({ event }) => ({ approval: event.output }) }, 'decided'],
        },
        onError: { target: 'refreshing', actions: { type: 'decideFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
