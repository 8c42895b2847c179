import { assign, fromPromise, setup } from 'xstate';
import type { BankAccount, BankAccountPage, BankOption } from '../../services/bank/schemas';
import { bankVerifyMachine, type BankVerifyOutput } from './bankVerify.machine';
import { LIST_RELOAD_DELAY_MS } from './bankAdd.machine';
import { errorCode, notProvided } from '../shared/serviceError';

/**
 * /bank (core §2, §4 Bank account, §8 DELETE_BANK_ERROR, §9 paging): the merchant's linked accounts,
 * paged; delete after a confirmation (a refusal keeps the row and says why); verify-by-QR for an
 * unverified account opens the QR verification (bankVerify, invoked as `verify`); 2 s after a
 * verification's success closes, the list reloads.
 */

export const BANK_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export interface BankListContext {
  banks: BankOption[];
  page: number;
  pageSize: number;
  rows: BankAccount[];
  totalPage: number;
  errorCode: string | null;
  /** The account being deleted or verified. */
  target: BankAccount | null;
}

export type BankListEvent =
  | { type: 'PAGE.SET'; page: number }
  | { type: 'PAGE_SIZE.SELECT'; pageSize: number }
  | { type: 'DELETE.ASK'; account: BankAccount }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'VERIFY.START'; account: BankAccount }
  | { type: 'RETRY' }
  | { type: 'REFRESH' };

export const bankListMachine = setup({
  types: {
    context: {} as BankListContext,
    events: {} as BankListEvent,
    tags: {} as 'loading' | 'error' | 'confirming' | 'deleting' | 'verifying',
  },
  actors: {
    loadBanks: fromPromise<BankOption[], void>(async () => {
      throw notProvided('loadBanks');
    }),
    loadBankAccounts: fromPromise<BankAccountPage, { page: number; pageSize: number }>(async () => {
      throw notProvided('loadBankAccounts');
    }),
    deleteBankAccount: fromPromise<void, { id: number }>(async () => {
      throw notProvided('deleteBankAccount');
    }),
    verifyAccount: bankVerifyMachine,
  },
  actions: {
    assignBanks: assign((_, params: { banks: BankOption[] }) => ({ banks: params.banks })),
    assignPage: assign((_, params: { page: BankAccountPage }) => ({ rows: params.page.rows, totalPage: params.page.totalPage, errorCode: null })),
    stepBack: assign(({ context }) => ({ page: Math.max(1, context.page - 1) })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    goToPage: assign((_, params: { page: number }) => ({ page: params.page })),
    setPageSize: assign((_, params: { pageSize: number }) => ({ pageSize: params.pageSize, page: 1 })),
    assignTarget: assign((_, params: { account: BankAccount }) => ({ target: params.account })),
    clearTarget: assign({ target: null }),
    // Provided by the app: toasts (core §8 "delete bank fail" with the code's message).
    notifyDeleted: () => {},
    notifyDeleteFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    pageAcceptable: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= Math.max(1, context.totalPage) && params.page !== context.page,
    pageSizeAcceptable: ({ context }, params: { pageSize: number }) =>
      (BANK_PAGE_SIZE_OPTIONS as readonly number[]).includes(params.pageSize) && params.pageSize !== context.pageSize,
    /** A page left empty by a delete (or by someone else's): show the one before. */
    emptyBeyondFirst: ({ context }, params: { page: BankAccountPage }) => params.page.rows.length === 0 && context.page > 1,
    unverified: (_, params: { account: BankAccount }) => !params.account.is_internal_transfer,
    verified: (_, params: { output: BankVerifyOutput }) => params.output.verified,
  },
  delays: {
    listReloadDelay: LIST_RELOAD_DELAY_MS,
  },
}).createMachine({
  id: 'bankList',
  context: { banks: [], page: 1, pageSize: 10, rows: [], totalPage: 0, errorCode: null, target: null },
  initial: 'loadingBanks',
  states: {
    // Bank names for the table; without them the codes still identify the bank.
    loadingBanks: {
      tags: ['loading'],
      invoke: {
        id: 'loadBanks',
        src: 'loadBanks',
        onDone: { target: 'loading', actions: { type: 'assignBanks', params: ({ event }) => ({ banks: event.output }) } },
        onError: { target: 'loading' },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBankAccounts',
        src: 'loadBankAccounts',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
        onDone: [
          { guard: { type: 'emptyBeyondFirst', params: ({ event }) => ({ page: event.output }) }, target: 'loading', reenter: true, actions: 'stepBack' },
          { target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['error'],
      on: { RETRY: 'loading' },
    },
    loaded: {
      on: {
        'PAGE.SET': {
          guard: { type: 'pageAcceptable', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'goToPage', params: ({ event }) => ({ page: event.page }) },
        },
        'PAGE_SIZE.SELECT': {
          guard: { type: 'pageSizeAcceptable', params: ({ event }) => ({ pageSize: event.pageSize }) },
          target: 'loading',
          actions: { type: 'setPageSize', params: ({ event }) => ({ pageSize: event.pageSize }) },
        },
        'DELETE.ASK': { target: 'confirmingDelete', actions: { type: 'assignTarget', params: ({ event }) => ({ account: event.account }) } },
        'VERIFY.START': {
          guard: { type: 'unverified', params: ({ event }) => ({ account: event.account }) },
          target: 'verifying',
          actions: { type: 'assignTarget', params: ({ event }) => ({ account: event.account }) },
        },
        REFRESH: 'loading',
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'DELETE.CONFIRM': 'deleting',
        'DELETE.CANCEL': { target: 'loaded', actions: 'clearTarget' },
      },
    },
    deleting: {
      tags: ['deleting'],
      invoke: {
        id: 'deleteBankAccount',
        src: 'deleteBankAccount',
        input: ({ context }) => ({ id: context.target?.id ?? -1 }),
        onDone: { target: 'loading', actions: ['clearTarget', 'notifyDeleted'] },
        onError: {
          target: 'loaded',
          actions: ['clearTarget', { type: 'notifyDeleteFailed', params: ({ event }) => ({ code: errorCode(event.error) }) }],
        },
      },
    },
    verifying: {
      tags: ['verifying'],
      invoke: {
        id: 'verify',
        src: 'verifyAccount',
        input: ({ context }) => ({ bankAccountNo: context.target?.name ?? '', bankCode: context.target?.bank_code ?? '', qr: null }),
        onDone: [
          { guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) }, target: 'awaitingReload', actions: 'clearTarget' },
          { target: 'loaded', actions: 'clearTarget' },
        ],
        onError: { target: 'loaded', actions: 'clearTarget' },
      },
    },
    awaitingReload: {
      after: { listReloadDelay: 'loading' },
    },
  },
});
