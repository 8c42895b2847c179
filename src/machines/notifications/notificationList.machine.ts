import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The bell's list (core §2 notification bell): one tab (new order, request payment, add dishes) at a
 * time, with the unseen count of every tab for the badge. A refresh asked for while a load runs is
 * not lost: the list loads again when the current load ends, so the badge never lags behind a
 * notification that arrived mid-load.
 */

/** 0 new order, 1 payment request, 2 dishes added, 3 e-invoice not issued (D257), 4 approval asked (D310). */
export type BellTab = 0 | 1 | 2 | 3 | 4;

export interface BellItem {
  id: number;
  notification_type: BellTab;
  order_id: number | null;
  order_code: string;
  table_name: string | null;
  status: number;
  created_at: number;
}

export interface BellPage {
  data: BellItem[];
  unseen: Record<'0' | '1' | '2' | '3' | '4', number>;
}

export interface NotificationListContext {
  tab: BellTab;
  items: BellItem[];
  unseen: Record<'0' | '1' | '2' | '3' | '4', number>;
  errorCode: string | null;
  /** A refresh arrived while loading. */
  refreshPending: boolean;
}

export type NotificationListEvent = { type: 'TAB.SELECT'; tab: BellTab } | { type: 'REFRESH' };

export const notificationListMachine = setup({
  types: {
    context: {} as NotificationListContext,
    events: {} as NotificationListEvent,
    tags: {} as 'loading',
  },
  actors: {
    fetchList: fromPromise<BellPage, { tab: BellTab }>(async () => {
      throw notProvided('fetchList');
    }),
  },
  actions: {
    assignTab: assign((_, params: { tab: BellTab }) => ({ tab: params.tab, items: [] })),
    assignPage: assign((_, params: { page: BellPage }) => ({ items: params.page.data, unseen: params.page.unseen, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    markRefreshPending: assign({ refreshPending: true }),
    clearRefreshPending: assign({ refreshPending: false }),
  },
  guards: {
    refreshPending: ({ context }) => context.refreshPending,
  },
}).createMachine({
  id: 'notificationList',
  description: 'The bell: one tab of notifications and the unseen count of each tab.',
  context: { tab: 0, items: [], unseen: { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 }, errorCode: null, refreshPending: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearRefreshPending',
      invoke: {
        id: 'fetchList',
        src: 'fetchList',
        input: ({ context }) => ({ tab: context.tab }),
        onDone: [
          {
            guard: 'refreshPending',
            target: 'loading',
            reenter: true,
            description: 'Something changed during the load: load again.',
            actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
          },
          { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        REFRESH: { actions: 'markRefreshPending' },
        'TAB.SELECT': { target: 'loading', reenter: true, actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) } },
      },
    },
    ready: {
      on: {
        REFRESH: { target: 'loading' },
        'TAB.SELECT': { target: 'loading', actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) } },
      },
    },
    failed: {
      on: {
        REFRESH: { target: 'loading' },
        'TAB.SELECT': { target: 'loading', actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) } },
      },
    },
  },
});
