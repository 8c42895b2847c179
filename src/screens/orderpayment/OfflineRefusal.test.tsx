import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { orderPaymentMachine } from '../../machines/orderpayment/orderPayment.machine';
import type { InvoiceDetail } from '../../services/orderpayment/schemas';
import { renderScreen } from '../shared/test/render';
import { OrderPaymentScreen } from './OrderPaymentScreen';

afterEach(cleanup);

const order: InvoiceDetail = {
  invoice_data: {
    order_id: 41,
    order_code: 'PHO0041',
    invoice_id: 9041,
    invoice_code: 'PHO0041',
    status: 1,
    payment_status: 0,
    total_price: 185_000,
    total_money: 185_000,
    sub_total: 185_000,
    point: 0,
    updated_at: 1_795_000_000,
    created_at: 1_795_000_000,
    table_id: 3,
    table_name: 'Bàn 3',
    customer_id: 0,
    name: 'Khách lẻ',
    payment_method: null,
    receive_amount: 0,
    return_amount: 0,
    product_amount: 1,
  },
  products_data: [{ product_id: 1, code: 'PHO', name: 'Phở bò', img: null, amount: 1, price: 185_000 }],
};

function start(tab: 'qr' | 'cash') {
  return createActor(
    orderPaymentMachine.provide({
      actors: {
        loadInvoice: fromPromise(async () => order),
        checkOrder: fromPromise(async () => order),
        watchPayment: fromCallback(() => {}),
        customerDisplay: fromCallback(() => {}),
        printReceipt: fromPromise(async () => {}),
      },
    }),
    { input: { orderId: 41, merchantId: 'M1', tab } },
  ).start();
}

const render = (tab: 'qr' | 'cash', offline: boolean, language: 'vi' | 'en' = 'en') =>
  renderScreen(
    <OrderPaymentScreen
      actor={start(tab)}
      hotline="1900"
      onBackToOrder={() => {}}
      onOpenDisplay={() => {}}
      pairHref="/pair"
      offline={offline}
    />,
    { language },
  );

describe('payment page offline (D339)', () => {
  it('refuses QR, card and link with a plain message in both languages; cash stays', async () => {
    await render('qr', true, 'vi');
    expect(await screen.findByTestId('payment-offline-refused')).toHaveTextContent(
      'Thanh toán QR, thẻ và link cần kết nối tới hệ thống nên chưa làm được lúc này.',
    );
    cleanup();
    await render('qr', true);
    expect(await screen.findByTestId('payment-offline-refused')).toHaveTextContent('QR, card and link payments need the connection');
    expect(screen.queryByTestId('qr-panel')).toBeNull();
    for (const way of ['Card', 'Link']) {
      fireEvent.click(screen.getByText(new RegExp(`^${way}`)));
      expect(screen.getByTestId('payment-offline-refused')).toBeInTheDocument();
    }
    expect(screen.queryByTestId('card-panel')).toBeNull();
    fireEvent.click(screen.getByText(/^Cash/));
    expect(screen.queryByTestId('payment-offline-refused')).toBeNull();
    expect(screen.getByTestId('cash-received')).toBeInTheDocument();
  });

  it('online, no way is refused', async () => {
    await render('qr', false);
    await screen.findByTestId('payment-invoice');
    expect(screen.queryByTestId('payment-offline-refused')).toBeNull();
    for (const way of ['Card', 'Link']) {
      fireEvent.click(screen.getByText(new RegExp(`^${way}`)));
      expect(screen.queryByTestId('payment-offline-refused')).toBeNull();
    }
  });
});
