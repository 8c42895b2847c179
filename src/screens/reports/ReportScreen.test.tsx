import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { exportMachine } from '../../machines/reports/export.machine';
import { reportListMachine } from '../../machines/reports/reportList.machine';
import type { ReportFilters, ReportPage } from '../../services/reports/schemas/reportFilters';
import type { ReportChannel } from '../../services/reports/schemas/transactions';
import { renderScreen } from '../shared/test/render';
import { ReportScreen } from './ReportScreen';

afterEach(cleanup);

const row = (i: number) => ({
  id: `cash-${i}`,
  channel: 'cash',
  created_at: '2026-11-22T09:15:03+07:00',
  store_id: 1,
  store_name: `Cửa hàng ${i}`,
  merchant_name: 'M',
  bill_id: i === 0 ? '' : `HD${i}`,
  card_id: null,
  amount: 1000 * (i + 1),
  commission_fee: null,
  credit_status: 'credited',
  credit_amount: null,
  credit_date: null,
  settlement_time: null,
  status: 'success',
  response_code: '00',
  bill_url: null,
  va_account_receiver: null,
  use_qrpay: false,
  payment_channel: null,
  logo_url: null,
  transaction_type: null,
});

function start(answer: (filters: ReportFilters) => ReportPage) {
  const loadReport = vi.fn(({ input }: { input: { filters: ReportFilters } }) => Promise.resolve(answer(input.filters)));
  const actor = createActor(
    reportListMachine.provide({ actors: { loadPage: fromPromise(loadReport as never) } }),
    { input: { channel: 'cash', today: '2026-11-22' } },
  ).start();
  const exportActor = createActor(
    exportMachine.provide({ actors: { exportReport: fromCallback<EventObject, { channel: ReportChannel; filters: ReportFilters }>(() => () => {}) } }),
  ).start();
  return { actor, exportActor, loadReport };
}

describe('ReportScreen (core §2 reports on the reportList machine)', () => {
  it('announces the count, shows the total and pages through the machine', async () => {
    const { actor, exportActor, loadReport } = start((f) => ({
      rows: Array.from({ length: 10 }, (_, i) => row(i + (f.page - 1) * 10)) as never,
      totalPage: 12,
      totalAmount: 1234567,
      totalCount: 117,
      page: f.page,
      pageSize: f.pageSize,
    }));
    await renderScreen(
      <ReportScreen actor={actor} exportActor={exportActor} stores={[]} storesLoading={false} loadBillImage={() => Promise.reject(new Error('x'))} nowMs={Date.UTC(2026, 10, 22, 3)} />,
    );
    const table = await screen.findByRole('table', { name: 'Cash transactions table' });
    await waitFor(() => expect(within(table).getAllByTestId('data-row')).toHaveLength(10));
    expect(screen.getAllByRole('status').some((s) => s.textContent === '117 transactions, page 1 of 12')).toBe(true);
    // D65: the total counts what was received, and says so.
    expect(screen.getByTestId('table-total').textContent).toMatch(/^Total received: 1\.234\.567\s₫$/);
    expect(within(table).getByText('0000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 12' })).toHaveAttribute('aria-current', 'page'));
    expect(loadReport).toHaveBeenLastCalledWith(expect.objectContaining({ input: expect.objectContaining({ filters: expect.objectContaining({ page: 12 }) }) }));
    actor.stop();
    exportActor.stop();
  });

  it("says 'no data' and offers no export for an empty list", async () => {
    const { actor, exportActor } = start((f) => ({ rows: [], totalPage: 0, totalAmount: 0, totalCount: 0, page: f.page, pageSize: f.pageSize }));
    await renderScreen(
      <ReportScreen actor={actor} exportActor={exportActor} stores={[]} storesLoading={false} loadBillImage={() => Promise.reject(new Error('x'))} nowMs={Date.UTC(2026, 10, 22, 3)} />,
    );
    expect(await screen.findByTestId('no-data')).toHaveTextContent('No data');
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
    actor.stop();
    exportActor.stop();
  });

  it('core §2 reports: a list with nothing received (failed payments only) shows no total but still offers the export (D65)', async () => {
    const { actor, exportActor } = start((f) => ({
      rows: [{ ...row(0), status: 'fail' }] as never,
      totalPage: 1,
      totalAmount: 0,
      totalCount: 1,
      page: f.page,
      pageSize: f.pageSize,
    }));
    await renderScreen(
      <ReportScreen actor={actor} exportActor={exportActor} stores={[]} storesLoading={false} loadBillImage={() => Promise.reject(new Error('x'))} nowMs={Date.UTC(2026, 10, 22, 3)} />,
    );
    const table = await screen.findByRole('table', { name: 'Cash transactions table' });
    await waitFor(() => expect(within(table).getAllByTestId('data-row')).toHaveLength(1));
    expect(screen.queryByTestId('table-total')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
    actor.stop();
    exportActor.stop();
  });
});
