import type { VoidReason } from '../../rules/orderVoid';
import { dayRangeToUnixSeconds } from '../../rules/timeRange';
import type { ServiceClient } from '../http/client';
import { ServiceError } from '../http/errors';
import type { ApprovalFields } from '../approvals';
import { cancelPaymentLinkCall } from '../checkout';
import {
  CATEGORY_PAGE_SIZE,
  PICKER_PAGE_SIZE,
  cancelledPaymentSchema,
  customerCreatedSchema,
  customerSearchSchema,
  orderCategoriesSchema,
  orderCreatedSchema,
  orderQrSchema,
  orderDetailSchema,
  orderSchema,
  orderListBodySchema,
  einvoiceRetriedSchema,
  pickableProductsSchema,
  productsAddedSchema,
  type AddProductsBody,
  type Order,
  type OrderCategory,
  type OrderCreated,
  type OrderCustomer,
  type OrderDetail,
  type OrderFilter,
  type OrderPage,
  type PendingPayment,
  type PickableProduct,
  type QuickCustomer,
} from './schemas';

/** The orders area's calls on the sale service (doc 2 §7 /order, /customer; docs/areas/orders.md). Every answer is validated. */

export interface OrderListQuery {
  page: number;
  pageSize: number;
  filter: OrderFilter;
}

export interface OrdersApi {
  list(query: OrderListQuery, signal?: AbortSignal): Promise<OrderPage>;
  get(orderId: number, signal?: AbortSignal): Promise<OrderDetail>;
  /**
   * POST /order {table_id: null}: an order at the counter (merchants without tables). With an
   * Idempotency-Key (the offline queue's, D337) a repeat answers the first create's order.
   */
  create(tableId: number | null, signal?: AbortSignal, idempotencyKey?: string): Promise<OrderCreated>;
  confirm(orderId: number, signal?: AbortSignal): Promise<Order>;
  addProducts(body: AddProductsBody, idempotencyKey: string, signal?: AbortSignal): Promise<OrderDetail>;
  setCustomer(orderId: number, customerId: number, signal?: AbortSignal): Promise<Order>;
  /** PUT /order/void with the attempt's Idempotency-Key (D301): the owner voids an unpaid order with a reason; staff with an approval's fields (D310). */
  voidOrder(
    body: { order_id: number; reason: VoidReason; note: string | null } & ({ approval_pin?: never; approval_id?: never } | ApprovalFields),
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<OrderDetail>;
  /** Available products (status 0) matching q, all at once. */
  products(q: string, signal?: AbortSignal): Promise<PickableProduct[]>;
  categories(signal?: AbortSignal): Promise<OrderCategory[]>;
  /** The customer with exactly this phone (national form), or null. */
  customerByPhone(phone: string, signal?: AbortSignal): Promise<OrderCustomer | null>;
  createCustomer(body: QuickCustomer, signal?: AbortSignal): Promise<OrderCustomer>;
  /** The order's VietQR for its bill, or null when the merchant has no account to receive (400 BAD_REQUEST) or it is paid. */
  billQr(invoiceId: number, signal?: AbortSignal): Promise<string | null>;
  /** POST /order/{id}/einvoice/retry (D250): a failed invoice at the moment of sale queued again. */
  retryEinvoice(orderId: number, signal?: AbortSignal): Promise<void>;
  /**
   * Cancels a payment holding the order's amount (D216) so its dishes can change: a card payment or a
   * VietQR on the sale service (POST /payment/{id}/cancel), a payment link on the checkout service
   * (POST /payment-links/{id}/cancel).
   */
  cancelPendingPayment(payment: PendingPayment, signal?: AbortSignal): Promise<void>;
}

/** The order itself: the list, one order, opening and confirming it, its dishes, its customer, its e-invoice retry. */
function orderCalls(
  sale: ServiceClient,
): Pick<OrdersApi, 'list' | 'get' | 'create' | 'confirm' | 'addProducts' | 'setCustomer' | 'retryEinvoice' | 'voidOrder'> {
  return {
    async list({ page, pageSize, filter }, signal) {
      const q = filter.q.trim();
      const body = await sale.call({
        name: 'orders.list',
        path: '/order',
        query: {
          page,
          page_size: pageSize,
          ...(q ? { q } : {}),
          ...(filter.status === null ? {} : { order_status: filter.status }),
          ...(filter.exported === null ? {} : { is_eiv_exported: filter.exported ? 1 : 0 }),
          ...(filter.source === null ? {} : { source: filter.source }),
          // The service's creation range in unix seconds, both included (docs/areas/orders.md, D269).
          ...(filter.days ? dayRangeToUnixSeconds(filter.days) : {}),
        },
        response: orderListBodySchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page, today: body.today ?? null };
    },
    get: (orderId, signal) => sale.data({ name: 'orders.get', path: `/order/${orderId}`, schema: orderDetailSchema, signal }),
    async create(tableId, signal, idempotencyKey) {
      const answer = await sale.call({
        name: 'orders.create',
        method: 'POST',
        path: '/order',
        body: { table_id: tableId },
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
        response: orderCreatedSchema,
        signal,
      });
      return { orderId: answer.data.order_id, existing: answer.data.existing === true };
    },
    confirm: (orderId, signal) =>
      sale.data({
        name: 'orders.confirm',
        method: 'PUT',
        path: '/order/confirm',
        body: { order_id: orderId },
        schema: orderSchema,
        signal,
      }),
    async addProducts(body, idempotencyKey, signal) {
      const answer = await sale.call({
        name: 'orders.addProducts',
        method: 'PUT',
        path: '/order/product',
        body: { order_id: body.order_id, products: body.products.map((p) => ({ ...p })) },
        headers: { 'Idempotency-Key': idempotencyKey },
        response: productsAddedSchema,
        signal,
      });
      return answer.data;
    },
    voidOrder: (body, idempotencyKey, signal) =>
      sale.data({
        name: 'orders.void',
        method: 'PUT',
        path: '/order/void',
        body: { ...body },
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: orderDetailSchema,
        signal,
      }),
    setCustomer: (orderId, customerId, signal) =>
      sale.data({
        name: 'orders.setCustomer',
        method: 'PUT',
        path: '/order/customer',
        body: { order_id: orderId, customer_id: customerId },
        schema: orderSchema,
        signal,
      }),
    async retryEinvoice(orderId, signal) {
      await sale.data({
        name: 'orders.retryEinvoice',
        method: 'POST',
        path: `/order/${orderId}/einvoice/retry`,
        schema: einvoiceRetriedSchema,
        signal,
      });
    },
  };
}

/** What the dish picker shows: the available products and their categories. */
function catalogueCalls(sale: ServiceClient): Pick<OrdersApi, 'products' | 'categories'> {
  return {
    async products(q, signal) {
      const text = q.trim();
      const body = await sale.list({
        name: 'orders.products',
        path: '/inventory/product',
        query: { page: 1, page_size: PICKER_PAGE_SIZE, status: 0, ...(text ? { q: text } : {}) },
        schema: pickableProductsSchema,
        signal,
      });
      return body.data;
    },
    async categories(signal) {
      const body = await sale.list({
        name: 'orders.categories',
        path: '/category/',
        query: { page: 1, page_size: CATEGORY_PAGE_SIZE },
        schema: orderCategoriesSchema,
        signal,
      });
      return body.data.map((c) => ({ category_id: c.category_id, category_name: c.category_name }));
    },
  };
}

/** The order's customer: found by phone, or created on the spot. */
function customerCalls(sale: ServiceClient): Pick<OrdersApi, 'customerByPhone' | 'createCustomer'> {
  return {
    async customerByPhone(phone, signal) {
      const data = await sale.data({
        name: 'orders.customerByPhone',
        path: '/customer',
        query: { page: 1, page_size: 10, q: phone },
        schema: customerSearchSchema,
        signal,
      });
      return data.customers.find((c) => c.phone_number === phone) ?? null;
    },
    async createCustomer(body, signal) {
      const created = await sale.data({
        name: 'orders.createCustomer',
        method: 'POST',
        path: '/customer',
        body: { name: body.name, phone_number: body.phone_number, province_code: '', district_code: '', ward_code: '', address: '' },
        schema: customerCreatedSchema,
        signal,
      });
      return { customer_id: created.customer_id, code: created.code, name: body.name, phone_number: body.phone_number, point: 0 };
    },
  };
}

/** The bill's VietQR, and cancelling a payment that holds the order's amount (D216). */
function paymentCalls(sale: ServiceClient, checkout?: ServiceClient): Pick<OrdersApi, 'billQr' | 'cancelPendingPayment'> {
  return {
    async billQr(invoiceId, signal) {
      try {
        const data = await sale.data({ name: 'orders.billQr', path: `/payment/qr/${invoiceId}`, schema: orderQrSchema, signal });
        return data.qr;
      } catch (error) {
        // No account to receive, or paid meanwhile: the bill prints without a QR.
        if (error instanceof ServiceError && (error.code === 'BAD_REQUEST' || error.code === 'ORDER_PAID')) return null;
        throw error;
      }
    },
    async cancelPendingPayment(payment, signal) {
      if (payment.method === 'LINK') {
        if (!checkout) throw new Error('cancelPendingPayment: no checkout client to cancel a payment link');
        await cancelPaymentLinkCall(checkout, String(payment.id), signal);
        return;
      }
      await sale.data({
        name: 'orders.cancelPayment',
        method: 'POST',
        path: `/payment/${encodeURIComponent(String(payment.id))}/cancel`,
        schema: cancelledPaymentSchema,
        signal,
      });
    },
  };
}

/** `checkout` is the checkout service's client (payment links); without it a link cannot be cancelled here. */
export function createOrdersApi(sale: ServiceClient, checkout?: ServiceClient): OrdersApi {
  return { ...orderCalls(sale), ...catalogueCalls(sale), ...customerCalls(sale), ...paymentCalls(sale, checkout) };
}
