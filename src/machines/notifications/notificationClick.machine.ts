import { assign, fromPromise, setup } from 'xstate';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * Clicking a bell notification (core §4): mark it seen (status 2), refresh the list, fetch the order,
 * then go to /sale-order when the order is completed (status 0: paid, nothing left to do on it), else
 * to /sale-order/{order_id} (1 handling, 2 selecting; doc 2 §3). A failure
 * is shown and can be retried from the step that failed; marking seen twice is harmless (PUT).
 */

export interface ClickedNotification {
  id: number;
  order_id: number | null;
  order_code: string;
  /** 3: the order's e-invoice was not issued (D257): it opens in the order list, where the retry is. */
  notification_type?: number;
}

/** Bell notification type 3 (D257). */
export const EINVOICE_FAILED_NOTIFICATION = 3;
/** Bell notification type 4: a staff member's void or refund waits for the owner's approval (D310). */
export const APPROVAL_REQUESTED_NOTIFICATION = 4;

export interface OrderSummary {
  id: number;
  status: number;
}

export type FailedStep = 'markSeen' | 'fetchOrder';

export interface NotificationClickContext {
  notification: ClickedNotification | null;
  errorCode: string | null;
  failedStep: FailedStep | null;
}

export type NotificationClickEvent = { type: 'CLICK'; notification: ClickedNotification } | { type: 'RETRY' } | { type: 'DISMISS' };

/** doc 2 §3 order status 0: completed (paid). */
export const COMPLETED_ORDER_STATUS = 0;

/** Where a notification leads: the order list, or one order's page (the app turns it into an address). */
export type OrderDestination = { kind: 'orderList'; search?: string } | { kind: 'order'; orderId: number } | { kind: 'approvals' };

/** core §4: a completed order (status 0) opens the order list, an open one (1, 2) the order itself. */
export function orderDestination(order: OrderSummary, notification?: ClickedNotification | null): OrderDestination {
  // D257: an e-invoice that was not issued opens the list searched to its order (its state and retry are there).
  if (notification?.notification_type === EINVOICE_FAILED_NOTIFICATION) return { kind: 'orderList', search: notification.order_code };
  // D310, D317: an approval asked opens the approvals page, where the owner decides it.
  if (notification?.notification_type === APPROVAL_REQUESTED_NOTIFICATION) return { kind: 'approvals' };
  return order.status === COMPLETED_ORDER_STATUS ? { kind: 'orderList' } : { kind: 'order', orderId: order.id };
}

export const notificationClickMachine = setup({
  types: {
    context: {} as NotificationClickContext,
    events: {} as NotificationClickEvent,
    tags: {} as 'busy',
  },
  actors: {
    markSeen: fromPromise<void, { id: number }>(async () => {
      throw notProvided('markSeen');
    }),
    refreshList: fromPromise<void>(async () => {
      throw notProvided('refreshList');
    }),
    fetchOrder: fromPromise<OrderSummary, { orderId: number | null; orderCode: string }>(async () => {
      throw notProvided('fetchOrder');
    }),
  },
  actions: {
    openOrder: (_, _params: { destination: OrderDestination }) => undefined,
    assignNotification: assign((_, params: { notification: ClickedNotification }) => ({
      notification: params.notification,
      errorCode: null,
      failedStep: null,
    })),
    assignFailure: assign((_, params: { step: FailedStep; error: unknown }) => ({
      errorCode: errorCode(params.error),
      failedStep: params.step,
    })),
    clearFailure: assign({ errorCode: null, failedStep: null }),
    forget: assign({ notification: null, errorCode: null, failedStep: null }),
  },
  guards: {
    failedAtMarkSeen: ({ context }) => context.failedStep === 'markSeen',
  },
}).createMachine({
  id: 'notificationClick',
  description: 'A bell notification clicked: mark seen, refresh, fetch the order, open it.',
  context: { notification: null, errorCode: null, failedStep: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CLICK: {
          target: 'markingSeen',
          actions: { type: 'assignNotification', params: ({ event }) => ({ notification: event.notification }) },
        },
      },
    },
    markingSeen: {
      tags: ['busy'],
      invoke: {
        id: 'markSeen',
        src: 'markSeen',
        input: ({ context }) => ({ id: context.notification!.id }),
        onDone: { target: 'refreshing' },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ step: 'markSeen', error: event.error }) },
        },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshList',
        src: 'refreshList',
        onDone: { target: 'fetchingOrder' },
        // The badge may lag until the next refresh; the user still gets to the order.
        onError: { target: 'fetchingOrder', description: 'A failed refresh does not stop the way to the order.' },
      },
    },
    fetchingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.notification!.order_id, orderCode: context.notification!.order_code }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'openOrder', params: ({ context, event }) => ({ destination: orderDestination(event.output, context.notification) }) },
            'forget',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ step: 'fetchOrder', error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        RETRY: [
          { guard: 'failedAtMarkSeen', target: 'markingSeen', actions: 'clearFailure' },
          { target: 'fetchingOrder', actions: 'clearFailure' },
        ],
        CLICK: {
          target: 'markingSeen',
          actions: { type: 'assignNotification', params: ({ event }) => ({ notification: event.notification }) },
        },
        DISMISS: { target: 'idle', actions: 'forget' },
      },
    },
  },
});
