import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { cashPaymentMachine, type PayCashInput } from '../../machines/orderpayment/cashPayment.machine';
import type { Payment } from '../../services/orderpayment/schemas';
import { renderScreen } from '../shared/test/render';
import { CashPanel } from './WayPanels';

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
