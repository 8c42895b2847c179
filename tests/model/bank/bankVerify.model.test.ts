import { bankVerifyMachine, type BankVerifyContext } from '../../../src/machines/bank/bankVerify.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { qrData, unverifiedAccount } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.loadQr', output: qrData.qr },
  { type: 'xstate.error.actor.loadQr', error: serviceError('BANK_NOT_EXIST', 404) },
  { type: 'xstate.error.actor.waitForVerification', error: new Error('socket gone') },
  { type: 'xstate.done.actor.checkVerified', output: { ...unverifiedAccount, is_internal_transfer: true } },
  { type: 'xstate.done.actor.checkVerified', output: unverifiedAccount },
  { type: 'xstate.done.actor.checkVerified', output: null },
  { type: 'xstate.error.actor.checkVerified', error: networkError },
  { type: 'VERIFIED' },
  { type: 'REALTIME.LOST' },
  { type: 'REALTIME.RECONNECTED' },
  { type: 'RETRY' },
  { type: 'CLOSE' },
  { type: 'xstate.after.successDisplay.bankVerify.succeeded' },
];

const project = ((c: BankVerifyContext) => ({ lost: c.connectionLost, verified: c.verified, qr: c.qr !== null })) as (
  context: never,
) => unknown;

describeModel({
  name: 'bankVerify',
  machine: bankVerifyMachine,
  promiseActors: ['loadQr', 'checkVerified'],
  callbackActors: ['waitForVerification'],
  variants: [
    { variant: 'after add', input: { bankAccountNo: qrData.bank_account_no, bankCode: 'TCB', qr: qrData }, events, project },
    { variant: 'from the list', input: { bankAccountNo: unverifiedAccount.name, bankCode: 'MB', qr: null }, events, project },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after;
      // The QR shows only while waiting, and nothing claims success unless the account was verified.
      if (after.hasTag('waiting') && (after.context as BankVerifyContext).qr === null) throw new Error('waiting without a QR');
      if (after.hasTag('success') && !(after.context as BankVerifyContext).verified) throw new Error('success without verification');
      if (after.status === 'done') {
        const output = after.output as { verified: boolean };
        if (output.verified !== (after.context as BankVerifyContext).verified) throw new Error('output disagrees with context');
      }
      for (const call of step.invoked) {
        const input = call.input as { bankAccountNo?: string } | undefined;
        if (input && input.bankAccountNo !== (after.context as BankVerifyContext).bankAccountNo)
          throw new Error(`${call.id} for another account`);
      }
    }
  },
});
