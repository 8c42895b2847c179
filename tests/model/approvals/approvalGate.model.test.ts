import { approvalGateMachine, type ApprovalGateContext } from '../../../src/machines/approvals/approvalGate.machine';
import type { Approval } from '../../../src/services/approvals/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** D310: the owner's approval on the staff member's screen (PIN) or from the bell (ask, wait, carry out). */

const request = (status: Approval['status']): Approval => ({
  approval_id: 7,
  kind: 'VOID',
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

const wrongPin = serviceError('APPROVAL_PIN_WRONG', 403, { attempts_left: 3 });

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPinState', output: { is_set: true, set_at: 1, locked_until: null } },
  { type: 'xstate.done.actor.loadPinState', output: { is_set: false, set_at: null, locked_until: null } },
  { type: 'xstate.error.actor.loadPinState', error: networkError },
  { type: 'PIN.SET', value: '48291' },
  { type: 'PIN.SET', value: '482913' },
  { type: 'PIN.SUBMIT' },
  { type: 'ASK' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.performWithPin', output: {} },
  { type: 'xstate.error.actor.performWithPin', error: wrongPin },
  { type: 'xstate.done.actor.ask', output: request('PENDING') },
  { type: 'xstate.error.actor.ask', error: networkError },
  { type: 'xstate.after.poll.approvalGate.waiting' },
  { type: 'xstate.done.actor.readApproval', output: request('APPROVED') },
  { type: 'xstate.done.actor.readApproval', output: request('DECLINED') },
  { type: 'xstate.done.actor.readApproval', output: request('PENDING') },
  { type: 'xstate.error.actor.readApproval', error: networkError },
  { type: 'xstate.done.actor.performApproved', output: {} },
  { type: 'xstate.error.actor.performApproved', error: serviceError('APPROVAL_NOT_VALID', 409, { reason: 'USED' }) },
];

const project = ((c: ApprovalGateContext) => ({
  pin: c.pin.length,
  set: c.pinSet,
  approval: c.approval?.status ?? null,
  error: c.error,
})) as (context: never) => unknown;

describeModel({
  name: 'approvalGate',
  machine: approvalGateMachine,
  promiseActors: ['loadPinState', 'perform', 'ask', 'readApproval'],
  variants: [{ variant: 'a staff void', input: { subject: { orderId: 41 } }, events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const context = step.after.context as ApprovalGateContext;
      // A PIN is sent only when six digits were typed; an approved request's id only once it is approved.
      for (const call of step.invoked) {
        const input = call.input as { fields?: Record<string, unknown>; subject?: unknown } | undefined;
        if (input?.fields && 'approval_pin' in input.fields && !/^\d{6}$/.test(String(input.fields.approval_pin)))
          throw new Error('short PIN sent');
        if (input?.fields && !('approval_pin' in input.fields) && context.approval?.status !== 'APPROVED')
          throw new Error('unapproved request used');
        if (input && 'subject' in input && (input.subject as { orderId: number }).orderId !== 41) throw new Error('another subject');
      }
      // A wrong PIN is never kept in the field.
      if (context.error === 'APPROVAL_PIN_WRONG' && context.pin !== '' && step.event.type !== 'PIN.SET') throw new Error('wrong PIN kept');
    }
  },
});
