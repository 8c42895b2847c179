import type { SaleMerchant, Table } from '../../../src/services/tables/schemas';

/** Sample tables for the tables model tests: a free one and one with an open bill. */

export const ban1: Table = {
  table_id: 11,
  table_name: 'Bàn 1',
  order_id: null,
  product_amount: 0,
  total_price: 0,
  max_slot: 4,
  available_slot: 4,
  customer_id: 0,
  is_available: true,
};
export const ban3: Table = { ...ban1, table_id: 13, table_name: 'Bàn 3', order_id: 501, product_amount: 5, total_price: 170_000 };

export const withWebsite: SaleMerchant = { merchant_id: '10000001', website: 'https://order.phoco.example.vn/', is_fnb: true };
export const withoutWebsite: SaleMerchant = { merchant_id: '10000001', website: null, is_fnb: true };
