import { txRuleList, txRuleListMachine } from '../../../src/machines/txrules/txRuleList.machine';
import type { TxRule } from '../../../src/services/txrules/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { addedRule, emptyPage, lastRowPage, twoPages } from './fixtures';

describeListModel<TxRule>({
  name: 'txRuleList',
  machine: txRuleListMachine,
  list: txRuleList,
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: serviceError('PERMISSION_DENY', 403),
    pageSize: { accepted: 25, refused: 7 },
    delete: { row: addedRule, errors: [serviceError('NOT_FOUND', 404), networkError] },
  },
  promiseActors: ['syncRules'],
  spyActions: ['notifySynced', 'notifySyncFailed', 'notifyDeleted', 'notifyDeleteFailed'],
  variants: [
    {
      variant: 'sync',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SYNC' },
        { type: 'xstate.done.actor.syncRules', output: undefined },
        { type: 'xstate.error.actor.syncRules', error: serviceError('PERMISSION_DENY', 403) },
      ],
      ignore: ['DELETE.ASK', 'PAGE.SET', 'PAGE_SIZE.SELECT'],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if (call.id === 'deleteRow' && (call.input as { id: number }).id !== addedRule.id) throw new Error('deleted another rule');
      }
      const type = step.event.type;
      const synced = step.actions.filter((a) => a.action === 'notifySynced').length;
      const syncFailed = step.actions.filter((a) => a.action === 'notifySyncFailed').length;
      if (synced !== (type === 'xstate.done.actor.syncRules' ? 1 : 0)) throw new Error(`notifySynced ran ${synced} times`);
      if (syncFailed !== (type === 'xstate.error.actor.syncRules' ? 1 : 0)) throw new Error(`notifySyncFailed ran ${syncFailed} times`);
      // A sync shows each rule's new state: the list reloads.
      if (type === 'xstate.done.actor.syncRules' && !step.after.hasTag('loading')) throw new Error('a sync did not reload the list');
      if (type === 'SYNC' && step.before?.hasTag('syncing')) throw new Error('a second sync was taken');
    }
  },
});
