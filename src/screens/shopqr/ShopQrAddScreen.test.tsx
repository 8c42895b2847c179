import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

function start(answer: (body: NewShopQr) => Promise<ShopQrRow>, loaded: ShopQrAddOptions = options) {
  const sent: NewShopQr[] = [];
  const actor = createActor(
    shopQrAddMachine.provide({
      actors: {
        loadAddOptions: fromPromise(async () => loaded),
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
    actor.send({ type: 'FIELD.CHANGE', field: 'type', value: 'BILL' });
    actor.send({ type: 'FIELD.CHANGE', field: 'staff', value: 'NV002' });
    actor.send({ type: 'FIELD.CHANGE', field: 'channel', value: 'KIOSK' });
    actor.send({ type: 'FIELD.CHANGE', field: 'amount', value: '2500000' });
    const submit = await screen.findByRole('button', { name: 'Create ShopQR' });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    fireEvent.click(submit);
    actor.send({ type: 'SUBMIT' });
    expect(sent).toHaveLength(1);
    release({ code: 'TIMEOUT', status: 0, kind: 'timeout' });
    await screen.findByText(/Sending again is safe/);
    expect(actor.getSnapshot().context.form.values).toMatchObject({ type: 'BILL', staff: 'NV002', channel: 'KIOSK', amount: '2500000' });
    expect((screen.getByTestId('shopqr-amount') as HTMLInputElement).value).toBe('2500000');
  });

  describe('core §9: the bank-account dropdown holds every account (more than 100), searchable, 216 px high', () => {
    // happy-dom has no layout: give elements the dropdown's size so the virtualiser has a window to fill.
    beforeAll(() => {
      for (const [prop, size] of [
        ['offsetHeight', 216],
        ['offsetWidth', 320],
        ['clientHeight', 216],
        ['clientWidth', 320],
      ] as const) {
        Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
      }
    });
    afterAll(() => {
      for (const prop of ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth']) {
        delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
      }
    });

    it('lists all 2,000 accounts in a 216 px window and picks the 1,500th by typing its number', async () => {
      const many: ShopQrAddOptions = {
        bankAccounts: Array.from({ length: 2000 }, (_, i) => ({
          id: i + 1,
          name: `7000${String(i + 1).padStart(6, '0')}`,
          holder_name: 'NGUYEN VAN MINH',
          bank_code: 'VCB',
          is_internal_transfer: true,
        })),
        staff: options.staff,
      };
      const { actor } = start(async () => {
        throw { code: 'UNKNOWN_ERROR' };
      }, many);
      await renderScreen(<ShopQrAddScreen actor={actor} stores={[]} storesLoading={false} bankHref="/bank" />);
      await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
      const input = screen.getByTestId('shopqr-bank');
      fireEvent.click(input);
      const list = await screen.findByTestId('shopqr-bank-options');
      const rows = within(list).getAllByRole('option', { hidden: true });
      expect(rows[0]).toHaveAttribute('aria-setsize', '2000');
      expect(rows.length).toBeLessThan(30);
      expect(list.style.height).toBe('216px');

      fireEvent.change(input, { target: { value: '7000001500' } });
      const match = await within(list).findByRole('option', { name: /7000001500/, hidden: true });
      fireEvent.click(match);
      expect(actor.getSnapshot().context.form.values.bankAccount).toBe('7000001500');
      expect((input as HTMLInputElement).value).toContain('7000001500');
    });
  });
});
