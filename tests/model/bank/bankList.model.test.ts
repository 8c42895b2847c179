import { bankList, bankListMachine } from '../../../src/machines/bank/bankList.machine';
import type { BankAccount } from '../../../src/services/bank/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { lastRowPage, emptyPage, twoPages, unverifiedAccount, verifiedAccount } from './fixtures';

describeListModel<BankAccount>({
  name: 'bankList',
  machine: bankListMachine,
  list: bankList,
  samples: {
    page: twoPages,
    emptyPage,
    lastRowPage,
    loadError: serviceError('UNKNOWN_ERROR', 500),
    pageSize: { accepted: 25, refused: 7 },
    delete: { row: verifiedAccount, errors: [serviceError('DELETE_BANK_ERROR', 400), serviceError('BANK_NOT_EXIST', 404), networkError] },
  },
  promiseActors: ['verifyAccount'],
  spyActions: ['notifyAccountVerified'],
  variants: [
    {
      variant: 'verify by QR',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'VERIFY.START', account: unverifiedAccount },
        { type: 'VERIFY.START', account: verifiedAccount },
        { type: 'xstate.done.actor.verify', output: { verified: true, bankAccountNo: unverifiedAccount.name } },
        { type: 'xstate.done.actor.verify', output: { verified: false, bankAccountNo: unverifiedAccount.name } },
        { type: 'xstate.error.actor.verify', error: new Error('verification crashed') },
        { type: 'xstate.after.listReloadDelay.bankList.verification.awaitingReload' },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      for (const call of step.invoked) {
        if (call.id === 'verify' && (call.input as { bankAccountNo: string }).bankAccountNo !== unverifiedAccount.name) {
          throw new Error('verify-by-QR opened for a verified account');
        }
      }
      const verified =
        step.event.type === 'xstate.done.actor.verify' && (step.event as unknown as { output: { verified: boolean } }).output.verified;
      if (verified !== step.actions.some((a) => a.action === 'notifyAccountVerified')) throw new Error('verification notice out of step');
      // 2 s after a verification the list reloads.
      if (step.event.type.startsWith('xstate.after.listReloadDelay') && !step.invoked.some((c) => c.id === 'loadPage'))
        throw new Error('no reload after verifying');
    }
  },
});
