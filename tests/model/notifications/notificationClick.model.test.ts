import { notificationClickMachine, type NotificationClickContext } from '../../../src/machines/notifications/notificationClick.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

// 101 comes back completed (status 0: the order list), 102 handling (1: the order itself).
const paidOrder = { id: 11, order_id: 101, order_code: 'DH0001' };
const servedOrder = { id: 12, order_id: 102, order_code: 'DH0002' };
// D257: an e-invoice not issued (type 3) opens the list searched to its order, whatever its status.
const einvoiceFailed = { id: 13, order_id: 101, order_code: 'DH0001', notification_type: 3 };
// D310: an approval asked (type 4) opens the approvals page, whatever its order's status.
const approvalAsked = { id: 14, order_id: 102, order_code: 'DH0002', notification_type: 4 };
const notFound = { code: 'NOT_FOUND', status: 404, data: {}, kind: 'server' as const };

const events: SampleEvent[] = [
  { type: 'CLICK', notification: paidOrder },
  { type: 'CLICK', notification: servedOrder },
  { type: 'CLICK', notification: einvoiceFailed },
  { type: 'CLICK', notification: approvalAsked },
  { type: 'RETRY' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.markSeen', output: undefined },
  { type: 'xstate.error.actor.markSeen', error: networkError },
  { type: 'xstate.done.actor.refreshList', output: undefined },
  { type: 'xstate.error.actor.refreshList', error: networkError },
  { type: 'xstate.done.actor.fetchOrder', output: { id: 101, status: 0 } },
  { type: 'xstate.done.actor.fetchOrder', output: { id: 102, status: 1 } },
  { type: 'xstate.error.actor.fetchOrder', error: notFound },
];

const project = (c: NotificationClickContext) => ({ id: c.notification?.id ?? null, errorCode: c.errorCode, failedStep: c.failedStep });

describeModel({
  name: 'notificationClick',
  machine: notificationClickMachine,
  promiseActors: ['markSeen', 'refreshList', 'fetchOrder'],
  spyActions: ['openOrder'],
  variants: [{ events, project: project as (context: never) => unknown }],
  check(outcome) {
    for (const [index, step] of outcome.steps.entries()) {
      const fail = (message: string) => {
        throw new Error(`step ${index} (${step.event.type}): ${message}`);
      };
      const navigations = step.actions
        .filter((call) => call.action === 'openOrder')
        .map((call) => JSON.stringify((call.params as { destination: unknown }).destination));
      if (step.event.type === 'xstate.done.actor.fetchOrder') {
        const order = (step.event as unknown as { output: { id: number; status: number } }).output;
        const clicked = (step.before?.context as NotificationClickContext | undefined)?.notification;
        const expected = JSON.stringify(
          clicked?.notification_type === 3
            ? { kind: 'orderList', search: clicked.order_code }
            : clicked?.notification_type === 4
              ? { kind: 'approvals' }
              : order.status === 0
                ? { kind: 'orderList' }
                : { kind: 'order', orderId: order.id },
        );
        if (navigations.length !== 1 || navigations[0] !== expected)
          fail(`expected one navigation to ${expected}, got ${navigations.join(', ')}`);
      } else if (navigations.length > 0) {
        fail('navigated before the order was fetched');
      }
      for (const call of step.invoked) {
        const before = step.before?.context as NotificationClickContext | undefined;
        const after = step.after.context as NotificationClickContext;
        if (call.id === 'markSeen' && (call.input as { id: number }).id !== after.notification?.id) fail('marked the wrong notification');
        if (
          call.id === 'fetchOrder' &&
          (call.input as { orderId: number }).orderId !== (after.notification ?? before?.notification)?.order_id
        ) {
          fail('fetched the wrong order');
        }
      }
    }
  },
});
