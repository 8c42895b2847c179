import {
  accountNoProblem,
  bankAddFormKit,
  bankAddMachine,
  phoneProblem,
  type BankAddContext,
} from '../../../src/machines/bank/bankAdd.machine';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { banks, qrData } from './fixtures';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

/** Filling in the form: banks, the account number and bank with the holder lookup, phone, Continue. */
const formEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadBanks', output: banks },
  { type: 'xstate.error.actor.loadBanks', error: networkError },
  { type: 'RETRY' },
  { type: 'FIELD.CHANGE', field: 'accountNo', value: '191000000013' },
  { type: 'FIELD.CHANGE', field: 'accountNo', value: '19100A' },
  { type: 'FIELD.CHANGE', field: 'bankCode', value: 'TCB' },
  { type: 'FIELD.CHANGE', field: 'bankCode', value: '' },
  { type: 'FIELD.CHANGE', field: 'phone', value: '0910000001' },
  { type: 'FIELD.CHANGE', field: 'phone', value: '12345' },
  { type: 'FIELD.BLUR', field: 'phone' },
  { type: 'xstate.after.holderLookupDelay.bankAdd.editing.debouncing' },
  { type: 'xstate.done.actor.lookupHolderName', output: 'Nguyen Van Minh' },
  { type: 'xstate.error.actor.lookupHolderName', error: serviceError('CUSTOMER_NOT_FOUND_TCB', 404) },
  { type: 'CONTINUE' },
];

/** From a complete form: terms, submit and its refusals, the QR verification, the way to the list. */
const submitEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadBanks', output: banks },
  { type: 'FIELD.CHANGE', field: 'accountNo', value: '191000000013' },
  { type: 'FIELD.CHANGE', field: 'bankCode', value: 'TCB' },
  { type: 'FIELD.CHANGE', field: 'phone', value: '0910000001' },
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
  const { accountNo, bankCode, phone } = c.form.values;
  return {
    account: accountNo === '' ? 'empty' : (accountNoProblem(accountNo) ?? 'ok'),
    bank: bankCode !== '',
    holder: c.holderName !== '',
    phone: phone === '' ? 'empty' : phoneProblem(phone) === null ? 'valid' : 'invalid',
    // The phone's problem as the screen shows it (said on a refused Continue, forgotten as the phone is typed).
    phoneInvalid: bankAddFormKit.shown(c.form).phone !== undefined,
    holderError: c.holderErrorCode !== null,
    error: c.form.saveError ?? c.loadError,
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
        if (!before || JSON.stringify(before.form.values) !== JSON.stringify(after.form.values) || before.holderName !== after.holderName) {
          throw new Error('a refused submit lost typed values');
        }
        if (!actions.includes('notifyAddFailed')) throw new Error('no toast for a refused submit');
      }
      if (step.event.type === 'xstate.error.actor.lookupHolderName' && !actions.includes('notifyHolderLookupFailed'))
        throw new Error('no toast for a failed lookup');
      // The holder name is only ever the lookup's answer, upper case; a change of number or bank clears it.
      if (after.holderName !== after.holderName.toUpperCase()) throw new Error('holder name not upper case');
      const event = step.event as { type: string; field?: string };
      if (event.type === 'FIELD.CHANGE' && (event.field === 'accountNo' || event.field === 'bankCode') && after.holderName !== '')
        throw new Error('stale holder name');
      // A phone change leaves a lookup under way (or its answer) alone.
      if (event.type === 'FIELD.CHANGE' && event.field === 'phone' && before && before.holderName !== after.holderName)
        throw new Error('a phone change touched the holder name');
      if (step.after.hasTag('termsOpen') && !before?.holderName && !step.before?.hasTag('termsOpen'))
        throw new Error('terms opened without a holder name');
      for (const call of step.invoked) {
        if (call.id === 'addBankAccount') {
          const body = call.input as Record<string, string>;
          if (
            body.bank_account_no !== after.form.values.accountNo.trim() ||
            body.bank_code !== after.form.values.bankCode ||
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
