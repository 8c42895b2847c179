import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { dashboardMachine, type DashboardEvent } from '../../machines/dashboard/dashboard.machine';
import type { DashboardChunk } from '../../services/reports';
import { renderScreen } from '../shared/test/render';
import { DashboardScreen } from './DashboardScreen';

afterEach(cleanup);

const TODAY = '2026-11-23';

const day: DashboardChunk = {
  kind: 'day',
  period: TODAY,
  current: { revenue: 1_700_000, count: 3 },
  // A past day's span is the whole day: the same figures.
  previous: { period: '2026-11-22', revenue: 100_000, count: 1 },
  previous_span: { from: '2026-11-22', to: '2026-11-22', revenue: 100_000, count: 1 },
  split: { revenue: { card: 1_000_000, qr: 500_000, other: 200_000 }, count: { card: 1, qr: 1, other: 1 } },
};
const month: DashboardChunk = {
  kind: 'month',
  period: '2026-11',
  current: { revenue: 90_000_000, count: 800 },
  previous: { period: '2026-10', revenue: 120_000_000, count: 1000 },
  previous_span: { from: '2026-10-01', to: '2026-10-23', revenue: 80_000_000, count: 800 },
};
const year: DashboardChunk = {
  kind: 'year',
  period: '2026',
  current: { revenue: 900_000_000, count: 9000 },
  previous: { period: '2025', revenue: 1_000_000_000, count: 11_000 },
  previous_span: { from: '2025-01-01', to: '2025-11-23', revenue: 1_000_000_000, count: 10_000 },
};
const recent: DashboardChunk = {
  kind: 'recent',
  transactions: [
    {
      id: 'card-0000004',
      store_name: 'Phố Cổ – Hàng Bạc',
      type: 'card',
      amount: 3_135_000,
      status: 'fail',
      created_at: Date.UTC(2026, 10, 23, 5),
    },
    {
      id: 'card-0000003',
      store_name: 'Phố Cổ – Hàng Bạc',
      type: 'card',
      amount: 1_000_000,
      status: 'success',
      created_at: Date.UTC(2026, 10, 23, 3),
    },
  ],
};

async function show(chunks: DashboardChunk[]) {
  let send: ((event: DashboardEvent) => void) | null = null;
  const streamDashboard = fromCallback<EventObject, { date: string }>(({ sendBack }) => {
    send = sendBack as (event: DashboardEvent) => void;
  });
  const actor = createActor(dashboardMachine.provide({ actors: { streamDashboard } }), { input: { today: TODAY } }).start();
  await renderScreen(<DashboardScreen actor={actor} />);
  act(() => {
    for (const chunk of chunks) send!({ type: 'DASHBOARD.CHUNK', chunk });
    send!({ type: 'DASHBOARD.END' });
  });
  return actor;
}

describe('DashboardScreen (core §2 dashboard)', () => {
  it('core §2 dashboard: the month compares with the same days of the previous month (D63), the whole month shown beside it', async () => {
    const actor = await show([day, month, year, recent]);
    const card = screen.getByTestId('card-month');
    expect(within(card).getByTestId('card-month-revenue-span')).toHaveTextContent(
      'Previous month, same span (01/10/2026–23/10/2026): 80.000.000 ₫',
    );
    expect(within(card).getByTestId('card-month-revenue-span')).toHaveAttribute('data-value', '80000000');
    // 90 M against 80 M of 1–23 October is up 12.5 %, not down 25 % against the whole of October.
    expect(within(card).getByTestId('card-month-revenue-change')).toHaveTextContent('Up 12.50%');
    expect(within(card).getByTestId('card-month-revenue-whole')).toHaveTextContent('Whole previous month (2026-10): 120.000.000 ₫');
    expect(within(card).getByTestId('card-month-count-change')).toHaveTextContent('No change (0.00%)');
    expect(within(card).getByTestId('card-month-count-whole')).toHaveAttribute('data-value', '1000');
    // The year: the same span and the whole year differ in count only; both figures keep the whole line.
    expect(screen.getByTestId('card-year-revenue-change')).toHaveTextContent('Down 10.00%');
    expect(screen.getByTestId('card-year-revenue-whole')).toHaveAttribute('data-value', '1000000000');
    actor.stop();
  });

  it("core §2 dashboard: a past day's span is the whole day, so it is shown once", async () => {
    const actor = await show([day]);
    expect(screen.getByTestId('card-day-revenue-span')).toHaveTextContent('Previous day, same span (22/11/2026): 100.000 ₫');
    expect(screen.queryByTestId('card-day-revenue-whole')).toBeNull();
    actor.stop();
  });

  it('core §2 dashboard: revenue is payments received, card / QR / other payment channels, and the page says so (D62)', async () => {
    const actor = await show([day]);
    expect(screen.getByTestId('dashboard-scope')).toHaveTextContent('saving and loan transactions are not revenue');
    expect(screen.getByTestId('chart-revenue-other')).toHaveTextContent('Other payment channels: 200.000 ₫ (11.76%)');
    expect(screen.getByTestId('card-day-revenue')).toHaveAttribute('data-value', '1700000');
    actor.stop();
  });

  it('core §2 dashboard: each recent transaction shows its status; a failed payment reads as failed (D64)', async () => {
    const actor = await show([recent]);
    const table = screen.getByRole('table', { name: 'Recent transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Store', 'Type', 'Amount', 'Status', 'Created date']);
    const [failed, paid] = within(table).getAllByTestId('data-row');
    expect(failed).toHaveTextContent('3.135.000 ₫');
    expect(failed).toHaveTextContent('Failed');
    expect(within(failed!).getByText('Failed').closest('[data-tone]')).toHaveAttribute('data-tone', 'problem');
    expect(paid).toHaveTextContent('Success');
    actor.stop();
  });
});
