import {
  notificationListMachine,
  type BellPage,
  type NotificationListContext,
} from '../../../src/machines/notifications/notificationList.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const page: BellPage = {
  data: [{ id: 1, notification_type: 0, order_id: 10, order_code: 'DH0001', table_name: 'Bàn 1', status: 0, created_at: 1_700_000_000 }],
  unseen: { '0': 1, '1': 2, '2': 0, '3': 0, '4': 0 },
};

const events: SampleEvent[] = [
  { type: 'TAB.SELECT', tab: 0 },
  { type: 'TAB.SELECT', tab: 2 },
  { type: 'REFRESH' },
  { type: 'xstate.done.actor.fetchList', output: page },
  { type: 'xstate.error.actor.fetchList', error: networkError },
];

const project = (c: NotificationListContext) => ({
  tab: c.tab,
  items: c.items.length,
  errorCode: c.errorCode,
  refreshPending: c.refreshPending,
});

describeModel({
  name: 'notificationList',
  machine: notificationListMachine,
  promiseActors: ['fetchList'],
  variants: [{ events, project: project as (context: never) => unknown }],
  check(outcome) {
    for (const [index, step] of outcome.steps.entries()) {
      const after = step.after.context as NotificationListContext;
      for (const call of step.invoked) {
        if (call.id === 'fetchList' && (call.input as { tab: number }).tab !== after.tab) {
          throw new Error(`step ${index}: loaded tab ${(call.input as { tab: number }).tab} while showing ${after.tab}`);
        }
      }
      if (step.event.type === 'REFRESH' && step.before?.hasTag('loading') && !after.refreshPending) {
        throw new Error(`step ${index}: a refresh during a load was lost`);
      }
      if (step.event.type === 'xstate.done.actor.fetchList' && step.before?.context.refreshPending && step.invoked.length !== 1) {
        throw new Error(`step ${index}: the pending refresh did not load again`);
      }
    }
  },
});
