import { reconciliationDayMachine, type ReconciliationDayContext } from '../../../src/machines/reconciliation/reconciliationDay.machine';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import { otherQuery, query, reconDay } from './fixtures';

/** issue 27 §5, D309: one store's day read on the address's choice; a failed read keeps the choice and retries. */

describeModel({
  name: 'reconciliationDay',
  machine: reconciliationDayMachine,
  promiseActors: ['loadDay'],
  variants: [
    {
      events: [
        { type: 'SELECT', query },
        { type: 'SELECT', query: otherQuery },
        { type: 'xstate.done.actor.loadDay', output: reconDay },
        { type: 'xstate.error.actor.loadDay', error: networkError },
        { type: 'RETRY' },
        { type: 'CLEAR' },
      ],
      project: ((c: ReconciliationDayContext) => ({
        q: c.query?.storeId ?? null,
        shown: c.result !== null,
        error: c.loadError !== null,
      })) as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as ReconciliationDayContext;
      if (step.event.type === 'SELECT' && after.result !== null) throw new Error('another day’s figures stayed under the new choice');
      if (
        step.event.type === 'RETRY' &&
        step.before &&
        JSON.stringify((step.before.context as ReconciliationDayContext).query) !== JSON.stringify(after.query)
      )
        throw new Error('a retry lost the chosen store and day');
    }
  },
});
