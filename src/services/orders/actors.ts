import { newIdempotencyKey, outcomeUnknown } from '../../rules/idempotency';
import type { ApprovalFields } from '../approvals';
import type { VoidReason } from '../../rules/orderVoid';
import { fromPromise } from 'xstate';
import type { OrderListQuery, OrdersApi } from './api';

export interface VoidSubject {
  orderId: number;
  reason: VoidReason;
  note: string;
}
const voidBody = (s: VoidSubject) => ({ order_id: s.orderId, reason: s.reason, note: s.note === '' ? null : s.note });
import { createAttemptStore, type AttemptStore } from './attempts';
import type {
  BasketLine,
  ConfirmAttempt,
  Order,
  OrderCategory,
  OrderCreated,
  OrderCustomer,
  OrderDetail,
  OrderPage,
  PendingPayment,
  PickableProduct,
  QuickCustomer,
} from './schemas';

/** What the order screen loads: the order with its lines, and an attempt to add dishes left unanswered. */
export interface LoadedOrder {
  detail: OrderDetail;
  pending: ConfirmAttempt | null;
}

export interface SubmitInput {
  orderId: number;
  lines: BasketLine[];
  /** The order is still selecting (2): PUT /order/confirm runs first (doc 2 §4). */
  confirm: boolean;
}

/**
 * Implementations of the orders machines' actors for `machine.provide({ actors })` in src/app. Each
 * request stops when the machine stops the actor.
 */
export function createOrdersActors(orders: OrdersApi, attempts: AttemptStore = createAttemptStore()) {
  return {
    /** This tab's unanswered sends of dishes (D124): the till queues one under its own key (D383). */
    attempts,
    loadOrders: fromPromise<OrderPage, OrderListQuery>(({ input, signal }) => orders.list(input, signal)),
    loadDetail: fromPromise<OrderDetail, { orderId: number }>(({ input, signal }) => orders.get(input.orderId, signal)),
    createOrder: fromPromise<OrderCreated, { tableId: number | null }>(({ input, signal }) => orders.create(input.tableId, signal)),
    retryEinvoice: fromPromise<void, { orderId: number }>(({ input, signal }) => orders.retryEinvoice(input.orderId, signal)),
    loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async ({ input, signal }) => {
      const detail = await orders.get(input.orderId, signal);
      return { detail, pending: attempts.pending(input.orderId) };
    }),
    loadProducts: fromPromise<PickableProduct[], { q: string }>(({ input, signal }) => orders.products(input.q, signal)),
    loadCategories: fromPromise<OrderCategory[], void>(({ signal }) => orders.categories(signal)),
    /**
     * Confirm (when still selecting) then add the basket, with the attempt's Idempotency-Key. The
     * key is kept until a definite answer: a lost answer leaves it for the retry (D124).
     */
    submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input, signal }) => {
      const attempt = input.lines.length > 0 ? attempts.begin(input.orderId, input.lines) : null;
      try {
        if (input.confirm) await orders.confirm(input.orderId, signal);
        const detail = attempt ? await orders.addProducts(attempt.body, attempt.key, signal) : await orders.get(input.orderId, signal);
        attempts.finish(input.orderId);
        return detail;
      } catch (error) {
        if (attempt && !outcomeUnknown(error)) attempts.finish(input.orderId);
        throw error;
      }
    }),
    /** Cancels every payment holding the order's amount, newest first (D216), so the dishes can be added. */
    cancelPending: fromPromise<void, { pending: PendingPayment[] }>(async ({ input, signal }) => {
      for (const payment of input.pending) await orders.cancelPendingPayment(payment, signal);
    }),
    findCustomer: fromPromise<OrderCustomer | null, { phone: string }>(({ input, signal }) => orders.customerByPhone(input.phone, signal)),
    createCustomer: fromPromise<OrderCustomer, QuickCustomer>(({ input, signal }) => orders.createCustomer(input, signal)),
    /** D301: the void with the attempt's key, which the machine keeps for a retry. */
    voidOrder: fromPromise<OrderDetail, VoidSubject & { key: string }>(({ input, signal }) =>
      orders.voidOrder(voidBody(input), input.key, signal),
    ),
    /**
     * D310: the void as the approval step's gated call — asking the owner sends it with
     * approval_request; carrying it out sends the approval's fields under a new key (the first
     * attempt's key holds its APPROVAL_REQUIRED answer).
     */
    voidApproval: {
      gated: (subject: unknown) => ({ method: 'PUT' as const, path: '/order/void', body: voidBody(subject as VoidSubject) }),
      perform: (subject: unknown, fields: ApprovalFields, signal?: AbortSignal) =>
        orders.voidOrder({ ...voidBody(subject as VoidSubject), ...fields }, newIdempotencyKey('void'), signal),
    },
    attachCustomer: fromPromise<Order, { orderId: number; customerId: number }>(({ input, signal }) =>
      orders.setCustomer(input.orderId, input.customerId, signal),
    ),
  };
}

export type OrdersActors = ReturnType<typeof createOrdersActors>;
