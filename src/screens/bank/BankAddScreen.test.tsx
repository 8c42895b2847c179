import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { bankAddMachine } from '../../machines/bank/bankAdd.machine';
import type { AddBankAccountBody, BankOption, QrData } from '../../services/bank/schemas';
import { renderScreen } from '../shared/test/render';
import { BankAddScreen } from './BankAddScreen';

afterEach(cleanup);

const banks: BankOption[] = [{ bank_code: 'TCB', bin: '970407', short_name: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam' }];

function start() {
  const lookups: { accountNo: string; bankCode: string }[] = [];
  const actor = createActor(
    bankAddMachine.provide({
      actors: {
        loadBanks: fromPromise(async () => banks),
        lookupHolderName: fromPromise<string, { accountNo: string; bankCode: string }>(async ({ input }) => {
          lookups.push(input);
          return 'Nguyen Van Minh';
        }),
        addBankAccount: fromPromise<QrData, AddBankAccountBody>(async () => {
          throw { code: 'PHONE_NO_MATCH_TCB' };
        }),
      },
    }),
  ).start();
  return { actor, lookups };
}

const accountField = () => screen.getByRole('textbox', { name: /^Account number/ });
const phoneField = () => screen.getByRole('textbox', { name: /^Phone number registered/ });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** Account number and bank typed as the screen sends them (FIELD.CHANGE), then the holder's name looked up. */
async function fillAccount(actor: ReturnType<typeof start>['actor']) {
  await screen.findByRole('textbox', { name: /^Account number/ });
  fireEvent.change(accountField(), { target: { value: '191000000013' } });
  actor.send({ type: 'FIELD.CHANGE', field: 'bankCode', value: 'TCB' });
  await waitFor(() => expect(screen.getByTestId('bank-holder')).toHaveProperty('value', 'NGUYEN VAN MINH'), { timeout: 3000 });
}

describe('BankAddScreen (core §5 Add bank account)', () => {
  it('says a malformed account number while typing and keeps it as typed', async () => {
    const { actor } = start();
    await renderScreen(<BankAddScreen actor={actor} onBack={vi.fn()} />);
    await screen.findByRole('textbox', { name: /^Account number/ });
    fireEvent.change(accountField(), { target: { value: '12AB' } });
    expect(screen.getByText('The account number may contain digits only.')).toBeTruthy();
    expect(accountField()).toHaveProperty('value', '12AB');
    fireEvent.change(accountField(), { target: { value: '12345' } });
    expect(screen.getByText('The account number has 6 to 19 digits.')).toBeTruthy();
    fireEvent.change(accountField(), { target: { value: '123456' } });
    expect(screen.queryByText(/The account number/)).toBeNull();
  });

  it('says a wrong phone on Continue, forgets it as the phone is typed again, and a phone change starts no lookup', async () => {
    const { actor, lookups } = start();
    await renderScreen(<BankAddScreen actor={actor} onBack={vi.fn()} />);
    await fillAccount(actor);
    fireEvent.change(phoneField(), { target: { value: '12345' } });
    expect(screen.queryByText(/Enter a Vietnamese mobile number/)).toBeNull();
    continueButton().focus();
    fireEvent.click(continueButton());
    expect(screen.getByText('Enter a Vietnamese mobile number, e.g. 0912345678.')).toBeTruthy();
    expect(actor.getSnapshot().hasTag('termsOpen')).toBe(false);
    // The focus stays where it was (on Continue), as before the form toolkit.
    expect(document.activeElement).toBe(continueButton());
    fireEvent.change(phoneField(), { target: { value: '123456' } });
    expect(screen.queryByText(/Enter a Vietnamese mobile number/)).toBeNull();
    fireEvent.change(phoneField(), { target: { value: '0910 000 001' } });
    expect(lookups).toEqual([{ accountNo: '191000000013', bankCode: 'TCB' }]);
    expect(screen.getByTestId('bank-holder')).toHaveProperty('value', 'NGUYEN VAN MINH');
    fireEvent.click(continueButton());
    expect(actor.getSnapshot().hasTag('termsOpen')).toBe(true);
  });

  it('says a refused submit with its own phone message and keeps everything typed', async () => {
    const { actor } = start();
    await renderScreen(<BankAddScreen actor={actor} onBack={vi.fn()} />);
    await fillAccount(actor);
    fireEvent.change(phoneField(), { target: { value: '0910000001' } });
    fireEvent.click(continueButton());
    actor.send({ type: 'TERMS.SCROLLED_TO_END' });
    actor.send({ type: 'TERMS.AGREE' });
    expect((await screen.findByTestId('bank-add-error')).textContent).toMatch(/does not match the phone number registered/);
    expect(accountField()).toHaveProperty('value', '191000000013');
    expect(phoneField()).toHaveProperty('value', '0910000001');
    expect(screen.getByTestId('bank-holder')).toHaveProperty('value', 'NGUYEN VAN MINH');
    // Typing again clears the failure.
    fireEvent.change(phoneField(), { target: { value: '0910000002' } });
    expect(screen.queryByTestId('bank-add-error')).toBeNull();
  });
});
