import { assign, fromPromise, setup } from 'xstate';
import type { TxRuleChoices } from '../../services/txrules/schemas';
import type { TxRule, TxRuleFields } from '../../services/txrules/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { EMPTY_TX_RULE_FORM, txRuleComplete, txRuleFields, txRuleFormOf, type TxRuleField, type TxRuleForm } from './rules/txRuleForm';

/**
 * /setting-tx/create and /setting-tx/update?id= (doc 2 §2, §3 Transaction rule, §5, §7): loads the
 * name lists (card types, issuing and processing banks) and, to update, the rule; then the form with
 * its four fields, all required before submit is enabled. POST (create) or PUT with the fields in the
 * query (update). A refusal (RULE_EXIST: another rule of that store and card already routes one of
 * the banks) keeps everything chosen, says why under the form and in a toast. Saved or cancelled,
 * the app returns to the rule list (D168).
 */

export interface TxRuleFormContext {
  /** null: a new rule. */
  id: number | null;
  choices: TxRuleChoices | null;
  form: TxRuleForm;
  loadError: string | null;
  submitError: string | null;
}

export type TxRuleFormEvent =
  | { type: 'FIELD.SET'; field: TxRuleField; value: string | null }
  | { type: 'ISSUERS.SET'; values: string[] }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface TxRuleFormLoad {
  choices: TxRuleChoices;
  /** The rule to update; null for a new rule, or when the rule is not there. */
  rule: TxRule | null;
}

export const txRuleFormMachine = setup({
  types: {
    context: {} as TxRuleFormContext,
    events: {} as TxRuleFormEvent,
    input: {} as { id: number | null },
    tags: {} as 'loading' | 'busy' | 'failed' | 'missing' | 'form',
  },
  actors: {
    loadForm: fromPromise<TxRuleFormLoad, { id: number | null }>(async () => {
      throw notProvided('loadForm');
    }),
    saveRule: fromPromise<TxRule, { id: number | null; fields: TxRuleFields }>(async () => {
      throw notProvided('saveRule');
    }),
  },
  actions: {
    assignLoaded: assign((_, params: TxRuleFormLoad) => ({
      choices: params.choices,
      form: params.rule ? txRuleFormOf(params.rule) : EMPTY_TX_RULE_FORM,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    setField: assign(({ context }, params: { field: TxRuleField; value: string | null }) => ({
      form: { ...context.form, [params.field]: params.value || null },
    })),
    setIssuers: assign(({ context }, params: { values: string[] }) => ({
      form: { ...context.form, issuers: [...new Set(params.values)] },
    })),
    clearSubmitError: assign({ submitError: null }),
    assignSubmitError: assign((_, params: { error: unknown }) => ({ submitError: errorCode(params.error) })),
    // Provided by the app: the toasts.
    notifySaved: (_, _params: { rule: TxRule; created: boolean }) => {},
    notifySaveFailed: (_, _params: { code: string; created: boolean }) => {},
  },
  guards: {
    ruleMissing: ({ context }, params: TxRuleFormLoad) => context.id !== null && params.rule === null,
    formComplete: ({ context }) => txRuleComplete(context.form),
  },
}).createMachine({
  id: 'txRuleForm',
  context: ({ input }) => ({ id: input.id, choices: null, form: EMPTY_TX_RULE_FORM, loadError: null, submitError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'The three name lists (GET /metadata/list-card-type, list-issuer, list-accquire) and, to update, the rule.',
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'ruleMissing', params: ({ event }) => event.output },
            target: 'missing',
            description: "No such rule (deleted, or another merchant's id): nothing to edit.",
          },
          { target: 'editing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['failed'],
      description: 'The mapped error and a retry button.',
      on: { RETRY: 'loading', CANCEL: 'cancelled' },
    },
    missing: {
      tags: ['missing'],
      description: 'The rule does not exist: a link back to the list.',
      on: { CANCEL: 'cancelled' },
    },
    editing: {
      tags: ['form'],
      description: 'The four fields; submit is enabled only when all four are filled (doc 2 §5).',
      on: {
        'FIELD.SET': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'ISSUERS.SET': { actions: { type: 'setIssuers', params: ({ event }) => ({ values: event.values }) } },
        SUBMIT: { guard: 'formComplete', target: 'submitting' },
        CANCEL: 'cancelled',
      },
    },
    submitting: {
      tags: ['busy', 'form'],
      description: 'POST /metadata/rule, or PUT /metadata/rule with the fields in the query; the form is read-only.',
      entry: 'clearSubmitError',
      invoke: {
        id: 'saveRule',
        src: 'saveRule',
        input: ({ context }) => ({ id: context.id, fields: txRuleFields(context.form) }),
        onDone: {
          target: 'saved',
          actions: { type: 'notifySaved', params: ({ context, event }) => ({ rule: event.output, created: context.id === null }) },
        },
        onError: {
          description: 'Back to the form with every choice kept, the mapped message under it and in a toast.',
          target: 'editing',
          actions: [
            { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifySaveFailed', params: ({ context, event }) => ({ code: errorCode(event.error), created: context.id === null }) },
          ],
        },
      },
    },
    saved: { type: 'final', description: 'Back to the rule list with a success toast (D168).' },
    cancelled: { type: 'final', description: 'Back to the rule list, nothing changed.' },
  },
});
