import type { InvoiceDetail, Payment, Terminal } from '../../../src/services/orderpayment/schemas';

/** Sale-service answers for the payment machines' paths (shapes: docs/areas/orderpayment.md). */

export const openOrder: InvoiceDetail = {
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
    product_amount: 3,
  },
  products_data: [
    { product_id: 1, code: 'PHO', name: 'Phở bò', img: null, amount: 2, price: 65_000 },
    { product_id: 2, code: 'TRA', name: 'Trà đá', img: null, amount: 1, price: 55_000 },
  ],
};

export const paidOrder: InvoiceDetail = {
  ...openOrder,
  invoice_data: { ...openOrder.invoice_data, status: 0, payment_status: 1, payment_method: 'QR' },
};

export const cashPayment: Payment = {
  payment_id: 7,
  invoice_id: 9041,
  order_code: 'PHO0041',
  method: 'CASH',
  status: 'SUCCESS',
  amount: 185_000,
  receive_amount: 200_000,
  return_amount: 15_000,
  serial_number: null,
  created_at: 1_795_000_100,
};

export const pendingCard: Payment = { ...cashPayment, payment_id: 8, method: 'CARD', status: 'PENDING', serial_number: 'PB0100000101' };
export const cardSuccess: Payment = { ...pendingCard, status: 'SUCCESS' };
export const declinedCard: Payment = { ...pendingCard, status: 'DECLINED' };

export const terminals: Terminal[] = [
  { serial_number: 'PB0100000101', pos_id: '101', type_edc: 1, status: 'ONLINE' },
  { serial_number: 'PB0100000102', pos_id: '102', type_edc: 1, status: 'OFFLINE' },
];
