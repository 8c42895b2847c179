import { and, assign, fromPromise, setup } from 'xstate';
import type { AddBankAccountBody, BankOption, QrData } from '../../services/bank/schemas';
import { MAX_BANK_ACCOUNT_LENGTH } from '../../services/bank/schemas';
import { bankVerifyMachine, type BankVerifyOutput } from './bankVerify.machine';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * /bank/add (core §2, §4 Bank account and Terms modal, §5 Add bank account, §9): account number and
 * bank; the holder name is looked up 1 s after the last change of either (a newer change cancels the
 * older lookup) and shown upper case, read-only; phone. Continue opens the terms, whose Agree waits
 * until the terms were scrolled to the end; Agree submits. A refused submit keeps everything typed.
 * Then the QR verification (bankVerify, invoked as `verify`); after a verified account's success
 * closes, the list opens 2 s later (or at once on GO_TO_LIST). Closing the QR unverified opens the list,
 * where the account waits unverified with its verify-by-QR action.
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

/** core §5 staff phone rule, the one the spec gives for Vietnamese mobiles: 0 / 84 / +84, then 3–9, then 8 digits. */
export function isVietnamesePhone(value: string): boolean {
  return /^(?:0|\+?84)[3-9]\d{8}$/.test(value.replace(/[\s.]/g, ''));
}

export interface BankAddContext {
  banks: BankOption[];
  accountNo: string;
  bankCode: string;
  /** Filled only by the lookup; never typed. */
  holderName: string;
  phone: string;
  /** Why the last lookup failed (the "holder name fail" message). */
  holderErrorCode: string | null;
  phoneInvalid: boolean;
  /** Why the last submit or bank list load failed; typed values stay. */
  errorCode: string | null;
  qr: QrData | null;
}

export type BankAddEvent =
  | { type: 'ACCOUNT_NO.CHANGE'; value: string }
  | { type: 'BANK.CHANGE'; bankCode: string }
  | { type: 'PHONE.CHANGE'; value: string }
  | { type: 'CONTINUE' }
  | { type: 'TERMS.SCROLLED_TO_END' }
  | { type: 'TERMS.AGREE' }
  | { type: 'TERMS.CLOSE' }
  | { type: 'GO_TO_LIST' }
  | { type: 'RETRY' };

const lookupable = (accountNo: string, bankCode: string) =>
  bankCode !== '' && accountNo.trim() !== '' && accountNoProblem(accountNo) === null;

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
    assignBanks: assign((_, params: { banks: BankOption[] }) => ({ banks: params.banks, errorCode: null })),
    assignAccountNo: assign((_, params: { value: string }) => ({
      accountNo: params.value,
      holderName: '',
      holderErrorCode: null,
      errorCode: null,
    })),
    assignBank: assign((_, params: { bankCode: string }) => ({
      bankCode: params.bankCode,
      holderName: '',
      holderErrorCode: null,
      errorCode: null,
    })),
    assignPhone: assign((_, params: { value: string }) => ({ phone: params.value, phoneInvalid: false, errorCode: null })),
    assignHolder: assign((_, params: { holderName: string }) => ({ holderName: params.holderName, holderErrorCode: null })),
    assignHolderError: assign((_, params: { error: unknown }) => ({ holderName: '', holderErrorCode: errorCode(params.error) })),
    markPhoneInvalid: assign({ phoneInvalid: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    assignQr: assign((_, params: { qr: QrData }) => ({ qr: params.qr, errorCode: null })),
    // Provided by the app: a toast (core §8 "add bank account fail"; phone mismatch error_check_match_phone).
    notifyAddFailed: (_, _params: { code: string }) => {},
    // Provided by the app: a toast (core §8 "holder name fail"); the field also says it.
    notifyHolderLookupFailed: (_, _params: { code: string }) => {},
    // Provided by the app: navigate to /bank.
    goToBankList: () => {},
  },
  guards: {
    lookupableAccountNo: ({ context }, params: { value: string }) => lookupable(params.value, context.bankCode),
    lookupableBank: ({ context }, params: { bankCode: string }) => lookupable(context.accountNo, params.bankCode),
    formComplete: ({ context }) =>
      context.accountNo.trim() !== '' && context.bankCode !== '' && context.holderName !== '' && context.phone.trim() !== '',
    phoneValid: ({ context }) => isVietnamesePhone(context.phone),
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
    accountNo: '',
    bankCode: '',
    holderName: '',
    phone: '',
    holderErrorCode: null,
    phoneInvalid: false,
    errorCode: null,
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
        onError: { target: 'banksFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    banksFailed: {
      on: { RETRY: 'loadingBanks' },
    },
    editing: {
      initial: 'idle',
      on: {
        // Re-entering `debouncing` restarts the 1 s timer and stops a lookup under way.
        'ACCOUNT_NO.CHANGE': [
          {
            guard: { type: 'lookupableAccountNo', params: ({ event }) => ({ value: event.value }) },
            target: '.debouncing',
            actions: { type: 'assignAccountNo', params: ({ event }) => ({ value: event.value }) },
          },
          { target: '.idle', actions: { type: 'assignAccountNo', params: ({ event }) => ({ value: event.value }) } },
        ],
        'BANK.CHANGE': [
          {
            guard: { type: 'lookupableBank', params: ({ event }) => ({ bankCode: event.bankCode }) },
            target: '.debouncing',
            actions: { type: 'assignBank', params: ({ event }) => ({ bankCode: event.bankCode }) },
          },
          { target: '.idle', actions: { type: 'assignBank', params: ({ event }) => ({ bankCode: event.bankCode }) } },
        ],
        'PHONE.CHANGE': { actions: { type: 'assignPhone', params: ({ event }) => ({ value: event.value }) } },
        CONTINUE: [
          { guard: and(['formComplete', 'phoneValid']), target: 'terms' },
          // Continue is disabled while a field is empty; a malformed phone is said next to it.
          { guard: 'formComplete', actions: 'markPhoneInvalid' },
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
            input: ({ context }) => ({ accountNo: context.accountNo.trim(), bankCode: context.bankCode }),
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
          bank_account_no: context.accountNo.trim(),
          bank_code: context.bankCode,
          holder_name: context.holderName,
          phone: context.phone.replace(/[\s.]/g, ''),
        }),
        onDone: { target: 'verifying', actions: { type: 'assignQr', params: ({ event }) => ({ qr: event.output }) } },
        onError: {
          target: 'editing.found',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
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
        input: ({ context }) => ({ bankAccountNo: context.accountNo.trim(), bankCode: context.bankCode, qr: context.qr }),
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
