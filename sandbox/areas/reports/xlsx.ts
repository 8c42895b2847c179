import * as XLSX from 'xlsx';
import type { Channel, Status } from '../../platform/transactions/channels';
import { CHANNEL_COLUMNS, COLUMN_HEADERS, REPORT_TITLES_VI, STATUS_LABELS_VI } from './columns';
import { vnDate, VN_OFFSET_MS } from '../../platform/vn-time';

/**
 * The report spreadsheet. Only xlsx's writer is used: its advisories concern parsing crafted files,
 * and the sandbox never reads one.
 */

const CREDIT_LABELS = { credited: 'Đã ghi có', not_credited: 'Chưa ghi có' } as const;

function vnDateTime(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms + VN_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

type Cell = string | number;

/** Spreadsheet value of one field: times as Vietnam wall clock, statuses in Vietnamese, numbers as numbers. */
function formatter(column: string): (value: unknown) => Cell {
  switch (column) {
    case 'created_at':
    case 'credit_date':
    case 'settlement_time':
      return (v) => (typeof v === 'number' ? vnDateTime(v) : '');
    case 'status':
      return (v) => STATUS_LABELS_VI[v as Status] ?? String(v ?? '');
    case 'credit_status':
      return (v) => CREDIT_LABELS[v as keyof typeof CREDIT_LABELS] ?? String(v ?? '');
    case 'bill_id':
      return (v) => (typeof v === 'string' && v !== '' ? v : '0000');
    default:
      return (v) => (typeof v === 'number' || typeof v === 'string' ? v : '');
  }
}

/** Export columns: the screen's, less the invoice image (a link into a signed-in session). */
export function exportColumns(channel: Channel): string[] {
  return CHANNEL_COLUMNS[channel].filter((c) => c !== 'bill_url');
}

/** `rows` hold the values of exportColumns(channel), in that order (query.ts exportRows). */
export function buildWorkbook(channel: Channel, rows: readonly unknown[][]): Buffer {
  const columns = exportColumns(channel);
  const formats = columns.map(formatter);
  const aoa: Cell[][] = new Array(rows.length + 1);
  aoa[0] = columns.map((c) => COLUMN_HEADERS[c] ?? c);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const line = new Array<Cell>(columns.length);
    for (let j = 0; j < columns.length; j++) line[j] = formats[j]!(r[j]);
    aoa[i + 1] = line;
  }
  // Dense sheets build about twice as fast as the default cell map at 100,000 rows.
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { dense: true } as XLSX.AOA2SheetOpts);
  sheet['!cols'] = columns.map((c) => ({ wch: c === 'store_name' ? 34 : c.endsWith('_at') || c.endsWith('date') || c.endsWith('time') ? 20 : 16 }));
  const book = XLSX.utils.book_new();
  // Sheet names are limited to 31 characters.
  XLSX.utils.book_append_sheet(book, sheet, REPORT_TITLES_VI[channel].slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** RFC 6266: an ASCII name for old clients and the Vietnamese one in filename*. */
export function contentDisposition(channel: Channel, startMs: number, endExclusiveMs: number): { header: string; filename: string } {
  const from = vnDate(startMs);
  const to = vnDate(endExclusiveMs - 1);
  const ascii = `bao-cao-${channel}_${from}_${to}.xlsx`;
  const unicode = `Báo cáo ${REPORT_TITLES_VI[channel].toLowerCase()} ${from}_${to}.xlsx`;
  return {
    filename: unicode,
    header: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(unicode)}`,
  };
}
