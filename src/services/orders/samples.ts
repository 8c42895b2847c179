import type { Order } from './schemas';

/**
 * A walk-in counter order still being chosen (status 2, selecting; no table, no customer, nothing
 * in it yet) for client, screen and model tests; vary it with spreads.
 */
export const sampleOrder: Order = {
  order_id: 41,
  order_code: 'DH000041',
  invoice_id: 9041,
  invoice_code: 'DH000041',
  status: 2,
  payment_status: 0,
  total_price: 0,
  total_money: 0,
  sub_total: 0,
  point: 0,
  updated_at: 1_790_000_000,
  created_at: 1_790_000_000,
  paid_at: null,
  table_id: null,
  table_name: null,
  customer_id: 0,
  name: 'Khách lẻ',
  phone_number: null,
  payment_method: null,
  receive_amount: 0,
  return_amount: 0,
  eiv_code: null,
  cqt_code: null,
  is_eiv_exported: false,
  product_amount: 0,
  source: 'IN_STORE',
};
