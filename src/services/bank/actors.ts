import { fromPromise } from 'xstate';
import type { RealtimeHub } from '../realtime/hub';
import type { AddBankAccountBody, BankAccount, BankOption, QrData } from './schemas';
import type { BankAccountPage, BankApi } from './api';
import { createWaitForVerification } from './wait-for-verification';

/**
 * Implementations of the bank machines' actors for `machine.provide({ actors })` in src/app. Each
 * request stops when the machine stops the actor (a newer keystroke, a closed modal, leaving the page).
 */
export function createBankActors(deps: { bank: BankApi; hub: RealtimeHub }) {
  const { bank } = deps;
  return {
    loadBankAccounts: fromPromise<BankAccountPage, { page: number; pageSize: number }>(({ input, signal }) => bank.list(input, signal)),
    loadBanks: fromPromise<BankOption[], void>(({ signal }) => bank.banks(signal)),
    lookupHolderName: fromPromise<string, { accountNo: string; bankCode: string }>(({ input, signal }) => bank.holderName(input, signal)),
    addBankAccount: fromPromise<QrData, AddBankAccountBody>(({ input, signal }) => bank.add(input, signal)),
    deleteBankAccount: fromPromise<void, { id: number }>(({ input, signal }) => bank.remove(input.id, signal)),
    loadQr: fromPromise<string, { bankAccountNo: string; amount: number; description: string }>(({ input, signal }) =>
      bank.qr(input, signal),
    ),
    checkVerified: fromPromise<BankAccount | null, { bankAccountNo: string }>(({ input, signal }) =>
      bank.find(input.bankAccountNo, signal),
    ),
    waitForVerification: createWaitForVerification(deps.hub),
  };
}

export type BankActors = ReturnType<typeof createBankActors>;
