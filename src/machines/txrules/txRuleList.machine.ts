import { fromPromise } from 'xstate';
import type { TxRulePage } from '../../services/txrules/schemas';
import type { TxRule } from '../../services/txrules/schemas';
import { defineList } from '../shared/list/pagedList';
import { errorCode, notProvided } from '../../rules/serviceError';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * /setting-tx (doc 2 §2, §3 Transaction rule, §7 /metadata/rule): the merchant's card-transaction
 * rules on the shared list (../shared/list), paged on the server, newest first; delete after a
 * confirmation (a rule deleted meanwhile, NOT_FOUND, reloads the list). The `sync` region pushes the
 * rules to the card switch (POST /metadata/rule/sync) and reloads, so each row's "applied" state is
 * the service's (D166).
 */

export const txRuleList = defineList({
  types: {
    row: {} as TxRule,
    page: {} as TxRulePage,
    loadInput: {} as { page: number; pageSize: number },
    deleteInput: {} as { id: number },
    events: {} as { type: 'SYNC' },
    tags: {} as 'syncing',
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
  deleteInput: (rule) => ({ id: rule.id }),
  deletion: 'close',
  goneCodes: ['NOT_FOUND'],
  actors: {
    syncRules: fromPromise<void, void>(async () => {
      throw notProvided('syncRules');
    }),
  },
});

export const txRuleListMachine = txRuleList.setup
  .extend({
    actions: {
      // Provided by the app (toasts).
      notifySynced: () => {},
      notifySyncFailed: (_, _params: { code: string }) => {},
    },
  })
  .createMachine({
    id: 'txRuleList',
    type: 'parallel',
    context: txRuleList.context({ pageSize: DEFAULT_PAGE_SIZE }, {}),
    states: {
      list: txRuleList.listRegion(),
      deletion: txRuleList.deletionRegion(),
      sync: {
        initial: 'idle',
        states: {
          idle: { on: { SYNC: 'syncing' } },
          syncing: {
            tags: ['syncing'],
            description: 'POST /metadata/rule/sync; the button is busy and a second press is not taken.',
            invoke: {
              id: 'syncRules',
              src: 'syncRules',
              onDone: { target: 'idle', actions: ['notifySynced', 'raiseRefresh'] },
              onError: {
                target: 'idle',
                actions: { type: 'notifySyncFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              },
            },
          },
        },
      },
    },
  });
