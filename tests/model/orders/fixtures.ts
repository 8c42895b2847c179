import type {
  ConfirmAttempt,
  Order,
  OrderCategory,
  OrderCustomer,
  OrderDetail,
  OrderPage,
  PickableProduct,
} from '../../../src/services/orders/schemas';
import { sampleOrder } from '../../../src/services/orders/samples';

/** Sample order answers for the orders model tests. */

export const selecting: Order = sampleOrder;
export const handling: Order = {
  ...selecting,
  status: 1,
  total_price: 110_000,
  total_money: 110_000,
  sub_total: 110_000,
  product_amount: 2,
};
export const completed: Order = {
  ...handling,
  status: 0,
  payment_status: 1,
  payment_method: 'CASH',
  receive_amount: 200_000,
  return_amount: 90_000,
};
/** D301: voided by the owner, the guest gone. */
export const voided: Order = {
  ...handling,
  status: 3,
  voided: { voided_at: 1_780_000_100, voided_by: 'Chủ quán', reason: 'CUSTOMER_LEFT', note: null },
};

export const pho: PickableProduct = {
  product_id: 7,
  code: 'PC001',
  name: 'Phở bò tái',
  img: null,
  price: 55_000,
  status: 0,
  category_ids: [3],
};
export const tra: PickableProduct = { product_id: 8, code: 'PC002', name: 'Trà đá', img: null, price: 5_000, status: 0, category_ids: [] };
export const categories: OrderCategory[] = [{ category_id: 3, category_name: 'Phở' }];

export const detailOf = (order: Order, amount = 0): OrderDetail => ({
  invoice_data: order,
  products_data:
    amount > 0
      ? [{ product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, amount, price: 55_000, tax_class: 'REDUCED_ELIGIBLE' }]
      : [],
});

export const pendingAttempt: ConfirmAttempt = {
  key: 'order-5b1c',
  body: { order_id: 41, products: [{ product_id: 7, amount: 2 }] },
  lines: [{ product_id: 7, code: 'PC001', name: 'Phở bò tái', price: 55_000, amount: 2 }],
};

export const lan: OrderCustomer = { customer_id: 12, code: 'KH000012', name: 'Nguyễn Thị Lan', phone_number: '0912345678', point: 0 };

export const twoPages: OrderPage = { rows: [handling, completed], totalPage: 2 };
export const emptyPage: OrderPage = { rows: [], totalPage: 1 };
