import { assign } from 'xstate';
import type { BankAccount, BankAccountPage } from '../../services/bank/schemas';
import { defineList } from '../shared/list/pagedList';
import { bankVerifyMachine, type BankVerifyOutput } from './bankVerify.machine';
import { LIST_RELOAD_DELAY_MS } from './bankAdd.machine';
import { PAGE_SIZES } from '../../rules/listPaging';

/**
 * /bank (core §2, §4 Bank account, §8 DELETE_BANK_ERROR, §9 paging): the merchant's linked accounts,
 * paged (the shared list: ../shared/list); delete after a confirmation (a refusal closes the dialog,
 * keeps the row and says why in a toast; an account deleted meanwhile reloads the list);
 * verify-by-QR for an unverified account invokes the QR verification (bankVerify, as `verify`);
 * 2 s after a verification's success closes, the list reloads. Bank names come from the cached
 * lookup in the route, not from this machine.
 */

export type BankListEvent = { type: 'VERIFY.START'; account: BankAccount };

export const bankList = defineList({
  types: {
    row: {} as BankAccount,
    page: {} as BankAccountPage,
    loadInput: {} as { page: number; pageSize: number },
    deleteInput: {} as { id: number },
    context: {} as { verifying: BankAccount | null },
    events: {} as BankListEvent,
    tags: {} as 'verifying',
  },
  pageSizes: PAGE_SIZES,
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize }),
  deleteInput: (account) => ({ id: account.id }),
  deletion: 'close',
  goneCodes: ['BANK_NOT_EXIST'],
  actors: { verifyAccount: bankVerifyMachine },
});

export const bankListMachine = bankList.setup
  .extend({
    actions: {
      assignVerifying: assign((_, params: { account: BankAccount }) => ({ verifying: params.account })),
      clearVerifying: assign({ verifying: null }),
      // Provided by the app: what else depends on the accounts being verified (the ShopQR form's lookup).
      notifyAccountVerified: () => {},
    },
    guards: {
      unverified: (_, params: { account: BankAccount }) => !params.account.is_internal_transfer,
      verified: (_, params: { output: BankVerifyOutput }) => params.output.verified,
    },
    delays: {
      listReloadDelay: LIST_RELOAD_DELAY_MS,
    },
  })
  .createMachine({
    id: 'bankList',
    type: 'parallel',
    context: bankList.context({ pageSize: 10 }, { verifying: null }),
    states: {
      list: bankList.listRegion(),
      deletion: bankList.deletionRegion(),
      verification: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'VERIFY.START': {
                guard: { type: 'unverified', params: ({ event }) => ({ account: event.account }) },
                target: 'verifying',
                actions: { type: 'assignVerifying', params: ({ event }) => ({ account: event.account }) },
              },
            },
          },
          verifying: {
            tags: ['verifying'],
            invoke: {
              id: 'verify',
              src: 'verifyAccount',
              input: ({ context }) => ({
                bankAccountNo: context.verifying?.name ?? '',
                bankCode: context.verifying?.bank_code ?? '',
                qr: null,
              }),
              onDone: [
                {
                  guard: { type: 'verified', params: ({ event }) => ({ output: event.output }) },
                  target: 'awaitingReload',
                  actions: ['clearVerifying', 'notifyAccountVerified'],
                },
                { target: 'idle', actions: 'clearVerifying' },
              ],
              onError: { target: 'idle', actions: 'clearVerifying' },
            },
          },
          awaitingReload: {
            description: 'The success has closed; the list reloads 2 s later with the account verified.',
            after: { listReloadDelay: { target: 'idle', actions: 'raiseRefresh' } },
          },
        },
      },
    },
  });
