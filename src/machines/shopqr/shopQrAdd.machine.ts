import { assign, fromPromise, setup } from 'xstate';
import type { LinkedBankAccount, NewShopQr, SaleChannel, ShopQrRow, StaffOption } from '../../services/shopqr/schemas';
import {
  amountValue,
  SHOPQR_FIELDS,
  validateShopQrForm,
  type FieldError,
  type ShopQrField,
  type ShopQrForm,
  type ShopQrType,
} from './rules/shopQr';
import { errorCode, notProvided } from '../../rules/serviceError';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /payment/add (core §5 ShopQR add): type STORE, STAFF or BILL; a verified bank account always; a
 * store, a staff member, or staff + channel + amount. Field messages appear after the first submit
 * and follow every change from then on. A server refusal returns to the form with everything typed
 * kept; while the request runs nothing can be sent twice (the submit button is disabled, SUBMIT is
 * not handled), and a repeat after an unclear failure meets CHANNEL_EXIST rather than a duplicate.
 * The fields are the shared form (../shared/form/form.ts, D283), the type one of them; the refusal
 * stays the machine's own `submitError`, as it carries the error's data as well as its code.
 */

/** core §5: what each type needs, checked by the ShopQR rules; the fields in screen order. */
export const shopQrAddKit = defineForm<ShopQrForm, ShopQrField, FieldError>({ fields: SHOPQR_FIELDS, validate: validateShopQrForm });

export interface SubmitError {
  code: string;
  /** The error's data (STAFF_LINK_VA names the staff member). */
  data: unknown;
}

export interface ShopQrAddContext {
  /** Field messages show once the user has tried to submit (`form.showErrors`). */
  form: FormState<ShopQrForm, ShopQrField>;
  /** Verified accounts only: an unverified one cannot receive money (the server refuses it too). */
  bankAccounts: LinkedBankAccount[];
  /** Linked accounts left out because they are not verified yet (the screen says so). */
  unverifiedCount: number;
  staff: StaffOption[];
  optionsError: string | null;
  submitError: SubmitError | null;
  created: ShopQrRow | null;
}

export type ShopQrAddEvent =
  | FormFieldEvent<ShopQrForm, ShopQrField>
  // The type is a field too: a radio choice, changed but never left or wrong.
  | { type: 'FIELD.CHANGE'; field: 'type'; value: ShopQrType }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface ShopQrAddOptions {
  bankAccounts: LinkedBankAccount[];
  staff: StaffOption[];
}

const EMPTY_FORM: ShopQrForm = { type: 'STORE', bankAccount: null, store: null, staff: null, channel: null, amount: '' };

/** The POST body: only what the chosen type uses (core §7 create fields). */
export function requestBody(form: ShopQrForm): NewShopQr {
  return {
    type: form.type,
    bank_account_no: form.bankAccount ?? '',
    store_id: form.type === 'STORE' && form.store ? Number(form.store.id) : null,
    store_name: form.type === 'STORE' ? (form.store?.name ?? null) : null,
    staff_id: form.type === 'STORE' ? null : form.staff,
    channel: form.type === 'BILL' ? (form.channel as SaleChannel | null) : null,
    amount: form.type === 'BILL' ? amountValue(form.amount) : null,
  };
}

export const shopQrAddMachine = setup({
  types: {
    context: {} as ShopQrAddContext,
    events: {} as ShopQrAddEvent,
    output: {} as { created: ShopQrRow | null },
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadAddOptions: fromPromise<ShopQrAddOptions, void>(async () => {
      throw notProvided('loadAddOptions');
    }),
    createShopQr: fromPromise<ShopQrRow, NewShopQr>(async () => {
      throw notProvided('createShopQr');
    }),
  },
  actions: {
    assignOptions: assign(({ context }, params: { options: ShopQrAddOptions }) => {
      const verified = params.options.bankAccounts.filter((a) => a.is_internal_transfer);
      // One verified account is the only possible answer: chosen for the user.
      const only = verified.length === 1 ? verified[0]!.name : context.form.values.bankAccount;
      return {
        bankAccounts: verified,
        unverifiedCount: params.options.bankAccounts.length - verified.length,
        staff: params.options.staff,
        optionsError: null,
        form: shopQrAddKit.load(context.form, { ...context.form.values, bankAccount: only }),
      };
    }),
    assignOptionsError: assign((_, params: { error: unknown }) => ({ optionsError: errorCode(params.error) })),
    changeField: assign(({ context }, params: { event: Extract<ShopQrAddEvent, { type: 'FIELD.CHANGE' }> }) => ({
      form: shopQrAddKit.change(context.form, params.event.field, params.event.value),
    })),
    blurField: assign(({ context }, params: { field: ShopQrField }) => ({ form: shopQrAddKit.blur(context.form, params.field) })),
    refuse: assign(({ context }) => ({ form: shopQrAddKit.refuse(context.form) })),
    startSaving: assign(({ context }) => ({ form: shopQrAddKit.saving(context.form) })),
    clearSubmitError: assign({ submitError: null }),
    assignSubmitError: assign((_, params: { error: unknown }) => ({
      submitError: { code: errorCode(params.error), data: (params.error as { data?: unknown } | null)?.data ?? null },
    })),
    assignCreated: assign((_, params: { row: ShopQrRow }) => ({ created: params.row })),
    /** The app shows the success toast; the default does nothing. */
    notifyCreated: () => {},
  },
  guards: {
    formValid: ({ context }) => shopQrAddKit.valid(context.form.values),
    hasVerifiedAccount: (_, params: { options: ShopQrAddOptions }) => params.options.bankAccounts.some((a) => a.is_internal_transfer),
  },
}).createMachine({
  id: 'shopQrAdd',
  context: {
    form: shopQrAddKit.initial(EMPTY_FORM),
    bankAccounts: [],
    unverifiedCount: 0,
    staff: [],
    optionsError: null,
    submitError: null,
    created: null,
  },
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      tags: ['loading'],
      description: 'Linked bank accounts (GET /bank/account) and staff (GET /metadata/list-staff) for the dropdowns.',
      invoke: {
        id: 'loadAddOptions',
        src: 'loadAddOptions',
        onDone: [
          {
            guard: { type: 'hasVerifiedAccount', params: ({ event }) => ({ options: event.output }) },
            target: 'editing',
            actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) },
          },
          { target: 'needsBankAccount', actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) } },
        ],
        onError: { target: 'optionsFailed', actions: { type: 'assignOptionsError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    optionsFailed: {
      description: 'The mapped error and a retry button.',
      on: { RETRY: 'loadingOptions', CANCEL: 'cancelled' },
    },
    needsBankAccount: {
      description: 'No verified bank account: the screen sends the user to /bank to link and verify one.',
      on: { RETRY: 'loadingOptions', CANCEL: 'cancelled' },
    },
    editing: {
      description: 'The form. Field messages show after the first submit; a server error shows above the buttons.',
      on: {
        'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ event }) } },
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting' },
          { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'refuse' },
        ],
        CANCEL: 'cancelled',
      },
    },
    submitting: {
      tags: ['busy'],
      description: 'POST /channel-payment; the form is read-only and SUBMIT is not handled.',
      entry: ['startSaving', 'clearSubmitError'],
      invoke: {
        id: 'createShopQr',
        src: 'createShopQr',
        input: ({ context }) => requestBody(context.form.values),
        onDone: {
          target: 'created',
          actions: [{ type: 'assignCreated', params: ({ event }) => ({ row: event.output }) }, 'notifyCreated'],
        },
        onError: {
          description: 'Back to the form with every value kept and the mapped server message.',
          target: 'editing',
          actions: { type: 'assignSubmitError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: { type: 'final', description: 'Back to the list with a success toast.' },
    cancelled: { type: 'final', description: 'Back to the list, nothing created.' },
  },
  output: ({ context }) => ({ created: context.created }),
});
