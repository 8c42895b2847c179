import { auditList, auditListMachine } from '../../../src/machines/audit/auditList.machine';
import type { AuditEntry } from '../../../src/services/audit/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { emptyPage, twoPages, users } from './fixtures';

const days = { from: '2026-12-01', to: '2026-12-06' };

describeListModel<AuditEntry>({
  name: 'auditList',
  machine: auditListMachine,
  list: auditList,
  input: {},
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('PERMISSION_DENY', 403),
    pageSize: { accepted: 25, refused: 7 },
    filter: {
      accepted: [
        { action: 'bank.account.add', userId: 3, storeId: 2, days },
        { action: null, days: undefined },
      ],
      refused: [
        { action: 'bank.rob' },
        { userId: -1 },
        { storeId: 'x' },
        { days: { from: '2026-12-06', to: '2026-12-01' } },
        { colour: 'red' },
      ],
    },
  },
  promiseActors: ['loadUsers'],
  project: (c: { users: unknown[]; usersError: string | null }) => ({ users: c.users.length, usersError: c.usersError !== null }),
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        {
          type: 'QUERY.REPLACE',
          query: { page: 2, pageSize: 25, filter: { action: 'staff.update', userId: 3, storeId: 2, days } },
        },
        { type: 'QUERY.REPLACE', query: { page: 1, pageSize: 10, filter: { action: null, userId: null, storeId: null } } },
      ],
    },
    {
      variant: 'users',
      events: [
        { type: 'xstate.done.actor.loadUsers', output: users },
        { type: 'xstate.error.actor.loadUsers', error: networkError },
        { type: 'USERS.RETRY' },
      ],
      // The rows are the shared variants'; the users load beside them.
      ignore: ['xstate.done.actor.loadPage'],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const load = step.invoked.find((c) => c.id === 'loadPage');
      if (load) {
        const input = load.input as { page: number; pageSize: number; filter: unknown };
        const c = step.after.context as { page: number; pageSize: number; filter: unknown };
        if (input.page !== c.page || input.pageSize !== c.pageSize || JSON.stringify(input.filter) !== JSON.stringify(c.filter))
          throw new Error('the request is not the filter the list shows');
      }
      if (step.event.type === 'USERS.RETRY' && step.before?.hasTag('usersFailed') && !step.invoked.some((c) => c.id === 'loadUsers'))
        throw new Error('a retry did not load the users again');
    }
  },
});
