import { assign, fromPromise, setup } from 'xstate';
import type { PairClaimed } from '../../services/display/schemas';
import { notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * Pairing a display device (beyond the spec; docs/areas/display.md "Pairing", D141): the device
 * opens /ecr-slide?pair (or ?pair=123456 from the cashier's QR) and sends the 6-digit code the
 * cashier's screen shows; the service answers a display token, which the route keeps (`storeToken`)
 * before the display starts following the relay. A wrong, used or expired code says so and keeps
 * what was typed. The code is the shared form (../shared/form/form.ts, D283): FIELD.CHANGE
 * {field: 'code'}, kept as its digits only. An incomplete code is pointed out on submit until the
 * code is edited; a refusal of the service (`saveError`) stays until the next claim.
 */

export const PAIR_CODE_DIGITS = 6;

export interface DisplayPairInput {
  /** From the address (?pair=123456): claimed at once when complete. */
  code?: string | null;
}

export interface DisplayPairValues {
  code: string;
}

export const displayPairFormKit = defineForm<DisplayPairValues, 'code', 'incomplete'>({
  rules: { code: (value) => (value.length === PAIR_CODE_DIGITS ? null : 'incomplete') },
  keepSaveErrorWhileTyping: true,
});

export interface DisplayPairContext {
  /** The digits typed; `showErrors`: the last submit found the code incomplete; `saveError`: the service's refusal. */
  form: FormState<DisplayPairValues>;
}

export type DisplayPairEvent = FormFieldEvent<DisplayPairValues> | { type: 'SUBMIT' };

const digitsOf = (value: string) => value.replace(/\D/g, '').slice(0, PAIR_CODE_DIGITS);

export const displayPairMachine = setup({
  types: {
    context: {} as DisplayPairContext,
    events: {} as DisplayPairEvent,
    input: {} as DisplayPairInput,
    tags: {} as 'busy' | 'form' | 'paired',
  },
  actors: {
    claimCode: fromPromise<PairClaimed, { code: string }>(async () => {
      throw notProvided('claimCode');
    }),
  },
  actions: {
    // Editing takes back "incomplete" until the next submit (showErrors off), as this form always did.
    changeField: assign(({ context }, params: { value: string }) => ({
      form: { ...displayPairFormKit.change(context.form, 'code', digitsOf(params.value)), showErrors: false },
    })),
    blurField: assign(({ context }) => ({ form: displayPairFormKit.blur(context.form, 'code') })),
    markIncomplete: assign(({ context }) => ({ form: displayPairFormKit.refuse(context.form) })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ form: displayPairFormKit.failed(context.form, params.error) })),
    clearError: assign(({ context }) => ({ form: { ...context.form, saveError: null, showErrors: false } })),
    // The route keeps the token (device storage) and moves the display on.
    storeToken: (_, _params: { claimed: PairClaimed }) => {},
  },
  guards: {
    codeComplete: ({ context }) => displayPairFormKit.valid(context.form.values),
  },
}).createMachine({
  id: 'displayPair',
  context: ({ input }) => ({ form: displayPairFormKit.initial({ code: digitsOf(input.code ?? '') }) }),
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
      description: 'The code is sent; the service answers a display token or that the code is wrong, used or expired.',
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
      description: 'Paired: the display follows the cashier’s screen through the relay.',
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: DisplayPairContext };
export const selectPairBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPairPaired = (s: Snapshot) => s.hasTag('paired');
