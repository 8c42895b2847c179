import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

// An uncoded invoice (the example), a coded one, and a stored value in no readable shape.
const uncoded: Order = { ...sampleOrder, order_id: 51, order_code: 'DH51', status: 0, eiv_code: '::DLBGLTG52H::1', is_eiv_exported: true };
const coded: Order = {
  ...sampleOrder,
  order_id: 52,
  order_code: 'DH52',
  status: 0,
  eiv_code: 'M1-26-0001-00009::P3RZ8WQK2M::9',
  cqt_code: 'M1-26-0001-00009',
  is_eiv_exported: true,
};
const legacy: Order = {
  ...sampleOrder,
  order_id: 53,
  order_code: 'DH53',
  status: 0,
  eiv_code: 'M1-26-0001-00000::0::0',
  is_eiv_exported: true,
};

function listActor(rows: Order[]) {
  return createActor(
    orderListMachine.provide({
      actors: {
        loadPage: fromPromise<OrderPage, OrderQuery>(async () => ({ rows, totalPage: 1 })),
        loadDetail: fromPromise<OrderDetail, { orderId: number }>(async ({ input }) => ({
          invoice_data: rows.find((r) => r.order_id === input.orderId)!,
          products_data: [],
        })),
      },
    }),
    { input: {} },
  ).start();
}

async function renderList(rows: Order[], language: 'vi' | 'en') {
  const actor = listActor(rows);
  const bulk = createActor(bulkExportMachine, { input: { resume: null } }).start();
  await renderScreen(
    <OrderListScreen
      actor={actor}
      canCreate={false}
      editHref={(id) => `/sale-order/${id}`}
      einvoice={{ columns: true, bulk, onExport: () => {} }}
    />,
    { language },
  );
  return actor;
}

describe('the order e-invoice code on the list and the detail (issue 24 §7, D224)', () => {
  it(
    'issue 24 §7: the list column shows number and lookup code, never "cqt::lookup::number" (vi)',
    async () => {
      await renderList([uncoded, coded, legacy], 'vi');
      const codes = await screen.findAllByTestId('order-einvoice-code');
      expect(codes.map((c) => c.textContent)).toEqual([
        'Số 1 · Mã tra cứu DLBGLTG52H',
        'Số 9 · Mã tra cứu P3RZ8WQK2M',
        'Mã đã lưu: M1-26-0001-00000::0::0',
      ]);
    },
    SLOW,
  );

  it(
    'issue 24 §7: the detail names the invoice by number and lookup code, and the tax-authority code apart when there is one (en)',
    async () => {
      await renderList([uncoded, coded], 'en');
      fireEvent.click(await screen.findByRole('button', { name: 'Details of order DH52' }));
      const detail = await screen.findByTestId('order-detail');
      expect(within(detail).getByTestId('order-detail-eiv-code').textContent).toBe('No. 9 · Lookup code P3RZ8WQK2M');
      expect(within(detail).getByTestId('order-detail-cqt-code').textContent).toBe('M1-26-0001-00009');
      expect(within(detail).getByText('Tax authority code')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'issue 24 §7: an invoice not coded yet shows no tax-authority code (the empty first part is that code, not the symbol)',
    async () => {
      await renderList([uncoded], 'vi');
      fireEvent.click(await screen.findByRole('button', { name: 'Chi tiết đơn DH51' }));
      const detail = await screen.findByTestId('order-detail');
      expect(within(detail).getByTestId('order-detail-eiv-code').textContent).toBe('Số 1 · Mã tra cứu DLBGLTG52H');
      expect(within(detail).queryByTestId('order-detail-cqt-code')).toBeNull();
    },
    SLOW,
  );
});
