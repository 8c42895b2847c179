import { and, assign, fromPromise, setup } from 'xstate';
import type { AddBankAccountBody, BankOption, QrData } from '../../services/bank/schemas';
import { MAX_BANK_ACCOUNT_LENGTH } from '../../services/bank/schemas';
import { bankVerifyMachine, type BankVerifyOutput } from './bankVerify.machine';
import { errorCode, notProvided } from '../../rules/serviceError';
import { nationalPhone } from '../../rules/phone';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /bank/add (core §2, §4 Bank account and Terms modal, §5 Add bank account, §9): account number and
 * bank; the holder name is looked up 1 s after the last change of either (a newer change cancels the
 * older lookup) and shown upper case, read-only; phone. Continue opens the terms, whose Agree waits
 * until the terms were scrolled to the end; Agree submits. A refused submit keeps everything typed.
 * Then the QR verification (bankVerify, invoked as `verify`); after a verified account's success
 * closes, the list opens 2 s later (or at once on GO_TO_LIST). Closing the QR unverified opens the list,
 * where the account waits unverified with its verify-by-QR action.
 * The typed fields are the shared form (../shared/form/form.ts, D283); the holder lookup is this
 * machine's own, started by guards on the FIELD.CHANGE of the account number and the bank.
 */

export const HOLDER_LOOKUP_DELAY_MS = 1000;
export const LIST_RELOAD_DELAY_MS = 2000;

export type AccountNoProblem = 'digitsOnly' | 'length' | null;

/** What is wrong with a typed account number, if anything (empty is not a problem yet, only incomplete). */
export function accountNoProblem(value: string): AccountNoProblem {
  const text = value.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return 'digitsOnly';
  if (text.length < 6 || text.length > MAX_BANK_ACCOUNT_LENGTH) return 'length';
  return null;
}

/** The phone registered with the bank: a Vietnamese mobile (core §5, the shared rule); empty is only incomplete. */
export function phoneProblem(value: string): 'phoneInvalid' | null {
  return value.trim() === '' || nationalPhone(value) !== null ? null : 'phoneInvalid';
}

/** What the person types or chooses; the holder's name is the lookup's, not a field. */
export interface BankAddValues {
  accountNo: string;
  bankCode: string;
  phone: string;
}

export type BankAddProblem = Exclude<AccountNoProblem, null> | 'phoneInvalid';

/**
 * The fields in screen order and their rules: a malformed account number is said while typing; a
 * wrong phone once Continue is pressed with every field filled (Continue is disabled before that).
 */
export const bankAddFormKit = defineForm<BankAddValues, keyof BankAddValues, BankAddProblem>({
  rules: { accountNo: accountNoProblem, bankCode: () => null, phone: phoneProblem },
  immediate: ['digitsOnly', 'length'],
});

export interface BankAddContext {
  banks: BankOption[];
  /** Account number, bank and phone; a refused submit keeps them and says why in `form.saveError`. */
  form: FormState<BankAddValues>;
  /** Filled only by the lookup; never typed. */
  holderName: string;
  /** Why the last lookup failed (the "holder name fail" message). */
  holderErrorCode: string | null;
  /** Why the bank list could not be loaded. */
  loadError: string | null;
  qr: QrData | null;
}

export type BankAddEvent =
  | FormFieldEvent<BankAddValues>
  | { type: 'CONTINUE' }
  | { type: 'TERMS.SCROLLED_TO_END' }
  | { type: 'TERMS.AGREE' }
  | { type: 'TERMS.CLOSE' }
  | { type: 'GO_TO_LIST' }
  | { type: 'RETRY' };

const lookupable = ({ accountNo, bankCode }: BankAddValues) =>
  bankCode !== '' && accountNo.trim() !== '' && accountNoProblem(accountNo) === null;

/** The fields whose change makes the holder's name stale (and may start a new lookup). */
const holderFields: ReadonlySet<string> = new Set<keyof BankAddValues>(['accountNo', 'bankCode']);

type FieldChange = { field: keyof BankAddValues; value: string };

/** Every field filled and the holder's name found: Continue can be pressed. */
export const bankAddComplete = ({ form: { values }, holderName }: Pick<BankAddContext, 'form' | 'holderName'>) =>
  values.accountNo.trim() !== '' && values.bankCode !== '' && holderName !== '' && values.phone.trim() !== '';

export const bankAddMachine = setup({
  types: {
    context: {} as BankAddContext,
    events: {} as BankAddEvent,
    tags: {} as 'loading' | 'busy' | 'termsOpen' | 'verifying',
  },
  actors: {
    loadBanks: fromPromise<BankOption[], void>(async () => {
      throw notProvided('loadBanks');
    }),
    lookupHolderName: fromPromise<string, { accountNo: string; bankCode: string }>(async () => {
      throw notProvided('lookupHolderName');
    }),
    addBankAccount: fromPromise<QrData, AddBankAccountBody>(async () => {
      throw notProvided('addBankAccount');
    }),
    verifyAccount: bankVerifyMachine,
  },
  actions: {
    assignBanks: assign((_, params: { banks: BankOption[] }) => ({ banks: params.banks, loadError: null })),
    // Any change clears the last submit failure; a new account number or bank also the holder's name.
    changeField: assign(({ context }, params: FieldChange) => {
      const form = bankAddFormKit.change(context.form, params.field, params.value);
      if (holderFields.has(params.field)) return { form, holderName: '', holderErrorCode: null };
      // The phone's problem is said on Continue and forgotten as soon as the phone is typed again.
      return { form: { ...form, showErrors: false } };
    }),
    blurField: assign(({ context }, params: { field: keyof BankAddValues }) => ({ form: bankAddFormKit.blur(context.form, params.field) })),
    assignHolder: assign((_, params: { holderName: string }) => ({ holderName: params.holderName, holderErrorCode: null })),
    assignHolderError: assign((_, params: { error: unknown }) => ({ holderName: '', holderErrorCode: errorCode(params.error) })),
    refuse: assign(({ context }) => ({ form: bankAddFormKit.refuse(context.form) })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    assignSaveError: assign(({ context }, params: { error: unknown }) => ({ form: bankAddFormKit.failed(context.form, params.error) })),
    assignQr: assign(({ context }, params: { qr: QrData }) => ({ qr: params.qr, form: { ...context.form, saveError: null } })),
    // Provided by the app: a toast (core §8 "add bank account fail"; phone mismatch error_check_match_phone).
    notifyAddFailed: (_, _params: { code: string }) => {},
    // Provided by the app: a toast (core §8 "holder name fail"); the field also says it.
    notifyHolderLookupFailed: (_, _params: { code: string }) => {},
    // Provided by the app: navigate to /bank.
    goToBankList: () => {},
  },
  guards: {
    holderField: (_, params: FieldChange) => holderFields.has(params.field),
    // The account number or bank changed and, with the other, can be looked up.
    holderLookupable: ({ context }, params: FieldChange) =>
      holderFields.has(params.field) && lookupable({ ...context.form.values, [params.field]: params.value }),
    formComplete: ({ context }) => bankAddComplete(context),
    formValid: ({ context }) => bankAddFormKit.valid(context.form.values),
    verified: (_, params: { output: BankVerifyOutput }) => params.output.verified,
  },
  delays: {
    holderLookupDelay: HOLDER_LOOKUP_DELAY_MS,
    listReloadDelay: LIST_RELOAD_DELAY_MS,
  },
}).createMachine({
  id: 'bankAdd',
  context: {
    banks: [],
    form: bankAddFormKit.initial({ accountNo: '', bankCode: '', phone: '' }),
    holderName: '',
    holderErrorCode: null,
    loadError: null,
    qr: null,
  },
  initial: 'loadingBanks',
  states: {
    loadingBanks: {
      tags: ['loading'],
      invoke: {
        id: 'loadBanks',
        src: 'loadBanks',
        onDone: { target: 'editing', actions: { type: 'assignBanks', params: ({ event }) => ({ banks: event.output }) } },
        onError: { target: 'banksFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    banksFailed: {
      on: { RETRY: 'loadingBanks' },
    },
    editing: {
      initial: 'idle',
      on: {
        // Re-entering `debouncing` restarts the 1 s timer and stops a lookup under way; a change of
        // the account number or bank that cannot be looked up yet stops it too. A phone change leaves it.
        'FIELD.CHANGE': [
          {
            guard: { type: 'holderLookupable', params: ({ event }) => ({ field: event.field, value: event.value }) },
            target: '.debouncing',
            actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
          },
          {
            guard: { type: 'holderField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            target: '.idle',
            actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
          },
          { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        ],
        'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
        CONTINUE: [
          { guard: and(['formComplete', 'formValid']), target: 'terms' },
          // Continue is disabled while a field is empty; a malformed phone is said next to it.
          { guard: 'formComplete', actions: 'refuse' },
        ],
      },
      states: {
        idle: {},
        debouncing: {
          after: { holderLookupDelay: 'looking' },
        },
        looking: {
          tags: ['busy'],
          invoke: {
            id: 'lookupHolderName',
            src: 'lookupHolderName',
            input: ({ context }) => ({ accountNo: context.form.values.accountNo.trim(), bankCode: context.form.values.bankCode }),
            onDone: {
              target: 'found',
              actions: { type: 'assignHolder', params: ({ event }) => ({ holderName: event.output.toUpperCase() }) },
            },
            onError: {
              target: 'lookupFailed',
              actions: [
                { type: 'assignHolderError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notifyHolderLookupFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              ],
            },
          },
        },
        found: {},
        lookupFailed: {},
      },
    },
    terms: {
      tags: ['termsOpen'],
      initial: 'unread',
      on: {
        'TERMS.CLOSE': 'editing.found',
      },
      states: {
        unread: {
          on: { 'TERMS.SCROLLED_TO_END': 'read' },
        },
        read: {
          on: { 'TERMS.AGREE': '#bankAdd.submitting' },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'addBankAccount',
        src: 'addBankAccount',
        input: ({ context }) => ({
          bank_account_no: context.form.values.accountNo.trim(),
          bank_code: context.form.values.bankCode,
          holder_name: context.holderName,
          phone: context.form.values.phone.replace(/[\s.]/g, ''),
        }),
        onDone: { target: 'verifying', actions: { type: 'assignQr', params: ({ event }) => ({ qr: event.output }) } },
        onError: {
          target: 'editing.found',
          actions: [
            { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyAddFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
          ],
        },
      },
    },
    verifying: {
      tags: ['verifying'],
      invoke: {
        id: 'verify',
        src: 'verifyAccount',
        input: ({ context }) => ({
          bankAccountNo: context.form.values.accountNo.trim(),
          bankCode: context.form.values.bankCode,
          qr: context.qr,
        }),
        onDone: [
          { guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) }, target: 'done' },
          { target: 'left', actions: 'goToBankList' },
        ],
        onError: { target: 'left', actions: 'goToBankList' },
      },
    },
    done: {
      after: { listReloadDelay: { target: 'left', actions: 'goToBankList' } },
      on: { GO_TO_LIST: { target: 'left', actions: 'goToBankList' } },
    },
    left: {
      type: 'final',
    },
  },
});
