import { accountNoProblem, bankAddMachine, isVietnamesePhone, type BankAddContext } from '../../../src/machines/bank/bankAdd.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { banks, qrData } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** Filling in the form: banks, the account number and bank with the holder lookup, phone, Continue. */
const formEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadBanks', output: banks },
  { type: 'xstate.error.actor.loadBanks', error: networkError },
  { type: 'RETRY' },
  { type: 'ACCOUNT_NO.CHANGE', value: '191000000013' },
  { type: 'ACCOUNT_NO.CHANGE', value: '19100A' },
  { type: 'BANK.CHANGE', bankCode: 'TCB' },
  { type: 'BANK.CHANGE', bankCode: '' },
  { type: 'PHONE.CHANGE', value: '0910000001' },
  { type: 'PHONE.CHANGE', value: '12345' },
  { type: 'xstate.after.holderLookupDelay.bankAdd.editing.debouncing' },
  { type: 'xstate.done.actor.lookupHolderName', output: 'Nguyen Van Minh' },
  { type: 'xstate.error.actor.lookupHolderName', error: serviceError('CUSTOMER_NOT_FOUND_TCB', 404) },
  { type: 'CONTINUE' },
];

/** From a complete form: terms, submit and its refusals, the QR verification, the way to the list. */
const submitEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadBanks', output: banks },
  { type: 'ACCOUNT_NO.CHANGE', value: '191000000013' },
  { type: 'BANK.CHANGE', bankCode: 'TCB' },
  { type: 'PHONE.CHANGE', value: '0910000001' },
  { type: 'xstate.after.holderLookupDelay.bankAdd.editing.debouncing' },
  { type: 'xstate.done.actor.lookupHolderName', output: 'NGUYEN VAN MINH' },
  { type: 'CONTINUE' },
  { type: 'TERMS.SCROLLED_TO_END' },
  { type: 'TERMS.AGREE' },
  { type: 'TERMS.CLOSE' },
  { type: 'xstate.done.actor.addBankAccount', output: qrData },
  { type: 'xstate.error.actor.addBankAccount', error: serviceError('PHONE_NO_MATCH_TCB', 400) },
  { type: 'xstate.error.actor.addBankAccount', error: serviceError('BANK_EXIST', 409) },
  { type: 'xstate.done.actor.verify', output: { verified: true, bankAccountNo: qrData.bank_account_no } },
  { type: 'xstate.done.actor.verify', output: { verified: false, bankAccountNo: qrData.bank_account_no } },
  { type: 'xstate.error.actor.verify', error: new Error('verification crashed') },
  { type: 'xstate.after.listReloadDelay.bankAdd.done' },
  { type: 'GO_TO_LIST' },
];

function formProjection(c: BankAddContext) {
  return {
    account: c.accountNo === '' ? 'empty' : (accountNoProblem(c.accountNo) ?? 'ok'),
    bank: c.bankCode !== '',
    holder: c.holderName !== '',
    phone: c.phone === '' ? 'empty' : isVietnamesePhone(c.phone) ? 'valid' : 'invalid',
    phoneInvalid: c.phoneInvalid,
    holderError: c.holderErrorCode !== null,
    error: c.errorCode,
  };
}

describeModel({
  name: 'bankAdd',
  machine: bankAddMachine,
  promiseActors: ['loadBanks', 'lookupHolderName', 'addBankAccount', 'verifyAccount'],
  spyActions: ['notifyAddFailed', 'notifyHolderLookupFailed', 'goToBankList'],
  variants: [
    {
      variant: 'form',
      events: formEvents,
      ignore: ['TERMS.SCROLLED_TO_END', 'TERMS.AGREE', 'TERMS.CLOSE'],
      project: formProjection as (context: never) => unknown,
    },
    {
      variant: 'submit',
      events: submitEvents,
      ignore: ['xstate.error.actor.loadBanks', 'xstate.error.actor.lookupHolderName', 'RETRY'],
      project: formProjection as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as BankAddContext;
      const before = step.before?.context as BankAddContext | undefined;
      const actions = step.actions.map((a) => a.action);
      // A refused submit keeps every typed value and says so with a toast.
      if (step.event.type === 'xstate.error.actor.addBankAccount') {
        if (
          !before ||
          before.accountNo !== after.accountNo ||
          before.bankCode !== after.bankCode ||
          before.phone !== after.phone ||
          before.holderName !== after.holderName
        ) {
          throw new Error('a refused submit lost typed values');
        }
        if (!actions.includes('notifyAddFailed')) throw new Error('no toast for a refused submit');
      }
      if (step.event.type === 'xstate.error.actor.lookupHolderName' && !actions.includes('notifyHolderLookupFailed'))
        throw new Error('no toast for a failed lookup');
      // The holder name is only ever the lookup's answer, upper case; a change of number or bank clears it.
      if (after.holderName !== after.holderName.toUpperCase()) throw new Error('holder name not upper case');
      if ((step.event.type === 'ACCOUNT_NO.CHANGE' || step.event.type === 'BANK.CHANGE') && after.holderName !== '')
        throw new Error('stale holder name');
      if (step.after.hasTag('termsOpen') && !before?.holderName && !step.before?.hasTag('termsOpen'))
        throw new Error('terms opened without a holder name');
      for (const call of step.invoked) {
        if (call.id === 'addBankAccount') {
          const body = call.input as Record<string, string>;
          if (
            body.bank_account_no !== after.accountNo.trim() ||
            body.bank_code !== after.bankCode ||
            body.holder_name !== after.holderName
          ) {
            throw new Error(`submitted ${JSON.stringify(body)}`);
          }
        }
        if (call.id === 'lookupHolderName' && step.event.type !== 'xstate.after.holderLookupDelay.bankAdd.editing.debouncing') {
          throw new Error('a lookup started without the 1 s pause');
        }
      }
      if (actions.includes('goToBankList') && step.after.status !== 'done') throw new Error('navigated without leaving');
    }
  },
});
