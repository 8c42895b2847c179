import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, NativeSelect, NumberInput, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatVnd } from './format';
import { pageItems } from './pagination';
import { SlicedBody } from './TableBody';
import classes from './table.module.css';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Renders the cell as the row's header (th scope="row"), for screen readers moving by row. */
  rowHeader?: boolean;
  minWidth?: number;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption). */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  loading: boolean;
  sort?: SortState | null;
  onSortChange?: (next: SortState | null) => void;
  /** Paging; leave out for a table without navigation (the dashboard's recent list). */
  paging?: {
    page: number;
    totalPages: number;
    onPageChange: (page: number) => void;
    /** The person is about to open this page (pointer on, or focus in, its button): a chance to fetch it early. */
    onPageIntent?: (page: number) => void;
    pageSize: number;
    pageSizeOptions: readonly number[];
    onPageSizeChange: (size: number) => void;
    /** 'select' (default) or a free number, debounced by `pageSizeDebounceMs`. */
    pageSizeControl?: 'select' | 'input';
    /** 1000 ms by default (core §9); 0 when the machine debounces. */
    pageSizeDebounceMs?: number;
  };
  /** Shown (with the export button) only above 0 (core §2 shared table). */
  totalAmount?: number;
  /** The total line's text for the formatted amount (default `table:totalAmount`): says what is summed. */
  totalText?: (amount: string) => string;
  /**
   * Whether the export button shows (default: when the total does). An owner whose total counts only
   * some rows (the reports' received money, D65) offers the export whenever there are rows.
   */
  exportable?: boolean;
  onExport?: () => void;
  exporting?: boolean;
  /** What the live region says once rows are in, e.g. "1 234 transactions". */
  resultText?: string;
  emptyText?: string;
  skeletonRows?: number;
  testId?: string;
}

const nextSort = (current: SortState | null | undefined, key: string): SortState | null => {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
};

/**
 * The shared table of core §2: props in, callbacks out, no fetching of its own. Sorting, paging and
 * page size are reported to the owner (a machine), which decides what to load.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation('table');
  const { columns, rows, loading, sort, onSortChange, paging, totalAmount = 0 } = props;
  // As many placeholder rows as the page will have, one text line high each, so the rows' arrival does
  // not push the footer down (layout shift).
  const skeletons = props.skeletonRows ?? paging?.pageSize ?? 5;
  const showTotal = totalAmount > 0;
  const exportable = props.exportable ?? showTotal;
  const status = loading ? t('loading') : rows.length === 0 ? (props.emptyText ?? t('noData')) : (props.resultText ?? '');
  // While a page loads, the rows last shown stay in place, hidden, with the table drawing placeholder
  // bars behind them; the new page's cells are then written into them. A page change so rewrites text
  // instead of removing and creating ~900 cells twice, and restyles the body alone (visibility is
  // inherited on Chrome's fast path) instead of every cell (click → rows painted, D145). Rows
  // are keyed by position for that reason.
  const lastShown = useRef<readonly Row[]>(rows);
  if (!loading) lastShown.current = rows;
  const stale = loading && lastShown.current.length > 0;
  return (
    <div data-testid={props.testId}>
      {showTotal || props.onExport ? (
        <TableSummary
          totalAmount={totalAmount}
          showTotal={showTotal}
          totalText={props.totalText}
          onExport={props.onExport && exportable ? props.onExport : undefined}
          exporting={props.exporting}
          loading={loading}
          // An owner with a total (the reports) may show a total and the button on a phone (D380).
          reserveTwoRows={props.totalAmount !== undefined && props.onExport !== undefined}
        />
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {status}
      </VisuallyHidden>
      {/* A keyboard user must be able to scroll a wide table sideways (WCAG 2.1.1). */}
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={props.label}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="xs"
          aria-busy={loading}
          className={classes.table}
          data-stale={stale || undefined}
        >
          <caption>
            <VisuallyHidden>{props.label}</VisuallyHidden>
          </caption>
          <Table.Thead>
            <HeaderRow columns={columns as readonly DataColumn<unknown>[]} sort={sort} onSortChange={onSortChange} />
          </Table.Thead>
          {/* Hidden while stale: the old page can be neither seen, read nor reached with the keyboard. */}
          <SlicedBody
            rows={rows as readonly unknown[]}
            loading={loading}
            skeletons={skeletons}
            columns={columns as readonly DataColumn<unknown>[]}
            emptyText={props.emptyText ?? t('noData')}
          />
        </Table>
      </div>
      {paging ? <TableFooter {...paging} disabled={loading} /> : null}
    </div>
  );
}

/** The total line and the export button above the table (core §2 shared table). */
function TableSummary(props: {
  totalAmount: number;
  showTotal: boolean;
  totalText?: (amount: string) => string;
  /** Set only when the button shows. */
  onExport?: () => void;
  exporting?: boolean;
  loading: boolean;
  /** On a phone, hold the height of the total above the button (they wrap there), D380. */
  reserveTwoRows?: boolean;
}) {
  const { t } = useTranslation('table');
  const { totalAmount } = props;
  return (
    // Held at the export button's height, so the total and the button appearing move nothing; on a
    // phone, where they wrap onto two rows, at both rows' height (D380).
    <Group
      justify="space-between"
      mb="sm"
      wrap="wrap"
      gap="sm"
      className={classes.summary}
      data-two-rows={props.reserveTwoRows || undefined}
      data-testid="table-summary"
    >
      {props.showTotal ? (
        <Text fw={700} data-testid="table-total">
          {props.totalText ? props.totalText(formatVnd(totalAmount)) : t('totalAmount', { amount: formatVnd(totalAmount) })}
        </Text>
      ) : (
        <span />
      )}
      {props.onExport ? (
        <Button variant="outline" onClick={props.onExport} loading={props.exporting} disabled={props.loading}>
          {t('export')}
        </Button>
      ) : null}
    </Group>
  );
}

/** The column headers; a sortable column's header is a button that cycles ascending → descending → none. */
function HeaderRow({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly DataColumn<unknown>[];
  sort?: SortState | null;
  onSortChange?: (next: SortState | null) => void;
}) {
  const { t } = useTranslation('table');
  return (
    <Table.Tr>
      {columns.map((column) => {
        const direction = sort?.key === column.key ? sort.direction : null;
        const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : column.sortable ? 'none' : undefined;
        return (
          <Table.Th key={column.key} scope="col" aria-sort={ariaSort} ta={column.align} style={{ minWidth: column.minWidth }}>
            {column.sortable && onSortChange ? (
              <button type="button" className={classes.sortButton} onClick={() => onSortChange(nextSort(sort, column.key))}>
                {column.header}
                <span aria-hidden="true">{direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}</span>
                <VisuallyHidden>
                  {direction === 'asc' ? t('sort.ascending') : direction === 'desc' ? t('sort.descending') : t('sort.none')}
                </VisuallyHidden>
              </button>
            ) : (
              column.header
            )}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
}

function TableFooter(props: NonNullable<DataTableProps<unknown>['paging']> & { disabled: boolean }) {
  const { t } = useTranslation('table');
  return (
    <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
      {props.pageSizeControl === 'input' ? (
        <PageSizeInput value={props.pageSize} onCommit={props.onPageSizeChange} delayMs={props.pageSizeDebounceMs ?? 1000} />
      ) : (
        <NativeSelect
          label={t('rowsPerPage')}
          value={String(props.pageSize)}
          data={props.pageSizeOptions.map((n) => String(n))}
          onChange={(e) => props.onPageSizeChange(Number(e.currentTarget.value))}
          w={140}
          size="sm"
        />
      )}
      <Pagination page={props.page} totalPages={props.totalPages} onPageChange={props.onPageChange} onPageIntent={props.onPageIntent} />
    </Group>
  );
}

/** core §9: the typed page size is sent 1 s after the last keystroke; what is typed stays shown. */
export function PageSizeInput({ value, onCommit, delayMs }: { value: number; onCommit: (size: number) => void; delayMs: number }) {
  const { t } = useTranslation('table');
  const [typed, setTyped] = useState<string | number>(value);
  useEffect(() => setTyped(value), [value]);
  const commit = useDebouncedCallback((next: number) => onCommit(next), delayMs);
  return (
    <NumberInput
      label={t('rowsPerPage')}
      value={typed}
      min={1}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      w={140}
      size="sm"
      onChange={(next) => {
        setTyped(next);
        const n = typeof next === 'number' ? next : Number(next);
        if (Number.isInteger(n) && n > 0) {
          if (delayMs <= 0) onCommit(n);
          else commit(n);
        }
      }}
    />
  );
}

export function Pagination({
  page,
  totalPages,
  onPageChange,
  onPageIntent,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageIntent?: (page: number) => void;
}) {
  const { t } = useTranslation('table');
  const pages = Math.max(1, totalPages);
  const items = pageItems(page, pages);
  const valid = (target: number) => target !== page && target >= 1 && target <= pages;
  const go = (target: number) => {
    if (valid(target)) onPageChange(target);
  };
  // Pointer arriving on a button, or keyboard focus, comes a few hundred ms before the click.
  const intent = (target: number) =>
    onPageIntent
      ? { onPointerEnter: () => valid(target) && onPageIntent(target), onFocus: () => valid(target) && onPageIntent(target) }
      : {};
  const edge = (label: string, glyph: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className={classes.pageButton}
      aria-label={label}
      disabled={disabled}
      onClick={() => go(target)}
      {...intent(target)}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <nav aria-label={t('pagination.label')}>
      <Group gap={4} wrap="wrap">
        {edge(t('pagination.first'), '«', 1, page <= 1)}
        {edge(t('pagination.previous'), '‹', page - 1, page <= 1)}
        {items.map((item) =>
          item.kind === 'gap' ? (
            <span key={`gap-${item.key}`} className={classes.gap} aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item.page}
              type="button"
              className={classes.pageButton}
              aria-current={item.page === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: item.page })}
              onClick={() => go(item.page)}
              {...intent(item.page)}
            >
              {item.page}
            </button>
          ),
        )}
        {edge(t('pagination.next'), '›', page + 1, page >= pages)}
        {edge(t('pagination.last'), '»', pages, page >= pages)}
      </Group>
    </nav>
  );
}
