import type { CounterCategory, CounterProduct, InvoicePage, InvoiceRow, PickableCustomer } from '../../../src/services/invoices/schemas';

/** Sample invoices, products and customers for the invoices model tests. */

export const paid: InvoiceRow = {
  invoice_id: 5_000_123,
  invoice_code: 'HD5000123',
  created_at: 1_763_950_000,
  payment_method: 'CASH',
  status: 1,
  total_amount: 165_000,
};
export const cancelled: InvoiceRow = { ...paid, invoice_id: 5_000_120, invoice_code: 'HD5000120', status: 2 };

export const twoPages: InvoicePage = { rows: [paid, cancelled], totalPage: 2 };
export const emptyPage: InvoicePage = { rows: [], totalPage: 0 };

export const pho: CounterProduct = {
  product_id: 7,
  code: 'PHO01',
  name: 'Phở bò tái',
  price: 55_000,
  status: 0,
  img: null,
  category_ids: [1],
};
export const tra: CounterProduct = {
  product_id: 9,
  code: 'TRA01',
  name: 'Trà đá',
  price: 5_000,
  status: 0,
  img: '/img/tra.jpg',
  category_ids: [2],
};
export const closed: CounterProduct = { ...tra, product_id: 10, code: 'OFF', status: 2 };

export const soups: CounterCategory = { category_id: 1, category_name: 'Món nước' };
export const drinks: CounterCategory = { category_id: 2, category_name: 'Đồ uống' };

export const lan: PickableCustomer = { customer_id: 3, code: 'KH000003', name: 'Nguyễn Thị Lan', phone_number: '0912340007' };
