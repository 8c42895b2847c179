import { expect, type Download, type Locator, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { zReportLines, type ZReportFigures } from '../../src/rules/closing/zReport';
import { formatVndNumber } from '../../src/rules/vnd';
import { t, type Lang } from '../support/i18n';

/** The Z report (/z-report; D306) as a test reads it: its lines on screen or paper, and its spreadsheet. */

export type ZRow = [string, string, string];

/** The lines the service's figures make, as the page and the paper show them in `lang`. */
export const zRows = (figures: ZReportFigures, lang: Lang): ZRow[] =>
  zReportLines(figures).map((line) => [
    t(lang, `closing:${line.labelKey}`, line.labelValues ?? {}),
    line.count === null ? '' : String(line.count),
    line.amount === null ? (line.id === 'cash.counted' ? t(lang, 'closing:notCounted') : '') : formatVndNumber(line.amount),
  ]);

/** The lines shown in `root` (the page's report or the printed paper): label, count, amount. */
export const zRowsIn = async (root: Locator): Promise<ZRow[]> =>
  (await root
    .locator('tr[data-line]')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())))) as ZRow[];

/** A downloaded spreadsheet's first sheet, row by row (empty cells as ''). */
export async function sheetRows(file: Download): Promise<(string | number)[][]> {
  const book = XLSX.read(Buffer.concat(await (await file.createReadStream()).toArray()), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '', blankrows: false });
}

/** The exported Z report's figure lines (count, amount) after its header row. */
export async function zSheetLines(file: Download): Promise<(string | number)[][]> {
  const rows = await sheetRows(file);
  return rows
    .slice(rows.findIndex((r) => r[0] === t('vi', 'closing:column.line')) + 1)
    .filter((r) => r[1] !== '' || r[2] !== '')
    .map((r) => [r[1]!, r[2]!]);
}

/** What the file's figure lines are for `figures` (the file is in Vietnamese). */
export const zSheetExpected = (figures: ZReportFigures): (string | number)[][] =>
  zReportLines(figures).map((l) => [l.count ?? '', l.amount ?? (l.id === 'cash.counted' ? t('vi', 'closing:notCounted') : '')]);

/** Prints the report shown in `report` and answers the printed paper's lines (the print frame's 80 mm page). */
export async function printedZRows(page: Page, report: Locator, lang: Lang): Promise<ZRow[]> {
  await report.getByRole('button', { name: t(lang, 'closing:print'), exact: true }).click();
  const paper = page.frameLocator('#receipt-print-frame').getByTestId('z-report-paper');
  await expect(paper).toContainText(t(lang, 'closing:paperTitle'));
  return zRowsIn(paper);
}
