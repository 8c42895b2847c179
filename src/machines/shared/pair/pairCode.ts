import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../form/form';

/**
 * Pairing a device with the 6-digit code a cashier's screen shows (the customer display, D141; the
 * kitchen screen, D325): the device sends the code and the service answers a device token, which the
 * route keeps (`storeToken`) before the device starts. A wrong, used or expired code says so and keeps
 * what was typed. The code is the shared form (../form/form.ts, D283): FIELD.CHANGE {field: 'code'},
 * kept as its digits only. An incomplete code is pointed out on submit until the code is edited; a
 * refusal of the service (`saveError`) stays until the next claim. Each device kind makes its own
 * machine (its id, its answer's type) with `createPairCodeMachine`.
 */

export const PAIR_CODE_DIGITS = 6;

export interface PairCodeInput {
  /** From the address (?pair=123456): claimed at once when complete. */
  code?: string | null;
}

export interface PairCodeValues {
  code: string;
}

export const pairCodeFormKit = defineForm<PairCodeValues, 'code', 'incomplete'>({
  rules: { code: (value) => (value.length === PAIR_CODE_DIGITS ? null : 'incomplete') },
  keepSaveErrorWhileTyping: true,
});

export interface PairCodeContext {
  /** The digits typed; `showErrors`: the last submit found the code incomplete; `saveError`: the service's refusal. */
  form: FormState<PairCodeValues>;
}

export type PairCodeEvent = FormFieldEvent<PairCodeValues> | { type: 'SUBMIT' };

const digitsOf = (value: string) => value.replace(/\D/g, '').slice(0, PAIR_CODE_DIGITS);

/** `id`: the machine's id; `paired`: what the final state says the device does next. */
export function createPairCodeMachine<Claimed>(options: { id: string; claimingSays: string; pairedSays: string }) {
  return setup({
    types: {
      context: {} as PairCodeContext,
      events: {} as PairCodeEvent,
      input: {} as PairCodeInput,
      tags: {} as 'busy' | 'form' | 'paired',
    },
    actors: {
      claimCode: fromPromise<Claimed, { code: string }>(async () => {
        throw notProvided('claimCode');
      }),
    },
    actions: {
      // Editing takes back "incomplete" until the next submit (showErrors off), as this form always did.
      changeField: assign(({ context }, params: { value: string }) => ({
        form: { ...pairCodeFormKit.change(context.form, 'code', digitsOf(params.value)), showErrors: false },
      })),
      blurField: assign(({ context }) => ({ form: pairCodeFormKit.blur(context.form, 'code') })),
      markIncomplete: assign(({ context }) => ({ form: pairCodeFormKit.refuse(context.form) })),
      assignError: assign(({ context }, params: { error: unknown }) => ({ form: pairCodeFormKit.failed(context.form, params.error) })),
      clearError: assign(({ context }) => ({ form: { ...context.form, saveError: null, showErrors: false } })),
      // The route keeps the token (device storage) and moves the device on.
      storeToken: (_, _params: { claimed: Claimed }) => {},
    },
    guards: {
      codeComplete: ({ context }) => pairCodeFormKit.valid(context.form.values),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ form: pairCodeFormKit.initial({ code: digitsOf(input.code ?? '') }) }),
    initial: 'starting',
    states: {
      starting: {
        description: 'A full code in the address (the cashier’s QR) is claimed at once; otherwise the form.',
        always: [{ guard: 'codeComplete', target: 'claiming' }, { target: 'form' }],
      },
      form: {
        tags: ['form'],
        description: 'Six digits; Enter submits. An incomplete code is pointed out, nothing typed is lost.',
        on: {
          'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ value: event.value }) } },
          'FIELD.BLUR': { actions: 'blurField' },
          SUBMIT: [{ guard: 'codeComplete', target: 'claiming' }, { actions: 'markIncomplete' }],
        },
      },
      claiming: {
        tags: ['busy', 'form'],
        description: options.claimingSays,
        entry: 'clearError',
        invoke: {
          id: 'claimCode',
          src: 'claimCode',
          input: ({ context }) => ({ code: context.form.values.code }),
          onDone: { target: 'paired', actions: { type: 'storeToken', params: ({ event }) => ({ claimed: event.output }) } },
          onError: { target: 'form', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      paired: {
        tags: ['paired'],
        type: 'final',
        description: options.pairedSays,
      },
    },
  });
}

type Snapshot = { hasTag(tag: string): boolean; context: PairCodeContext };
export const selectPairBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPairPaired = (s: Snapshot) => s.hasTag('paired');
