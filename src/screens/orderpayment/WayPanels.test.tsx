import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { cardPaymentMachine, type PayCardInput } from '../../machines/orderpayment/cardPayment.machine';
import { cashPaymentMachine, type PayCashInput } from '../../machines/orderpayment/cashPayment.machine';
import type { CardFailureReason, Payment, Terminal, TerminalStatus } from '../../services/orderpayment/schemas';
import { renderScreen } from '../shared/test/render';
import { CardPanel, CashPanel } from './WayPanels';

afterEach(cleanup);

const payment: Payment = {
  payment_id: 1,
  invoice_id: 9041,
  order_code: 'PHO0041',
  method: 'CASH',
  status: 'SUCCESS',
  amount: 185_000,
  receive_amount: 200_000,
  return_amount: 15_000,
  serial_number: null,
  created_at: 1,
};

function start(pay: (input: PayCashInput) => Promise<Payment>, payments: Payment[] = []) {
  const sent: PayCashInput[] = [];
  const actor = createActor(
    cashPaymentMachine.provide({
      actors: {
        payCash: fromPromise<Payment, PayCashInput>(async ({ input }) => (sent.push(input), pay(input))),
        findPayments: fromPromise<Payment[], { invoiceId: number }>(async () => payments),
      },
    }),
    { input: { orderId: 41, invoiceId: 9041, total: 185_000, merchantId: '10000001' } },
  ).start();
  return { actor, sent };
}

describe('cash panel (doc 2 §4 cash, §5, §9)', () => {
  it('keeps digits only (13 at most), says the change is unknown below the total, and completes only with enough', async () => {
    const { actor, sent } = start(async () => payment);
    await renderScreen(<CashPanel actor={actor} total={185_000} />);
    const input = screen.getByTestId('cash-received') as HTMLInputElement;
    const complete = screen.getByTestId('cash-complete') as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '100.000' } });
    expect(input.value).toBe('100.000');
    expect(screen.getByTestId('cash-change').textContent).toBe('—');
    expect(complete.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '12345678901234567' } });
    expect(input.value).toBe('1.234.567.890.123');
    fireEvent.change(input, { target: { value: '200000' } });
    expect(screen.getByTestId('cash-change').textContent).toBe('15.000\u00a0₫');
    expect(complete.disabled).toBe(false);
    fireEvent.click(complete);
    fireEvent.click(complete);
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(sent).toEqual([{ orderId: 41, invoiceId: 9041, receiveAmount: 200_000, returnAmount: 15_000, merchantId: '10000001' }]);
  });

  it('after a lost answer with nothing found, locks the amount and offers to send again', async () => {
    const { actor } = start(async () => {
      throw { code: 'NETWORK_ERROR', status: 0 };
    });
    await renderScreen(<CashPanel actor={actor} total={185_000} />);
    fireEvent.change(screen.getByTestId('cash-received'), { target: { value: '185000' } });
    fireEvent.click(screen.getByTestId('cash-complete'));
    await waitFor(() => expect(screen.getByTestId('payment-uncertain')).toBeTruthy());
    expect((screen.getByTestId('cash-received') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId('payment-retry')).toBeTruthy();
  });
});

describe('card panel (doc 2 §4 card terminal)', () => {
  const terminal: Terminal = { serial_number: 'PB0100000101', pos_id: 'POS01', type_edc: 1, status: 'ONLINE' };

  /** A card payment waiting on the terminal; `fail` plays the sale socket's payment_failed. */
  async function waitingCard(language: 'vi' | 'en') {
    let fail: (reason: CardFailureReason) => void = () => {};
    const actor = createActor(
      cardPaymentMachine.provide({
        actors: {
          loadTerminals: fromPromise<Terminal[], void>(async () => [terminal]),
          checkConnection: fromPromise<TerminalStatus, { serial: string }>(async () => 'ONLINE'),
          payCard: fromPromise<Payment, PayCardInput>(async () => ({ ...payment, method: 'CARD', status: 'PENDING' })),
          findPayments: fromPromise<Payment[], { invoiceId: number }>(async () => []),
          watchCardResult: fromCallback<EventObject, { invoiceId: number }>(({ sendBack }) => {
            fail = (reason) => sendBack({ type: 'CARD.FAILED', reason });
          }),
        },
      }),
      { input: { orderId: 41, invoiceId: 9041, orderCode: 'PHO0041', maxPolls: 1 } },
    ).start();
    await renderScreen(<CardPanel actor={actor} hotline="1900 0000" />, { language });
    await waitFor(() => expect(actor.getSnapshot().matches('choosing')).toBe(true));
    actor.send({ type: 'TERMINAL.SELECT', serial: terminal.serial_number });
    await waitFor(() => expect(actor.getSnapshot().context.connection).toBe('ONLINE'));
    actor.send({ type: 'PAY' });
    await screen.findByTestId('card-waiting');
    return { actor, fail: (reason: CardFailureReason) => fail(reason) };
  }

  it.each([
    ['en', 'AMOUNT_MISMATCH', 'Card payment refused', /another amount than the order's total/],
    ['vi', 'AMOUNT_MISMATCH', 'Thanh toán thẻ bị từ chối', /khác với tổng tiền hiện tại/],
    ['en', 'CANCELLED', 'Card payment cancelled', /was cancelled \(to change the order\)/],
    ['vi', 'CANCELLED', 'Đã hủy thanh toán thẻ', /đã được hủy \(để thay đổi đơn hàng\)/],
  ] as const)(
    'issue 24 §1 (%s): a card payment ended with %s says why, and that nothing was charged',
    async (language, reason, title, body) => {
      const { actor, fail } = await waitingCard(language);
      fail(reason);
      const popup = await screen.findByTestId('card-declined');
      expect(popup.getAttribute('data-failure')).toBe(reason);
      expect(screen.getByText(title)).toBeTruthy();
      expect(popup.textContent).toMatch(body);
      fireEvent.click(screen.getAllByRole('button', { name: language === 'en' ? 'Close' : 'Đóng' }).at(-1)!);
      await waitFor(() => expect(actor.getSnapshot().matches('choosing')).toBe(true));
    },
    20_000,
  );
});
