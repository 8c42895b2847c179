import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { subMerchantNewMachine } from '../../machines/merchants/subMerchantNew.machine';
import type { NewSubMerchant, SubMerchant } from '../../services/merchants/schemas';
import { renderScreen } from '../shared/test/render';
import { SubMerchantNewScreen } from './SubMerchantNewScreen';

afterEach(cleanup);

function start(answer: SubMerchant | { code: string }) {
  const sent = vi.fn();
  const created = vi.fn();
  const actor = createActor(
    subMerchantNewMachine.provide({
      actors: {
        createSubMerchant: fromPromise<SubMerchant, NewSubMerchant>(async ({ input }) => {
          sent(input);
          if ('code' in answer) throw { ...answer, status: 409, kind: 'server' };
          return answer;
        }),
      },
      actions: { notifyCreated: created },
    }),
  ).start();
  return { actor, sent, created };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SubMerchantNewScreen (D101)', () => {
  it('sends nothing while a rule is broken and names each problem; a taken tax code shows under its field, the values stay', async () => {
    const { actor, sent } = start({ code: 'TAX_NO_IS_EXST' });
    await renderScreen(<SubMerchantNewScreen actor={actor} onBack={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter the Merchant name.')).toBeTruthy();
    type(/Tax code/, '0108 123455');
    expect(screen.getByText('The tax code may contain only digits and a hyphen, no spaces.')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();

    type(/Merchant name/, '<b>Chi nhánh</b>');
    type(/Tax code/, '0108123455-001');
    type(/Address/, '8 Lê Lợi');
    type(/Mobile phone/, '0912 000 104');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({ name: '<b>Chi nhánh</b>', tax_no: '0108123455-001', address: '8 Lê Lợi', phone: '0912 000 104' }),
    );
    expect(await screen.findByText('This tax code is already registered.', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText(/Merchant name/)).toHaveValue('<b>Chi nhánh</b>');
  });

  it('a valid form is sent once and reported to the route', async () => {
    const made: SubMerchant = {
      merchant_id: '30000009',
      name: 'A',
      tax_no: '0108123455-009',
      address: 'B',
      phone: '0912000109',
      created_at: 1,
    };
    const { actor, created } = start(made);
    await renderScreen(<SubMerchantNewScreen actor={actor} onBack={() => {}} />);
    type(/Merchant name/, 'A');
    type(/Tax code/, '0108123455-009');
    type(/Address/, 'B');
    type(/Mobile phone/, '+84912000109');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveBeenCalledOnce());
  });
});
