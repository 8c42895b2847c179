import { assign, fromPromise, setup } from 'xstate';
import type { TxRuleChoices } from '../../services/txrules/schemas';
import type { TxRule, TxRuleFields } from '../../services/txrules/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { EMPTY_TX_RULE_FORM, txRuleFields, txRuleFormOf, validateTxRule, type TxRuleForm } from './rules/txRuleForm';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /setting-tx/create and /setting-tx/update?id= (doc 2 §2, §3 Transaction rule, §5, §7): loads the
 * name lists (card types, issuing and processing banks) and, to update, the rule; then the form with
 * its four fields, all required before submit is enabled. POST (create) or PUT with the fields in the
 * query (update). A refusal (RULE_EXIST: another rule of that store and card already routes one of
 * the banks) keeps everything chosen, says why under the form and in a toast. Saved or cancelled,
 * the app returns to the rule list (D168). The four fields are the shared form (../shared/form/form.ts,
 * D283); a refusal stays until the next submit.
 */

/** doc 2 §5: all four required; Save stays disabled until then, so no field is ever marked. */
export const txRuleFormKit = defineForm<TxRuleForm, keyof TxRuleForm, 'required'>({
  fields: ['ruleName', 'cardType', 'issuers', 'acquirer'],
  validate: validateTxRule,
  keepSaveErrorWhileTyping: true,
});

export interface TxRuleFormContext {
  /** null: a new rule. */
  id: number | null;
  choices: TxRuleChoices | null;
  form: FormState<TxRuleForm>;
  loadError: string | null;
}

export type TxRuleFormEvent = FormFieldEvent<TxRuleForm> | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'CANCEL' };

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
    assignLoaded: assign(({ context }, params: TxRuleFormLoad) => ({
      choices: params.choices,
      form: txRuleFormKit.load(context.form, params.rule ? txRuleFormOf(params.rule) : EMPTY_TX_RULE_FORM),
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    // A bank chosen twice counts once; a cleared choice is no choice.
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD.CHANGE') return {};
      if (event.field === 'issuers') return { form: txRuleFormKit.change(context.form, 'issuers', [...new Set(event.value)]) };
      return { form: txRuleFormKit.change(context.form, event.field, event.value || null) };
    }),
    blurField: assign(({ context }, params: { field: keyof TxRuleForm }) => ({ form: txRuleFormKit.blur(context.form, params.field) })),
    // Save is never refused here (disabled until complete), so no field is marked: only the last failure goes.
    clearSubmitError: assign(({ context }) => ({ form: { ...context.form, saveError: null } })),
    assignSubmitError: assign(({ context }, params: { error: unknown }) => ({ form: txRuleFormKit.failed(context.form, params.error) })),
    // Provided by the app: the toasts.
    notifySaved: (_, _params: { rule: TxRule; created: boolean }) => {},
    notifySaveFailed: (_, _params: { code: string; created: boolean }) => {},
  },
  guards: {
    ruleMissing: ({ context }, params: TxRuleFormLoad) => context.id !== null && params.rule === null,
    formComplete: ({ context }) => txRuleFormKit.valid(context.form.values),
  },
}).createMachine({
  id: 'txRuleForm',
  context: ({ input }) => ({ id: input.id, choices: null, form: txRuleFormKit.initial(EMPTY_TX_RULE_FORM), loadError: null }),
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
        'FIELD.CHANGE': { actions: 'setField' },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
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
        input: ({ context }) => ({ id: context.id, fields: txRuleFields(context.form.values) }),
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
