import * as XLSX from 'xlsx';
import { zReportLines, type ZReportFigures, type ZReportLine } from '../../../src/rules/closing/zReport';
import vi from '../../../src/i18n/vi/closing.json' with { type: 'json' };

/**
 * The Z report spreadsheet (D306), in Vietnamese like the other exports: the report's heading, then
 * one row per line of zReportLines — the very lines the screen and the paper show — with its section,
 * label, count and amount as numbers. Only xlsx's writer is used (the reports area's reasoning).
 */

export const HEADERS = [vi.column.line, vi.column.count, vi.column.amount] as const;

/** A label of the closing texts by its dotted key, with `{{name}}` values filled in. */
export function viLabel(line: Pick<ZReportLine, 'labelKey' | 'labelValues'>): string {
  const found = line.labelKey.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], vi);
  const text = typeof found === 'string' ? found : line.labelKey;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => line.labelValues?.[name] ?? '');
}

export function zReportRows(figures: ZReportFigures): (string | number)[][] {
  const rows: (string | number)[][] = [];
  let section = '';
  for (const line of zReportLines(figures)) {
    if (line.section !== section) {
      section = line.section;
      rows.push([vi.section[line.section]]);
    }
    rows.push([viLabel(line), line.count ?? '', line.amount ?? (line.id === 'cash.counted' ? vi.notCounted : '')]);
  }
  return rows;
}

export function buildZReportWorkbook(heading: string[], figures: ZReportFigures): Buffer {
  const aoa: (string | number)[][] = [[vi.paperTitle], ...heading.map((h) => [h]), [], [...HEADERS], ...zReportRows(figures)];
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  sheet['!cols'] = [{ wch: 44 }, { wch: 12 }, { wch: 18 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Báo cáo Z');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** RFC 6266: an ASCII name for old clients and the Vietnamese one in filename*. */
export function zReportDisposition(tag: string): string {
  const ascii = `bao-cao-z_${tag}.xlsx`;
  const unicode = `Báo cáo Z ${tag}.xlsx`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(unicode)}`;
}
