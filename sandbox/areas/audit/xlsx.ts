import * as XLSX from 'xlsx';
import { auditActionKey } from '../../../src/rules/audit';
import vi from '../../../src/i18n/vi/audit.json' with { type: 'json' };
import { VN_OFFSET_MS, vnDate } from '../../platform/vn-time';
import type { AuditRow } from './query';

/**
 * The audit log spreadsheet (D300), in Vietnamese like the reports' exports: one row per entry, the
 * list's columns, before and after as "field: value" lines. Only xlsx's writer is used (the
 * reports area's reasoning: its advisories concern parsing crafted files).
 */

export const EXPORT_HEADERS = ['Thời gian', 'Người thực hiện', 'Vai trò', 'Cửa hàng', 'Hành động', 'Đối tượng', 'Trước', 'Sau'] as const;

const ACTIONS = vi.action as Record<string, string>;
const TARGETS = vi.target as Record<string, string>;
const ROLES = vi.role as Record<string, string>;

function vnDateTime(ms: number): string {
  const d = new Date(ms + VN_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** "field: value" per line; yes/no in Vietnamese, nothing as an empty text. */
export function valuesText(values: Record<string, unknown> | null): string {
  if (!values) return '';
  const shown = (v: unknown) => (v === true ? 'có' : v === false ? 'không' : v === null || v === undefined ? '' : String(v));
  return Object.entries(values)
    .map(([k, v]) => `${k}: ${shown(v)}`)
    .join('\n');
}

export function exportLine(r: AuditRow): string[] {
  return [
    vnDateTime(Number(r.at)),
    r.user_name,
    ROLES[r.user_role] ?? r.user_role,
    r.store_name ?? '',
    ACTIONS[auditActionKey(r.action)] ?? r.action,
    `${TARGETS[r.target_type] ?? r.target_type} #${r.target_id}`,
    valuesText(r.before),
    valuesText(r.after),
  ];
}

export function buildAuditWorkbook(rows: readonly AuditRow[]): Buffer {
  const aoa: string[][] = [[...EXPORT_HEADERS], ...rows.map(exportLine)];
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { dense: true } as XLSX.AOA2SheetOpts);
  sheet['!cols'] = [20, 24, 14, 28, 28, 24, 40, 40].map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Nhật ký thao tác');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** RFC 6266: an ASCII name for old clients and the Vietnamese one in filename*. */
export function auditDisposition(nowMs: number): string {
  const day = vnDate(nowMs);
  const ascii = `nhat-ky-thao-tac_${day}.xlsx`;
  const unicode = `Nhật ký thao tác ${day}.xlsx`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(unicode)}`;
}
