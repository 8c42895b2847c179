import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { orderEditMachine, type LoadedOrder, type SubmitInput } from '../../machines/orders/orderEdit.machine';
import { orderListMachine, type PrintInput } from '../../machines/orders/orderList.machine';
import type { OrderQuery } from '../../machines/orders/rules/orderUrl';
import type {
  Order,
  OrderCategory,
  OrderCreated,
  OrderCustomer,
  OrderDetail,
  OrderPage,
  PendingPayment,
  PickableProduct,
  QuickCustomer,
} from '../../services/orders/schemas';
import { sampleOrder as order } from '../../services/orders/samples';
import { renderScreen } from '../shared/test/render';
import { OrderEditScreen } from './OrderEditScreen';
import { OrderListScreen } from './OrderListScreen';

afterEach(cleanup);

// happy-dom has no layout: give elements the picker's size so the virtualiser has a window to fill.
const SIZES = [
  ['offsetHeight', 420],
  ['offsetWidth', 360],
  ['clientHeight', 420],
  ['clientWidth', 360],
] as const;
beforeAll(() => {
  for (const [prop, size] of SIZES) Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
});
afterAll(() => {
  for (const [prop] of SIZES) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
});

const pho: PickableProduct = { product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, price: 55_000, status: 0, category_ids: [3] };
const tra: PickableProduct = { product_id: 8, code: 'PC002', name: '<b>Trà đá</b>', img: null, price: 5_000, status: 0, category_ids: [] };
const categories: OrderCategory[] = [{ category_id: 3, category_name: 'Phở' }];

function editActor(
  options: {
    submit?: (input: SubmitInput) => Promise<OrderDetail>;
    find?: OrderCustomer | null;
    cancel?: (pending: PendingPayment[]) => Promise<void>;
  } = {},
) {
  const submits: SubmitInput[] = [];
  const cancelled: PendingPayment[][] = [];
  const attached: number[] = [];
  const created: QuickCustomer[] = [];
  const actor = createActor(
    orderEditMachine.provide({
      actors: {
        loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async () => ({
          detail: { invoice_data: order, products_data: [] },
          pending: null,
        })),
        loadProducts: fromPromise<PickableProduct[], { q: string }>(async () => [pho, tra]),
        loadCategories: fromPromise<OrderCategory[], void>(async () => categories),
        submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input }) => {
          submits.push(input);
          if (options.submit) return options.submit(input);
          return {
            invoice_data: { ...order, status: 1, total_price: 110_000, total_money: 110_000, sub_total: 110_000, product_amount: 2 },
            products_data: [
              { product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, amount: 2, price: 55_000, tax_class: 'REDUCED_ELIGIBLE' },
            ],
          };
        }),
        findCustomer: fromPromise<OrderCustomer | null, { phone: string }>(async () => options.find ?? null),
        createCustomer: fromPromise<OrderCustomer, QuickCustomer>(async ({ input }) => {
          created.push(input);
          return { customer_id: 13, code: 'KH000013', name: input.name, phone_number: input.phone_number, point: 0 };
        }),
        attachCustomer: fromPromise<Order, { orderId: number; customerId: number }>(async ({ input }) => {
          attached.push(input.customerId);
          return { ...order, customer_id: input.customerId, name: 'Nguyễn Lan' };
        }),
        cancelPending: fromPromise<void, { pending: PendingPayment[] }>(async ({ input }) => {
          cancelled.push(input.pending);
          await options.cancel?.(input.pending);
        }),
      },
    }),
    { input: { orderId: 41 } },
  ).start();
  return { actor, submits, attached, created, cancelled };
}

/** 409 ORDER_PAYMENT_PENDING (D214): the order's 12,000 ₫ card payment is waiting on the terminal. */
const cardPending: PendingPayment = { method: 'CARD', id: 9, amount: 12_000, serial_number: '18501000000101', created_at: 1_780_000_000 };
const paymentPendingError = {
  code: 'ORDER_PAYMENT_PENDING',
  status: 409,
  data: { method: 'CARD', id: 9, amount: 12_000, pending: [cardPending] },
};

// The screens render 2 products with Mantine: slow on the shared machine, so each test gets 20 s.
const SLOW = 20_000;

describe('order editing screen (doc 2 §2, §4, §5, §9)', () => {
  it(
    'adds dishes to the basket, changes a quantity, and a double click on confirm sends once',
    async () => {
      const { actor, submits } = editActor();
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/sale-order/payment/41" />);
      const list = await screen.findByTestId('order-products');
      // Product names are text, never markup.
      expect(within(list).getByText('<b>Trà đá</b>')).toBeTruthy();
      fireEvent.click(within(list).getByRole('button', { name: /^Add Phở bò tái/ }));
      fireEvent.click(within(list).getByRole('button', { name: /^Add Phở bò tái/ }));
      const amount = screen.getByRole('textbox', { name: 'Quantity of Phở bò tái' }) as HTMLInputElement;
      expect(amount.value).toBe('2');
      expect(screen.getByTestId('order-basket-total').textContent).toMatch(/110[.,]000/);
      // The category tab narrows the list without a request.
      fireEvent.click(screen.getByRole('button', { name: 'Phở' }));
      await waitFor(() => expect(within(list).queryByText('<b>Trà đá</b>')).toBeNull());
      const confirm = screen.getByRole('button', { name: 'Confirm order' });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      expect(await screen.findByText('Dishes added')).toBeTruthy();
      expect(submits).toHaveLength(1);
      expect(submits[0]).toMatchObject({ orderId: 41, confirm: true, lines: [{ product_id: 7, amount: 2 }] });
      expect(screen.getByTestId('order-total').textContent).toMatch(/110[.,]000/);
      // The popup closes by itself after 2 s.
      await waitFor(() => expect(screen.queryByText('Dishes added')).toBeNull(), { timeout: 3000 });
    },
    SLOW,
  );

  it(
    'keeps the basket after a refusal, and after a lost answer freezes it and offers to send the same attempt again',
    async () => {
      let answer: 'refuse' | 'lose' = 'refuse';
      const { actor, submits } = editActor({
        submit: async () => {
          throw answer === 'refuse' ? { code: 'PRODUCT_NOT_AVAILABLE', status: 409 } : { code: 'NETWORK_ERROR', status: 0 };
        },
      });
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/sale-order/payment/41" />);
      fireEvent.click(await screen.findByRole('button', { name: /^Add Phở bò tái/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
      await waitFor(() => expect(submits).toHaveLength(1));
      await waitFor(() => expect((screen.getByRole('button', { name: 'Confirm order' }) as HTMLButtonElement).disabled).toBe(false));
      expect(screen.getAllByTestId('order-basket-line')).toHaveLength(1);
      answer = 'lose';
      fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
      expect(await screen.findByTestId('order-uncertain')).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Quantity of Phở bò tái' }) as HTMLInputElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('order-send-again'));
      await waitFor(() => expect(submits).toHaveLength(3));
      expect(submits[2]!.lines).toEqual(submits[1]!.lines);
    },
    SLOW,
  );

  it.each([
    {
      language: 'en' as const,
      add: /^Add Phở bò tái/,
      submit: 'Confirm order',
      title: 'A payment is waiting on this order',
      line: /Card payment on the terminal: 12[.,]000/,
      cancel: 'Cancel the payment',
      failed: /The payment could not be cancelled/,
    },
    {
      language: 'vi' as const,
      add: /^Thêm Phở bò tái/,
      submit: 'Xác nhận đơn',
      title: 'Đơn hàng đang chờ thanh toán',
      line: /Thanh toán thẻ trên máy POS: 12[.,]000/,
      cancel: 'Hủy thanh toán đang chờ',
      failed: /Không hủy được thanh toán/,
    },
  ])(
    'issue 24 §1 ($language): a payment waiting on the order keeps the basket, names the payment, and cancels it on request before the dishes are sent again',
    async (text) => {
      let refuse = true;
      let cancelFails = true;
      const { actor, submits, cancelled } = editActor({
        submit: async () => {
          if (refuse) throw paymentPendingError;
          return { invoice_data: { ...order, status: 1 }, products_data: [] };
        },
        cancel: async () => {
          if (cancelFails) throw { code: 'NETWORK_ERROR', status: 0 };
        },
      });
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/sale-order/payment/41" />, {
        language: text.language,
      });
      fireEvent.click(await screen.findByRole('button', { name: text.add }));
      fireEvent.click(screen.getByRole('button', { name: text.submit }));
      const alert = await screen.findByTestId('order-payment-pending');
      expect(within(alert).getByText(text.title)).toBeTruthy();
      expect(within(alert).getByTestId('order-pending-payment').textContent).toMatch(text.line);
      // Nothing was added, and what was being added is kept (still editable, but not sent until the cashier chooses).
      expect(screen.getAllByTestId('order-basket-line')).toHaveLength(1);
      expect((screen.getAllByTestId('order-basket-amount')[0] as HTMLInputElement).disabled).toBe(false);
      expect((screen.getByRole('button', { name: text.submit }) as HTMLButtonElement).disabled).toBe(true);

      // A failed cancel says so and can be tried again.
      fireEvent.click(within(alert).getByRole('button', { name: text.cancel }));
      expect(await screen.findByTestId('order-pending-cancel-failed')).toBeTruthy();
      expect(screen.getByTestId('order-pending-cancel-failed').textContent).toMatch(text.failed);
      expect(cancelled).toEqual([[cardPending]]);
      cancelFails = false;
      fireEvent.click(screen.getByTestId('order-pending-cancel'));
      await waitFor(() => expect(screen.queryByTestId('order-payment-pending')).toBeNull());
      expect(cancelled).toEqual([[cardPending], [cardPending]]);
      // The basket is back to edit and is not sent by itself: the cashier sends it again.
      expect(submits).toHaveLength(1);
      expect(screen.getAllByTestId('order-basket-line')).toHaveLength(1);
      refuse = false;
      fireEvent.click(screen.getByRole('button', { name: text.submit }));
      await waitFor(() => expect(submits).toHaveLength(2));
      expect(submits[1]!.lines).toEqual(submits[0]!.lines);
    },
    SLOW,
  );

  it(
    'issue 24 §1: keeping the waiting payment gives the basket back untouched and cancels nothing',
    async () => {
      const { actor, cancelled } = editActor({
        submit: async () => {
          throw paymentPendingError;
        },
      });
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/sale-order/payment/41" />);
      fireEvent.click(await screen.findByRole('button', { name: /^Add Phở bò tái/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
      fireEvent.click(await screen.findByTestId('order-pending-keep'));
      await waitFor(() => expect(screen.queryByTestId('order-payment-pending')).toBeNull());
      expect(cancelled).toEqual([]);
      expect((screen.getAllByTestId('order-basket-amount')[0] as HTMLInputElement).disabled).toBe(false);
    },
    SLOW,
  );

  it(
    'looks a phone up, offers quick create for an unknown one, refuses a bad name and attaches the new customer 1 s after creating',
    async () => {
      const { actor, created, attached } = editActor();
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/sale-order/payment/41" />);
      fireEvent.click(await screen.findByTestId('order-customer-open'));
      fireEvent.change(await screen.findByTestId('order-customer-phone'), { target: { value: '0912345678' } });
      fireEvent.click(await screen.findByTestId('order-customer-new', {}, { timeout: 2000 }));
      fireEvent.change(await screen.findByTestId('order-customer-name'), { target: { value: 'Lan  2' } });
      fireEvent.click(screen.getByTestId('order-customer-create-submit'));
      expect(await screen.findByText('The name cannot have two spaces in a row.')).toBeTruthy();
      expect(created).toHaveLength(0);
      fireEvent.change(screen.getByTestId('order-customer-name'), { target: { value: 'Nguyễn Lan' } });
      fireEvent.click(screen.getByTestId('order-customer-create-submit'));
      await waitFor(() => expect(created).toEqual([{ name: 'Nguyễn Lan', phone_number: '0912345678' }]));
      expect(attached).toEqual([]);
      await waitFor(() => expect(attached).toEqual([13]), { timeout: 2500 });
      await waitFor(() => expect(screen.getByTestId('order-customer').textContent).toBe('Nguyễn Lan'));
    },
    SLOW,
  );
});

describe('order list screen (doc 2 §1, §2)', () => {
  function listActor() {
    const loads: OrderQuery[] = [];
    const prints: PrintInput[] = [];
    const actor = createActor(
      orderListMachine.provide({
        actors: {
          loadPage: fromPromise<OrderPage, OrderQuery>(async ({ input }) => {
            loads.push(input);
            return { rows: [{ ...order, status: 1, customer_id: 12, name: '<i>Lan</i>', table_name: 'Bàn 3' }], totalPage: 1 };
          }),
          loadDetail: fromPromise<OrderDetail, { orderId: number }>(async () => ({
            invoice_data: { ...order, status: 1 },
            products_data: [
              { product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, amount: 2, price: 55_000, tax_class: 'REDUCED_ELIGIBLE' },
            ],
          })),
          createOrder: fromPromise<OrderCreated, { tableId: number | null }>(async () => ({ orderId: 77, existing: false })),
          printReceipt: fromPromise<void, PrintInput>(async ({ input }) => {
            prints.push(input);
          }),
        },
      }),
      { input: {} },
    ).start();
    return { actor, loads, prints };
  }

  it(
    'hides the create button for a food-and-beverage merchant and shows it otherwise',
    async () => {
      const { actor } = listActor();
      const view = await renderScreen(<OrderListScreen actor={actor} canCreate={false} editHref={(id) => `/sale-order/${id}`} />);
      await screen.findByText('<i>Lan</i>');
      expect(screen.queryByTestId('order-create')).toBeNull();
      view.unmount();
      await renderScreen(<OrderListScreen actor={listActor().actor} canCreate editHref={(id) => `/sale-order/${id}`} />);
      expect(await screen.findByTestId('order-create')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens a row’s detail with its dishes and totals, and filters by status from page 1',
    async () => {
      const { actor, loads } = listActor();
      await renderScreen(<OrderListScreen actor={actor} canCreate={false} editHref={(id) => `/sale-order/${id}`} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Details of order DH000041' }));
      const lines = await screen.findByTestId('order-detail-lines');
      expect(within(lines).getByText('Phở bò tái')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Open the order' }).getAttribute('href')).toBe('/sale-order/41');
      actor.send({ type: 'FILTER.SET', filter: { status: 0 } });
      await waitFor(() => expect(loads.at(-1)).toMatchObject({ page: 1, filter: { status: 0 } }));
    },
    SLOW,
  );
});
