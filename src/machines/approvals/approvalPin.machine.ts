import { assign, fromPromise, setup } from 'xstate';
import { approvalPinProblem } from '../../rules/approvals';
import { errorCode, notProvided } from '../../rules/serviceError';
import type { PinState } from '../../services/approvals/schemas';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * The owner's approval PIN on /approvals (D310, D317): the page says whether a PIN is set, since
 * when, and whether wrong tries locked it until some time; the owner sets or changes it with the
 * PIN typed twice (masked, so the second one catches a slip). Six digits from src/rules/approvals.ts,
 * as the service checks. Saved → the new state is shown and both fields are emptied (a PIN is not
 * kept on screen); a refusal or a lost answer keeps what was typed and says what happened.
 */

export interface PinForm {
  pin: string;
  confirm: string;
}
export type PinField = keyof PinForm & string;
export type PinProblem = 'required' | 'format' | 'mismatch';

export const EMPTY_PIN_FORM: PinForm = { pin: '', confirm: '' };

export const pinFormKit = defineForm<PinForm, PinField, PinProblem>({
  rules: {
    pin: (value) => approvalPinProblem(value),
    confirm: (value, values) => (value === '' ? 'required' : value !== values.pin ? 'mismatch' : null),
  },
  showOnBlur: true,
});

export interface ApprovalPinContext {
  state: PinState | null;
  loadError: string | null;
  form: FormState<PinForm, PinField>;
}

export type ApprovalPinEvent = FormFieldEvent<PinForm> | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'REFRESH' };

export const approvalPinMachine = setup({
  types: {
    context: {} as ApprovalPinContext,
    events: {} as ApprovalPinEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadPinState: fromPromise<PinState, void>(async () => {
      throw notProvided('loadPinState');
    }),
    setPin: fromPromise<PinState, { pin: string }>(async () => {
      throw notProvided('setPin');
    }),
  },
  actions: {
    // Provided by the app: the toast that the PIN was saved.
    notifySaved: () => {},
    assignState: assign((_, p: { state: PinState }) => ({ state: p.state, loadError: null })),
    assignLoadError: assign((_, p: { error: unknown }) => ({ loadError: errorCode(p.error) })),
    changeField: assign(({ context }, p: { field: PinField; value: string }) => ({
      form: pinFormKit.change(context.form, p.field, p.value),
    })),
    blurField: assign(({ context }, p: { field: PinField }) => ({ form: pinFormKit.blur(context.form, p.field) })),
    refuse: assign(({ context }) => ({ form: pinFormKit.refuse(context.form) })),
    saving: assign(({ context }) => ({ form: pinFormKit.saving(context.form) })),
    saveFailed: assign(({ context }, p: { error: unknown }) => ({ form: pinFormKit.failed(context.form, p.error) })),
    clearForm: assign({ form: () => pinFormKit.initial(EMPTY_PIN_FORM) }),
  },
  guards: {
    valid: ({ context }) => pinFormKit.valid(context.form.values),
  },
}).createMachine({
  id: 'approvalPin',
  context: { state: null, loadError: null, form: pinFormKit.initial(EMPTY_PIN_FORM) },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /approval/pin: set or not, since when, locked until when.',
      invoke: {
        id: 'loadPinState',
        src: 'loadPinState',
        onDone: { target: 'editing', actions: { type: 'assignState', params: ({ event }) => ({ state: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The state could not be read: say so, try again.',
      on: { RETRY: 'loading' },
    },
    editing: {
      description: 'The PIN typed twice; Save with a problem shows it beside the field.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [{ guard: 'valid', target: 'saving', actions: 'saving' }, { actions: 'refuse' }],
        // A lock may have started or ended since (the approvals list's live events): read the state again.
        REFRESH: 'refreshing',
      },
    },
    refreshing: {
      tags: ['loading'],
      description: 'The state read again; the fields stay as typed.',
      invoke: {
        id: 'loadPinState',
        src: 'loadPinState',
        onDone: { target: 'editing', actions: { type: 'assignState', params: ({ event }) => ({ state: event.output }) } },
        onError: 'editing',
      },
    },
    saving: {
      tags: ['busy'],
      description: 'PUT /approval/pin; the form waits, so a double click sends one.',
      invoke: {
        id: 'setPin',
        src: 'setPin',
        input: ({ context }) => ({ pin: context.form.values.pin }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'assignState', params: ({ event }) => ({ state: event.output }) }, 'clearForm', 'notifySaved'],
        },
        onError: { target: 'editing', actions: { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
