import { approvalListMachine, type ApprovalListContext } from '../../../src/machines/approvals/approvalList.machine';
import type { Approval } from '../../../src/services/approvals/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** D310, D317: the requests on /approvals, decided by the owner and followed live. */

const request = (approval_id: number, status: Approval['status']): Approval => ({
  approval_id,
  kind: approval_id === 7 ? 'VOID' : 'REFUND',
  order_id: 41,
  order_code: 'DH000041',
  amount: 120000,
  request: { reason: 'WRONG_ORDER', note: null },
  status,
  requested_by: 'Thu ngân',
  requested_at: 1_790_000_000,
  decided_by: status === 'PENDING' ? null : 'Chủ quán',
  decided_at: status === 'PENDING' ? null : 1_790_000_060,
  decided_with: status === 'PENDING' ? null : 'BELL',
  used_at: null,
});

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadApprovals', output: [request(8, 'APPROVED'), request(7, 'PENDING')] },
  { type: 'xstate.done.actor.loadApprovals', output: [] },
  { type: 'xstate.error.actor.loadApprovals', error: networkError },
  { type: 'RETRY' },
  { type: 'FILTER.SET', filter: 'ALL' },
  { type: 'APPROVALS.UPDATED' },
  { type: 'DECIDE', approvalId: 7, decision: 'APPROVE' },
  { type: 'DECIDE', approvalId: 8, decision: 'DECLINE' },
  { type: 'xstate.done.actor.decide', output: request(7, 'APPROVED') },
  { type: 'xstate.error.actor.decide', error: serviceError('APPROVAL_NOT_VALID', 409, { reason: 'DECLINED' }) },
];

describeModel({
  name: 'approvalList',
  machine: approvalListMachine,
  promiseActors: ['loadApprovals', 'decide'],
  callbackActors: ['watchApprovals'],
  spyActions: ['notifyDecided'],
  variants: [
    {
      variant: 'owner',
      input: { filter: 'PENDING' },
      events,
      project: ((c: ApprovalListContext) => ({
        filter: c.filter,
        items: c.items?.map((a) => `${a.approval_id}${a.status}`).join() ?? null,
        error: c.loadError,
        deciding: c.deciding?.approvalId ?? null,
        refused: c.decideError?.code ?? null,
      })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as ApprovalListContext | undefined;
      const after = step.after.context as ApprovalListContext;
      for (const call of step.invoked) {
        // Only a request shown pending is decided, one at a time.
        if (call.id === 'decide') {
          const id = (call.input as { approvalId: number }).approvalId;
          if (!before?.items?.some((a) => a.approval_id === id && a.status === 'PENDING')) throw new Error(`decided ${id}, not pending`);
          if (step.before?.hasTag('busy')) throw new Error('a second decision while one was on its way');
        }
        if (call.id === 'loadApprovals' && (call.input as { filter: string }).filter !== after.filter) throw new Error('read another list');
      }
      // A refused decision says so and the list is read again.
      if (step.event.type === 'xstate.error.actor.decide' && (after.decideError === null || !step.after.matches('refreshing')))
        throw new Error('a refused decision was not said or the list not read again');
      if (step.event.type === 'xstate.done.actor.decide' && !step.actions.some((a) => a.action === 'notifyDecided'))
        throw new Error('a decision said nothing');
    }
  },
});
