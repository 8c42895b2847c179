import { assign, fromPromise } from 'xstate';
import { isAuditAction } from '../../rules/audit';
import { isDayRange } from '../../rules/timeRange';
import { PAGE_SIZES } from '../../rules/listPaging';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { AuditEntry, AuditFilter, AuditListQuery, AuditPage, AuditUser } from '../../services/audit/schemas';
import { defineList } from '../shared/list/pagedList';
import { DEFAULT_AUDIT_QUERY, isRowId, type AuditQuery } from './rules/auditUrl';

/**
 * /audit-log (D300): the owner's audit log on the shared list (../shared/list), newest first, paged
 * by the service, filtered by Vietnam days, action, user and store; the query mirrored in the
 * address bar (QUERY.REPLACE for Back or an edited address). Read only: the log has no change or
 * delete (D299). The user filter's choices (everyone with an entry) load beside the rows in the
 * `users` region; their failure leaves the list usable and offers a retry.
 */

export type AuditListEvent = { type: 'QUERY.REPLACE'; query: AuditQuery } | { type: 'USERS.RETRY' };

export interface AuditListExtra {
  users: AuditUser[];
  usersError: string | null;
}

export const auditList = defineList({
  types: {
    row: {} as AuditEntry,
    filter: {} as AuditFilter,
    page: {} as AuditPage,
    loadInput: {} as AuditListQuery,
    context: {} as AuditListExtra,
    events: {} as AuditListEvent,
    tags: {} as 'usersFailed',
    input: {} as { query?: AuditQuery },
    query: {} as AuditQuery,
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) =>
    Object.entries(patch).every(([key, value]) => {
      if (key === 'action') return value === null || isAuditAction(value);
      if (key === 'userId' || key === 'storeId') return value === null || isRowId(value);
      if (key === 'days') return value === undefined || isDayRange(value);
      return false;
    }),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
  actors: {
    loadUsers: fromPromise<AuditUser[], void>(async () => {
      throw notProvided('loadUsers');
    }),
  },
  address: {
    queryOf: (context) => ({ page: context.page, pageSize: context.pageSize, filter: context.filter }),
    apply: (query) => ({ page: query.page, pageSize: query.pageSize, filter: query.filter }),
  },
});

export const auditListMachine = auditList.setup
  .extend({
    actions: {
      setUsers: assign((_, params: { users: AuditUser[] }) => ({ users: params.users, usersError: null })),
      setUsersError: assign((_, params: { error: unknown }) => ({ usersError: errorCode(params.error) })),
    },
  })
  .createMachine({
    id: 'auditList',
    type: 'parallel',
    context: ({ input }) => auditList.context(input.query ?? DEFAULT_AUDIT_QUERY, { users: [], usersError: null }),
    on: auditList.addressOn(),
    states: {
      list: auditList.listRegion(),
      users: {
        initial: 'loading',
        states: {
          loading: {
            invoke: {
              id: 'loadUsers',
              src: 'loadUsers',
              onDone: { target: 'ready', actions: { type: 'setUsers', params: ({ event }) => ({ users: event.output }) } },
              onError: { target: 'failed', actions: { type: 'setUsersError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          ready: {},
          failed: { tags: ['usersFailed'], on: { 'USERS.RETRY': 'loading' } },
        },
      },
    },
  });

export const selectUsers = (s: { context: AuditListExtra }) => s.context.users;
export const selectUsersFailed = (s: { hasTag: (tag: 'usersFailed') => boolean }) => s.hasTag('usersFailed');
