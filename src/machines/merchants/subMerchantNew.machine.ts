import { assign, fromPromise, setup } from 'xstate';
import type { NewSubMerchant, SubMerchant, SubMerchantField } from '../../services/merchants/schemas';
import { errorCode, notProvided } from '../../rules/serviceError';
import { EMPTY_SUB_MERCHANT, hasProblems, subMerchantProblems, type SubMerchantValues } from './rules/subMerchant';

/**
 * /master-merchant/new (core §2 Shell, D101): the new sub-merchant form. What is typed stays in the
 * context through every failure; the rules of ./rules/subMerchant.ts are shown once the person tried
 * to send (or left a field); a server refusal is shown with the catalogue's message, on the tax
 * number field when it is TAX_NO_IS_EXST. Success tells the route (toast, back to the list).
 */

export interface SubMerchantNewContext {
  values: SubMerchantValues;
  /** The person tried to send: every rule's message shows, not only those of fields left. */
  submitted: boolean;
  /** Fields the person has left at least once. */
  touched: Partial<Record<SubMerchantField, boolean>>;
  /** The last refusal's catalogue code. */
  errorCode: string | null;
  created: SubMerchant | null;
}

export type SubMerchantNewEvent =
  { type: 'FIELD.CHANGE'; field: SubMerchantField; value: string } | { type: 'FIELD.BLUR'; field: SubMerchantField } | { type: 'SUBMIT' };

export const subMerchantNewMachine = setup({
  types: {
    context: {} as SubMerchantNewContext,
    events: {} as SubMerchantNewEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    createSubMerchant: fromPromise<SubMerchant, NewSubMerchant>(async () => {
      throw notProvided('createSubMerchant');
    }),
  },
  actions: {
    change: assign(({ context }, params: { field: SubMerchantField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
    })),
    touch: assign(({ context }, params: { field: SubMerchantField }) => ({ touched: { ...context.touched, [params.field]: true } })),
    markSubmitted: assign({ submitted: true }),
    clearError: assign({ errorCode: null }),
    assignCreated: assign((_, params: { created: SubMerchant }) => ({ created: params.created, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    // Provided by the app: the success toast and the way back to the list; the §8 failure toast.
    notifyCreated: (_, _params: { created: SubMerchant }) => {},
    notifyCreateFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    valid: ({ context }) => !hasProblems(subMerchantProblems(context.values)),
  },
}).createMachine({
  id: 'subMerchantNew',
  context: { values: EMPTY_SUB_MERCHANT, submitted: false, touched: {}, errorCode: null, created: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form; what is typed is kept through every failure.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'FIELD.BLUR': { actions: { type: 'touch', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [
          { guard: 'valid', target: 'submitting', actions: ['markSubmitted', 'clearError'] },
          { actions: 'markSubmitted', description: 'Nothing is sent: every rule the values break is shown.' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      description: 'POST /master-merchant/sub-merchant; the button is busy, so one press sends once.',
      invoke: {
        id: 'createSubMerchant',
        src: 'createSubMerchant',
        input: ({ context }) => ({ ...context.values }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'assignCreated', params: ({ event }) => ({ created: event.output }) },
            { type: 'notifyCreated', params: ({ event }) => ({ created: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyCreateFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    created: { type: 'final', description: 'The route shows the success toast and goes back to the list.' },
  },
});

type Snapshot = { context: SubMerchantNewContext };
/** The rule each field breaks, shown once the field was left or the person tried to send. */
export const selectFieldProblems = (s: Snapshot) => {
  const problems = subMerchantProblems(s.context.values);
  return Object.fromEntries(
    Object.entries(problems).filter(([field]) => s.context.submitted || s.context.touched[field as SubMerchantField]),
  ) as ReturnType<typeof subMerchantProblems>;
};
