import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { bulkExportMachine } from '../../../machines/orders/bulkExport.machine';
import { orderListMachine } from '../../../machines/orders/orderList.machine';
import type { OrderQuery } from '../../../machines/orders/rules/orderUrl';
import { sampleOrder } from '../../../services/orders/samples';
import type { Order, OrderDetail, OrderPage } from '../../../services/orders/schemas';
import { renderScreen } from '../../shared/test/render';
import { OrderListScreen } from '../OrderListScreen';

afterEach(cleanup);

const SLOW = 20_000;

// D250: a paid order whose invoice at the moment of sale failed at the provider.
const failed: Order = {
  ...sampleOrder,
  order_id: 61,
  order_code: 'DH61',
  status: 0,
  payment_status: 1,
  einvoice_job: { state: 'FAILED', serial: null, error_code: 'EINV_INVOICE_REFUSED', attempts: 1, next_at: null },
};

function setup(rows: Order[], today: OrderPage['today']) {
  const retried: number[] = [];
  let job = rows[0]!.einvoice_job;
  const actor = createActor(
    orderListMachine.provide({
      actors: {
        loadPage: fromPromise<OrderPage, OrderQuery>(async () => ({
          rows: rows.map((r) => ({ ...r, einvoice_job: job })),
          totalPage: 1,
          today,
        })),
        loadDetail: fromPromise<OrderDetail, { orderId: number }>(async ({ input }) => ({
          invoice_data: { ...rows.find((r) => r.order_id === input.orderId)!, einvoice_job: job },
          products_data: [],
        })),
        retryEinvoice: fromPromise<void, { orderId: number }>(async ({ input }) => {
          retried.push(input.orderId);
          job = job ? { ...job, state: 'QUEUED', error_code: null } : job;
        }),
      },
    }),
    { input: {} },
  ).start();
  const bulk = createActor(bulkExportMachine, { input: { resume: null } }).start();
  return { actor, bulk, retried };
}

describe('the invoice at the moment of sale on the order list (issue 25 §3)', () => {
  it(
    "issue 25 §3: the list shows the day's paid and not-invoiced count, and lists those orders on a click (en)",
    async () => {
      const { actor, bulk } = setup([failed], { paid: 5, not_invoiced: 2 });
      await renderScreen(
        <OrderListScreen
          actor={actor}
          canCreate={false}
          editHref={(id) => `/sale-order/${id}`}
          einvoice={{ columns: true, bulk, onExport: () => {} }}
        />,
        { language: 'en' },
      );
      expect((await screen.findByTestId('order-today-text')).textContent).toBe('Today: 5 paid, 2 without an e-invoice');
      fireEvent.click(screen.getByTestId('order-today-show'));
      await waitFor(() => expect(actor.getSnapshot().context.filter).toMatchObject({ status: 0, exported: false }));
    },
    SLOW,
  );

  it(
    'issue 25 §3: without an active e-invoice set-up the count is not shown (vi)',
    async () => {
      const { actor } = setup([failed], { paid: 5, not_invoiced: 2 });
      await renderScreen(<OrderListScreen actor={actor} canCreate={false} editHref={(id) => `/sale-order/${id}`} />, { language: 'vi' });
      await screen.findByText('DH61');
      expect(screen.queryByTestId('order-today')).toBeNull();
    },
    SLOW,
  );

  it(
    'issue 25 §3: a failed invoice is retried from the order detail at the sale service, once, and then shows as queued (vi)',
    async () => {
      const { actor, bulk, retried } = setup([failed], { paid: 1, not_invoiced: 1 });
      await renderScreen(
        <OrderListScreen
          actor={actor}
          canCreate={false}
          editHref={(id) => `/sale-order/${id}`}
          einvoice={{ columns: true, bulk, onExport: () => {} }}
        />,
        { language: 'vi' },
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Chi tiết đơn DH61' }));
      const retry = await screen.findByTestId('order-detail-einvoice-retry');
      expect(retry.textContent).toBe('Phát hành lại hóa đơn');
      fireEvent.click(retry);
      fireEvent.click(retry);
      await waitFor(() => expect(screen.queryByTestId('order-detail-einvoice-retry')).toBeNull());
      expect(retried).toEqual([61]);
      expect(screen.getByTestId('order-detail-einvoice-job').textContent).toBe('Đang xuất tự động');
    },
    SLOW,
  );
});
