import { fromPromise } from 'xstate';
import type { TxRulesApi } from './api';
import type { TxRule, TxRuleChoices, TxRuleFields, TxRulePage } from './schemas';

/** The txrules machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createTxRulesActors(api: TxRulesApi) {
  return {
    loadRules: fromPromise<TxRulePage, { page: number; pageSize: number }>(({ input, signal }) => api.list(input, signal)),
    deleteRule: fromPromise<void, { id: number }>(({ input, signal }) => api.remove(input.id, signal)),
    syncRules: fromPromise<void, void>(({ signal }) => api.sync(signal)),
    // The form's lists and, to update, its rule, in parallel.
    loadForm: fromPromise<{ choices: TxRuleChoices; rule: TxRule | null }, { id: number | null }>(async ({ input, signal }) => {
      const [choices, rule] = await Promise.all([api.choices(signal), input.id === null ? null : api.get(input.id, signal)]);
      return { choices, rule };
    }),
    saveRule: fromPromise<TxRule, { id: number | null; fields: TxRuleFields }>(({ input, signal }) =>
      input.id === null ? api.create(input.fields, signal) : api.update(input.id, input.fields, signal),
    ),
  };
}

export type TxRulesActors = ReturnType<typeof createTxRulesActors>;
