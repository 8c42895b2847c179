import { assign, fromPromise, setup } from 'xstate';
import type { LinkedBankAccount, NewShopQr, SaleChannel, ShopQrRow, StaffOption, VaType } from '../../services/shopqr/schemas';
import { amountValue, hasErrors, validateShopQrForm, type ShopQrFieldErrors, type ShopQrForm } from './rules/shopQr';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * /payment/add (core §5 ShopQR add): type STORE, STAFF or BILL; a verified bank account always; a
 * store, a staff member, or staff + channel + amount. Field messages appear after the first submit
 * and follow every change from then on. A server refusal returns to the form with everything typed
 * kept; while the request runs nothing can be sent twice (the submit button is disabled, SUBMIT is
 * not handled), and a repeat after an unclear failure meets CHANNEL_EXIST rather than a duplicate.
 */

export interface SubmitError {
  code: string;
  /** The error's data (STAFF_LINK_VA names the staff member). */
  data: unknown;
}

export interface ShopQrAddContext {
  form: ShopQrForm & { storeName: string | null };
  errors: ShopQrFieldErrors;
  /** Field messages show once the user has tried to submit. */
  showErrors: boolean;
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
  | { type: 'TYPE.SET'; value: VaType }
  | { type: 'BANK.SET'; value: string | null }
  | { type: 'STORE.SET'; id: string | null; name: string | null }
  | { type: 'STAFF.SET'; value: string | null }
  | { type: 'CHANNEL.SET'; value: SaleChannel | null }
  | { type: 'AMOUNT.CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface ShopQrAddOptions {
  bankAccounts: LinkedBankAccount[];
  staff: StaffOption[];
}

const EMPTY_FORM: ShopQrAddContext['form'] = {
  type: 'STORE',
  bankAccountNo: null,
  storeId: null,
  storeName: null,
  staffId: null,
  channel: null,
  amount: '',
};

/** The POST body: only what the chosen type uses (core §7 create fields). */
export function requestBody(form: ShopQrAddContext['form']): NewShopQr {
  return {
    type: form.type,
    bank_account_no: form.bankAccountNo ?? '',
    store_id: form.type === 'STORE' && form.storeId ? Number(form.storeId) : null,
    store_name: form.type === 'STORE' ? form.storeName : null,
    staff_id: form.type === 'STORE' ? null : form.staffId,
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
      const only = verified.length === 1 ? verified[0]!.name : context.form.bankAccountNo;
      const form = { ...context.form, bankAccountNo: only };
      return {
        bankAccounts: verified,
        unverifiedCount: params.options.bankAccounts.length - verified.length,
        staff: params.options.staff,
        optionsError: null,
        form,
        errors: validateShopQrForm(form),
      };
    }),
    assignOptionsError: assign((_, params: { error: unknown }) => ({ optionsError: errorCode(params.error) })),
    setType: assign(({ context }, params: { value: VaType }) => {
      const form = { ...context.form, type: params.value };
      return { form, errors: validateShopQrForm(form) };
    }),
    setBank: assign(({ context }, params: { value: string | null }) => {
      const form = { ...context.form, bankAccountNo: params.value };
      return { form, errors: validateShopQrForm(form) };
    }),
    setStore: assign(({ context }, params: { id: string | null; name: string | null }) => {
      const form = { ...context.form, storeId: params.id, storeName: params.id ? params.name : null };
      return { form, errors: validateShopQrForm(form) };
    }),
    setStaff: assign(({ context }, params: { value: string | null }) => {
      const form = { ...context.form, staffId: params.value };
      return { form, errors: validateShopQrForm(form) };
    }),
    setChannel: assign(({ context }, params: { value: string | null }) => {
      const form = { ...context.form, channel: params.value };
      return { form, errors: validateShopQrForm(form) };
    }),
    setAmount: assign(({ context }, params: { value: string }) => {
      const form = { ...context.form, amount: params.value };
      return { form, errors: validateShopQrForm(form) };
    }),
    revealErrors: assign({ showErrors: true }),
    clearSubmitError: assign({ submitError: null }),
    assignSubmitError: assign((_, params: { error: unknown }) => ({
      submitError: { code: errorCode(params.error), data: (params.error as { data?: unknown } | null)?.data ?? null },
    })),
    assignCreated: assign((_, params: { row: ShopQrRow }) => ({ created: params.row })),
    /** The app shows the success toast; the default does nothing. */
    notifyCreated: () => {},
  },
  guards: {
    formValid: ({ context }) => !hasErrors(validateShopQrForm(context.form)),
    hasVerifiedAccount: (_, params: { options: ShopQrAddOptions }) => params.options.bankAccounts.some((a) => a.is_internal_transfer),
  },
}).createMachine({
  id: 'shopQrAdd',
  context: {
    form: EMPTY_FORM,
    errors: validateShopQrForm(EMPTY_FORM),
    showErrors: false,
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
        'TYPE.SET': { actions: { type: 'setType', params: ({ event }) => ({ value: event.value }) } },
        'BANK.SET': { actions: { type: 'setBank', params: ({ event }) => ({ value: event.value }) } },
        'STORE.SET': { actions: { type: 'setStore', params: ({ event }) => ({ id: event.id, name: event.name }) } },
        'STAFF.SET': { actions: { type: 'setStaff', params: ({ event }) => ({ value: event.value }) } },
        'CHANNEL.SET': { actions: { type: 'setChannel', params: ({ event }) => ({ value: event.value }) } },
        'AMOUNT.CHANGE': { actions: { type: 'setAmount', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting' },
          { description: 'Each missing or wrong field shows its message; nothing is sent.', actions: 'revealErrors' },
        ],
        CANCEL: 'cancelled',
      },
    },
    submitting: {
      tags: ['busy'],
      description: 'POST /channel-payment; the form is read-only and SUBMIT is not handled.',
      entry: ['revealErrors', 'clearSubmitError'],
      invoke: {
        id: 'createShopQr',
        src: 'createShopQr',
        input: ({ context }) => requestBody(context.form),
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
