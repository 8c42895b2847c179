import { memo, useEffect, useRef, useState } from 'react';
import { Table } from '@mantine/core';
import type { DataColumn } from './DataTable';
import classes from './table.module.css';

/**
 * The table's body, on its own so that drawing a slice (D379) re-renders it alone, not the header,
 * the summary and the paging. It says it is busy (aria-busy) until every row of the page is drawn.
 */
export function SlicedBody({
  rows,
  loading,
  skeletons,
  columns,
  emptyText,
}: {
  rows: readonly unknown[];
  loading: boolean;
  skeletons: number;
  columns: readonly DataColumn<unknown>[];
  emptyText: string;
}) {
  // The row each position last showed. A long page is drawn in slices: the first rows at once, then a
  // slice per frame (D379). A row not yet drawn keeps the last page's row in its elements, hidden (as on a page
  // change, D145), or is a placeholder out of the layout where there was none.
  const drawn = useRef<readonly unknown[]>([]);
  const count = useRowsInSlices(rows, loading);
  const bodyRows = loading ? drawn.current.slice(0, skeletons) : [...rows.slice(0, count), ...drawn.current.slice(count, rows.length)];
  drawn.current = bodyRows;
  return (
    <Table.Tbody className={classes.body} aria-busy={!loading && count < rows.length ? true : undefined}>
      {bodyRows.map((row, index) => (
        <BodyRow key={index} row={row} index={index} loading={loading} waiting={!loading && index >= count} columns={columns} />
      ))}
      {/* Rows not yet drawn where there was none before are left out of the layout: a visible
          placeholder would be pushed down by the taller rows drawn above it (a layout shift). */}
      {Array.from({ length: Math.max(0, (loading ? skeletons : rows.length) - bodyRows.length) }, (_, i) => (
        <SkeletonRow key={`skeleton-${i}`} columns={columns.length} hidden={!loading} />
      ))}
      {!loading && rows.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={columns.length} ta="center" py="lg" data-testid="no-data">
            {emptyText}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Table.Tbody>
  );
}

/** Rows drawn in the first frame of a page, and in each frame after it (D379). */
export const FIRST_SLICE = 16;
export const NEXT_SLICE = 8;

/**
 * How many of `rows` to draw now: all of a short page; of a long one, FIRST_SLICE at once and
 * NEXT_SLICE more in each following frame, so 80 rows of 11 cells never make one long task (issue 29
 * §3; D379). Each slice is asked for in an animation frame, so the one before it is painted first; a
 * new page, or loading, starts again.
 */
function useRowsInSlices(rows: readonly unknown[], loading: boolean): number {
  const [progress, setProgress] = useState<{ rows: readonly unknown[] | null; count: number }>({ rows: null, count: 0 });
  const count = loading ? 0 : progress.rows === rows ? progress.count : Math.min(rows.length, FIRST_SLICE);
  useEffect(() => {
    if (loading || count >= rows.length) return;
    const frame = requestAnimationFrame(() => setProgress({ rows, count: count + NEXT_SLICE }));
    return () => cancelAnimationFrame(frame);
  }, [rows, count, loading]);
  return count;
}

/**
 * A placeholder row: one bar across the row, a text line high. Plain elements and one cell per row,
 * because a page of 80 is drawn and removed at every page change (880 cells cost ~90 ms more).
 */
const SkeletonRow = memo(function SkeletonRow({ columns, hidden }: { columns: number; hidden?: boolean }) {
  return (
    <tr className={classes.row} data-testid="skeleton-row" hidden={hidden}>
      <td colSpan={columns} className={classes.cell}>
        <div className={classes.skeleton} />
      </td>
    </tr>
  );
});

/**
 * A row of data, or, while the next page loads, a placeholder: its old cells stay, hidden, so the new
 * page only rewrites them. No style depends on the test id, so changing it restyles nothing. A row
 * `waiting` for its slice (D379) keeps the last page's cells too, hidden on its own (the table is no
 * longer stale): it can be neither seen, read nor reached with the keyboard until its cells are written.
 * Memoised, so each slice redraws only the rows it writes.
 */
const BodyRow = memo(function BodyRow({
  row,
  index,
  loading,
  waiting,
  columns,
}: {
  row: unknown;
  index: number;
  loading: boolean;
  waiting: boolean;
  columns: readonly DataColumn<unknown>[];
}) {
  return (
    <tr className={classes.row} data-testid={loading || waiting ? 'skeleton-row' : 'data-row'} data-waiting={waiting || undefined}>
      <Cells row={row} index={index} columns={columns} />
    </tr>
  );
});

/**
 * A row's cells. Memoised on the row object and the column list, so a re-render of the owner (an
 * address update, the loading flag) does not redraw hundreds of unchanged cells.
 */
const Cells = memo(function Cells({ row, index, columns }: { row: unknown; index: number; columns: readonly DataColumn<unknown>[] }) {
  // Plain elements: a page of 80 rows × 11 columns is ~900 cells, and Mantine's Table.Td costs a
  // style resolution each; the table's own CSS variables still style these (table.module.css).
  return columns.map((column) =>
    column.rowHeader ? (
      <th
        key={column.key}
        scope="row"
        className={classes.cell}
        style={column.align ? { textAlign: column.align, fontWeight: 400 } : { fontWeight: 400 }}
      >
        {column.cell(row, index)}
      </th>
    ) : (
      <td key={column.key} className={classes.cell} style={column.align ? { textAlign: column.align } : undefined}>
        {column.cell(row, index)}
      </td>
    ),
  );
});
