import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { renderScreen } from '../test/render';
import { DataTable, PageSizeInput, type DataColumn, type SortState } from './DataTable';
import { FIRST_SLICE, NEXT_SLICE } from './TableBody';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Row {
  id: string;
  name: string;
  amount: number;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
  { key: 'amount', header: 'Amount', cell: (r) => String(r.amount), sortable: true, align: 'right' },
];
const rows: Row[] = [
  { id: 'a', name: '<img src=x onerror=alert(1)>', amount: 10 },
  { id: 'b', name: 'Phở', amount: 20 },
];

async function renderTable(overrides: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onSortChange = vi.fn();
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  const onExport = vi.fn();
  const view = await renderScreen(
    <DataTable<Row>
      label="Card transactions"
      columns={columns}
      rows={rows}
      loading={false}
      sort={null}
      onSortChange={onSortChange}
      paging={{ page: 1, totalPages: 12, onPageChange, pageSize: 10, pageSizeOptions: [10, 25, 50, 80, 100], onPageSizeChange }}
      totalAmount={30}
      onExport={onExport}
      {...overrides}
    />,
  );
  return { view, onSortChange, onPageChange, onPageSizeChange, onExport };
}

describe('DataTable (core §2 shared table widget)', () => {
  it('is a named table with column headers, row headers and user text shown as text', async () => {
    await renderTable();
    const table = screen.getByRole('table', { name: 'Card transactions' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2);
    expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(table.querySelector('img')).toBeNull();
  });

  it('sort headers cycle none → ascending → descending → none and say so in aria-sort', async () => {
    const onSortChange = vi.fn();
    function Harness() {
      const [sort, setSort] = useState<SortState | null>(null);
      return (
        <DataTable<Row>
          label="Card transactions"
          columns={columns}
          rows={rows}
          loading={false}
          sort={sort}
          onSortChange={(next) => {
            onSortChange(next);
            setSort(next);
          }}
        />
      );
    }
    await renderScreen(<Harness />);
    const amountHeader = () => screen.getByRole('columnheader', { name: /Amount/ });
    expect(amountHeader()).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(amountHeader()).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'amount', direction: 'asc' });
    expect(amountHeader()).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(amountHeader()).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'amount', direction: 'desc' });
    expect(amountHeader()).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(amountHeader()).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    expect(amountHeader()).toHaveAttribute('aria-sort', 'none');
  });

  it('pages with first, previous, numbers, ellipsis, next and last', async () => {
    const { onPageChange } = await renderTable();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(nav).getByText('…')).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 6' })).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 12' }));
    expect(onPageChange).toHaveBeenLastCalledWith(12);
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(within(nav).getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(12);
  });

  it('says which page is about to be opened when the pointer reaches its button or focus enters it, never the page shown (D145)', async () => {
    const onPageIntent = vi.fn();
    const onPageChange = vi.fn();
    await renderTable({
      paging: { page: 1, totalPages: 12, onPageChange, onPageIntent, pageSize: 10, pageSizeOptions: [10], onPageSizeChange: vi.fn() },
    });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    fireEvent.pointerEnter(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(onPageIntent).toHaveBeenLastCalledWith(2);
    fireEvent.focus(within(nav).getByRole('button', { name: 'Last page' }));
    expect(onPageIntent).toHaveBeenLastCalledWith(12);
    onPageIntent.mockClear();
    fireEvent.pointerEnter(within(nav).getByRole('button', { name: 'Page 1' }));
    expect(onPageIntent).not.toHaveBeenCalled();
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('offers the page sizes as a dropdown', async () => {
    const { onPageSizeChange } = await renderTable();
    const select = screen.getByLabelText('Rows per page');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '25', '50', '80', '100']);
    fireEvent.change(select, { target: { value: '80' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(80);
  });

  it('shows one skeleton row per row of the page while loading and says so to screen readers (issue 10 §8: no layout shift)', async () => {
    await renderTable({ loading: true, rows: [] });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    cleanup();
    const paging = { page: 1, totalPages: 2, onPageChange: vi.fn(), pageSize: 80, pageSizeOptions: [10, 80], onPageSizeChange: vi.fn() };
    await renderTable({ loading: true, rows: [], paging });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(80);
    // The summary line is there before the total and the export button arrive.
    expect(screen.getByTestId('table-summary')).toBeTruthy();
    expect(screen.getByRole('status')).toHaveTextContent('Loading data…');
    expect(screen.queryByTestId('no-data')).toBeNull();
  });

  it('on a page change keeps the rows in place as hidden placeholders and writes the next page into the same elements (issue 10 §8)', async () => {
    const props = {
      label: 'Card transactions',
      columns,
      paging: { page: 1, totalPages: 3, onPageChange: vi.fn(), pageSize: 10, pageSizeOptions: [10], onPageSizeChange: vi.fn() },
    };
    let show: (next: { rows: Row[]; loading: boolean }) => void = () => undefined;
    function Harness() {
      const [shown, setShown] = useState<{ rows: Row[]; loading: boolean }>({ rows, loading: false });
      show = setShown;
      return <DataTable<Row> {...props} rows={shown.rows} loading={shown.loading} />;
    }
    await renderScreen(<Harness />);
    const table = screen.getByRole('table', { name: 'Card transactions' });
    const before = screen.getAllByTestId('data-row');
    expect(table).not.toHaveAttribute('data-stale');

    act(() => show({ rows: [], loading: true }));
    // The page's worth of placeholders: the two kept rows and eight more.
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.queryAllByTestId('data-row')).toHaveLength(0);
    expect(table).toHaveAttribute('data-stale', 'true');
    expect(table).toHaveAttribute('aria-busy', 'true');

    const next: Row[] = [
      { id: 'c', name: 'Bún chả', amount: 30 },
      { id: 'd', name: 'Cà phê', amount: 40 },
    ];
    act(() => show({ rows: next, loading: false }));
    const after = screen.getAllByTestId('data-row');
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[0]).toHaveTextContent('Bún chả');
    expect(screen.queryByText('Phở')).toBeNull();
    expect(table).not.toHaveAttribute('data-stale');
  });

  it('draws a page of 80 in slices: the first rows at once, the rest in the next frames, kept hidden and busy meanwhile (issue 29 §3, D379)', async () => {
    const page = (from: number): Row[] =>
      Array.from({ length: 80 }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}`, amount: from + i }));
    const props = {
      label: 'Card transactions',
      columns,
      paging: { page: 1, totalPages: 3, onPageChange: vi.fn(), pageSize: 80, pageSizeOptions: [80], onPageSizeChange: vi.fn() },
    };
    // The animation frames are run by hand: each one draws the next slice.
    const frames = new Map<number, FrameRequestCallback>();
    let lastFrame = 0;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.set(++lastFrame, callback);
      return lastFrame;
    });
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.delete(id));
    const nextFrame = () =>
      act(() => {
        const due = [...frames.values()];
        frames.clear();
        for (const callback of due) callback(performance.now());
      });
    const drawAll = () => {
      for (let frame = 0; frame < 20 && frames.size > 0; frame += 1) nextFrame();
    };
    let show: (next: { rows: Row[]; loading: boolean }) => void = () => undefined;
    function Harness() {
      const [shown, setShown] = useState<{ rows: Row[]; loading: boolean }>({ rows: [], loading: true });
      show = setShown;
      return <DataTable<Row> {...props} rows={shown.rows} loading={shown.loading} />;
    }
    await renderScreen(<Harness />);
    const table = screen.getByRole('table', { name: 'Card transactions' });
    act(() => show({ rows: page(1), loading: false }));
    // First frame: the first slice of rows, the others still placeholders, the table busy; no row lost.
    expect(screen.getAllByTestId('data-row')).toHaveLength(FIRST_SLICE);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(80 - FIRST_SLICE);
    const body = within(table).getAllByRole('rowgroup')[1]!;
    expect(body).toHaveAttribute('aria-busy', 'true');
    nextFrame();
    expect(screen.getAllByTestId('data-row')).toHaveLength(FIRST_SLICE + NEXT_SLICE);
    drawAll();
    expect(screen.getAllByTestId('data-row')).toHaveLength(80);
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(body).not.toHaveAttribute('aria-busy');
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(within(table).getAllByRole('row')).toHaveLength(81);
    const first = screen.getAllByTestId('data-row');

    // The next page: the first slice is written into the same elements; the rows after it keep the
    // last page's cells, hidden on their own, until their slice comes.
    act(() => show({ rows: [], loading: true }));
    act(() => show({ rows: page(81), loading: false }));
    const waiting = table.querySelectorAll('tr[data-waiting]');
    expect(waiting).toHaveLength(80 - FIRST_SLICE);
    expect(waiting[0]).toBe(first[FIRST_SLICE]);
    expect(waiting[0]).toHaveTextContent(`Row ${FIRST_SLICE + 1}`);
    expect(screen.getAllByTestId('data-row')[0]).toBe(first[0]);
    expect(screen.getAllByTestId('data-row')[0]).toHaveTextContent('Row 81');
    drawAll();
    expect(screen.getAllByTestId('data-row')).toHaveLength(80);
    expect(table.querySelectorAll('tr[data-waiting]')).toHaveLength(0);
    expect(screen.getAllByTestId('data-row')[79]).toBe(first[79]);
    expect(screen.getAllByTestId('data-row')[79]).toHaveTextContent('Row 160');
  });

  it("shows 'no data' and hides the total and the export button when the total is 0", async () => {
    await renderTable({ rows: [], totalAmount: 0 });
    expect(screen.getByTestId('no-data')).toHaveTextContent('No data');
    expect(screen.queryByTestId('table-total')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });

  it('shows the total in VND and the export button when the total is above 0', async () => {
    const { onExport } = await renderTable({ totalAmount: 1234567 });
    expect(screen.getByTestId('table-total').textContent).toMatch(/1\.234\.567\s₫/);
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(onExport).toHaveBeenCalledOnce();
  });
});

describe('PageSizeInput (core §9: page-size input debounced 1000 ms)', () => {
  it('sends the typed size once, 1 s after the last keystroke, and keeps the typing on screen', async () => {
    const onCommit = vi.fn();
    await renderScreen(<PageSizeInput value={10} onCommit={onCommit} delayMs={1000} />);
    vi.useFakeTimers();
    try {
      const input = screen.getByLabelText('Rows per page') as HTMLInputElement;
      fireEvent.change(input, { target: { value: '3' } });
      act(() => vi.advanceTimersByTime(500));
      fireEvent.change(input, { target: { value: '35' } });
      act(() => vi.advanceTimersByTime(999));
      expect(onCommit).not.toHaveBeenCalled();
      expect(input.value).toBe('35');
      act(() => vi.advanceTimersByTime(1));
      expect(onCommit).toHaveBeenCalledTimes(1);
      expect(onCommit).toHaveBeenCalledWith(35);
    } finally {
      vi.useRealTimers();
    }
  });
});
