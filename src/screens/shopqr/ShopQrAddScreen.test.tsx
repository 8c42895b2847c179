import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { shopQrAddMachine, type ShopQrAddOptions } from '../../machines/shopqr/shopQrAdd.machine';
import type { NewShopQr, ShopQrRow } from '../../services/shopqr/schemas';
import { renderScreen } from '../shared/test/render';
import { ShopQrAddScreen } from './ShopQrAddScreen';

afterEach(cleanup);

const options: ShopQrAddOptions = {
  bankAccounts: [
    { id: 1, name: '0100000011', holder_name: 'NGUYEN VAN MINH', bank_code: 'VCB', is_internal_transfer: true },
    { id: 2, name: '1000000102', holder_name: 'NGUYEN VAN MINH', bank_code: 'MB', is_internal_transfer: false },
  ],
  staff: [{ id: 1, staff_id: 'NV002', full_name: 'Phạm Đức Anh', store_id: 1, store_name: 'Hàng Bạc' }],
};

function start(answer: (body: NewShopQr) => Promise<ShopQrRow>) {
  const sent: NewShopQr[] = [];
  const actor = createActor(
    shopQrAddMachine.provide({
      actors: {
        loadAddOptions: fromPromise(async () => options),
        createShopQr: fromPromise<ShopQrRow, NewShopQr>(async ({ input }) => (sent.push(input), answer(input))),
      },
    }),
  ).start();
  return { actor, sent };
}

describe('ShopQR add screen', () => {
  it('offers only the verified account (chosen), says how many are hidden, and filters the amount keys', async () => {
    const { actor } = start(async () => {
      throw { code: 'CHANNEL_EXIST', status: 409 };
    });
    await renderScreen(<ShopQrAddScreen actor={actor} stores={[]} storesLoading={false} bankHref="/bank" />);
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    expect(screen.getByText(/1 unverified account/)).toBeTruthy();
    expect((screen.getByTestId('shopqr-bank') as HTMLInputElement).value).toContain('0100000011');
    fireEvent.click(screen.getByRole('radio', { name: 'Bill' }));
    const amount = screen.getByTestId('shopqr-amount');
    for (const key of ['e', 'E', '+', '.', ',', '-']) {
      // fireEvent answers false when the handler prevented the key.
      expect(fireEvent.keyDown(amount, { key }), key).toBe(false);
    }
    expect(screen.getByText('Digits 0–9 only')).toBeTruthy();
    expect(fireEvent.keyDown(amount, { key: '5' })).toBe(true);
    expect(screen.queryByText('Digits 0–9 only')).toBeNull();
  });

  it('a timeout keeps the form and says a resend cannot duplicate; the button is disabled while sending', async () => {
    let release: (error: unknown) => void = () => {};
    const { actor, sent } = start(() => new Promise((_, reject) => (release = reject)));
    await renderScreen(<ShopQrAddScreen actor={actor} stores={[]} storesLoading={false} bankHref="/bank" />);
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    actor.send({ type: 'TYPE.SET', value: 'BILL' });
    actor.send({ type: 'STAFF.SET', value: 'NV002' });
    actor.send({ type: 'CHANNEL.SET', value: 'KIOSK' });
    actor.send({ type: 'AMOUNT.CHANGE', value: '2500000' });
    const submit = await screen.findByRole('button', { name: 'Create ShopQR' });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    fireEvent.click(submit);
    actor.send({ type: 'SUBMIT' });
    expect(sent).toHaveLength(1);
    release({ code: 'TIMEOUT', status: 0, kind: 'timeout' });
    await screen.findByText(/Sending again is safe/);
    expect(actor.getSnapshot().context.form).toMatchObject({ type: 'BILL', staffId: 'NV002', channel: 'KIOSK', amount: '2500000' });
    expect((screen.getByTestId('shopqr-amount') as HTMLInputElement).value).toBe('2500000');
  });
});
