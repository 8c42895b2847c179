import * as XLSX from 'xlsx';
import { RECON_GROUPS } from '../../../src/rules/reconciliation';
import vi from '../../../src/i18n/vi/reconciliation.json' with { type: 'json' };
import { VN_OFFSET_MS } from '../../platform/vn-time';
import type { ReconDay, ReconRow } from './match';

/**
 * The reconciliation spreadsheet (D309), in Vietnamese like the reports' and the audit log's files:
 * the store and day, one row per payment, refund (D320: signed, "Hoàn tiền" in the last column) or bank
 * record with its group, then the totals per group and for the day, net of refunds: the same figures as the page, integer đồng as numbers. Only xlsx's writer is used.
 */

export const RECON_HEADERS = [
  'Nhóm',
  'Cần kiểm tra',
  'Hình thức',
  'Đơn hàng',
  'Giờ thanh toán',
  'Giao dịch ngân hàng',
  'Tham chiếu',
  'Số tiền',
  'Phí',
  'Thực nhận',
  'Ngày ghi có',
  'Loại',
] as const;
export const TOTAL_HEADERS = ['Tổng', 'Số khoản', 'Tổng tiền', 'Phí', 'Thực nhận'] as const;

const p2 = (n: number) => String(n).padStart(2, '0');
function vnTime(seconds: number | null): string {
  if (seconds === null) return '';
  const d = new Date(seconds * 1000 + VN_OFFSET_MS);
  return `${p2(d.getUTCDate())}/${p2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}

export function reconLine(r: ReconRow): (string | number)[] {
  return [
    vi.group[r.group],
    r.group === 'OURS_ONLY' ? 'Có' : '',
    r.method ? vi.method[r.method] : vi.channel[r.channel],
    r.order_code ?? '',
    vnTime(r.paid_at),
    r.bank_id ?? vi.noBankRecord,
    r.reference ?? '',
    r.amount,
    r.fee,
    r.credited,
    vnTime(r.credit_date),
    vi.kind[r.kind],
  ];
}

export function buildReconWorkbook(storeName: string, day: string, result: ReconDay): Buffer {
  const totals = [...RECON_GROUPS, 'ALL' as const].map((g) => {
    const t = result.totals[g];
    return [g === 'ALL' ? vi.totals.all : vi.group[g], t.count, t.gross, t.fee, t.net];
  });
  const aoa: (string | number)[][] = [
    [vi.title],
    [vi.filter.store, storeName],
    [vi.filter.day, day.split('-').reverse().join('/')],
    [],
    [...RECON_HEADERS],
    ...result.rows.map(reconLine),
    [],
    [...TOTAL_HEADERS],
    ...totals,
  ];
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { dense: true } as XLSX.AOA2SheetOpts);
  sheet['!cols'] = [34, 12, 18, 18, 20, 20, 18, 14, 12, 14, 20, 12].map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Đối soát');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** RFC 6266: an ASCII name for old clients and the Vietnamese one in filename*. */
export function reconDisposition(day: string): string {
  const ascii = `doi-soat_${day}.xlsx`;
  const unicode = `Đối soát ${day}.xlsx`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(unicode)}`;
}
