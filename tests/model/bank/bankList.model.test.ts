import { bankListMachine, type BankListContext } from '../../../src/machines/bank/bankList.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { banks, emptyPage, twoPages, unverifiedAccount, verifiedAccount } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadBanks', output: banks },
  { type: 'xstate.error.actor.loadBanks', error: networkError },
  { type: 'xstate.done.actor.loadBankAccounts', output: twoPages },
  { type: 'xstate.done.actor.loadBankAccounts', output: emptyPage },
  { type: 'xstate.error.actor.loadBankAccounts', error: serviceError('UNKNOWN_ERROR', 500) },
  { type: 'RETRY' },
  { type: 'REFRESH' },
  { type: 'PAGE.SET', page: 2 },
  { type: 'PAGE.SET', page: 1 },
  { type: 'PAGE_SIZE.SELECT', pageSize: 25 },
  { type: 'PAGE_SIZE.SELECT', pageSize: 7 },
  { type: 'DELETE.ASK', account: verifiedAccount },
  { type: 'DELETE.CONFIRM' },
  { type: 'DELETE.CANCEL' },
  { type: 'xstate.done.actor.deleteBankAccount', output: undefined },
  { type: 'xstate.error.actor.deleteBankAccount', error: serviceError('DELETE_BANK_ERROR', 400) },
  { type: 'VERIFY.START', account: unverifiedAccount },
  { type: 'VERIFY.START', account: verifiedAccount },
  { type: 'xstate.done.actor.verify', output: { verified: true, bankAccountNo: unverifiedAccount.name } },
  { type: 'xstate.done.actor.verify', output: { verified: false, bankAccountNo: unverifiedAccount.name } },
  { type: 'xstate.error.actor.verify', error: new Error('verification crashed') },
  { type: 'xstate.after.listReloadDelay.bankList.awaitingReload' },
];

const project = ((c: BankListContext) => ({ page: c.page, size: c.pageSize, pages: c.totalPage, target: c.target?.id ?? null })) as (context: never) => unknown;

describeModel({
  name: 'bankList',
  machine: bankListMachine,
  promiseActors: ['loadBanks', 'loadBankAccounts', 'deleteBankAccount', 'verifyAccount'],
  spyActions: ['notifyDeleted', 'notifyDeleteFailed'],
  variants: [{ events, project, limit: 20_000 }],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as BankListContext;
      const actions = step.actions.map((a) => a.action);
      for (const call of step.invoked) {
        if (call.id === 'loadBankAccounts') {
          const input = call.input as { page: number; pageSize: number };
          if (input.page !== after.page || input.pageSize !== after.pageSize) throw new Error(`loaded ${JSON.stringify(input)} for page ${after.page}`);
        }
        if (call.id === 'verify' && (call.input as { bankAccountNo: string }).bankAccountNo !== unverifiedAccount.name) {
          throw new Error('verify-by-QR opened for a verified account');
        }
      }
      if (step.event.type === 'xstate.error.actor.deleteBankAccount' && !actions.includes('notifyDeleteFailed')) throw new Error('a refused delete said nothing');
      if (step.event.type === 'xstate.done.actor.deleteBankAccount' && !step.after.hasTag('loading')) throw new Error('no reload after a delete');
      if (step.event.type === 'DELETE.CONFIRM' && step.before?.hasTag('confirming') !== true) throw new Error('deleted without confirmation');
    }
  },
});
