import { cleanup, screen, within } from '@testing-library/react';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { zReportMachine } from '../../machines/closing/zReport.machine';
import type { ZReport } from '../../services/closing/schemas';
import { buildZReportWorkbook } from '../../../sandbox/areas/closing/xlsx';
import { sampleZReport } from '../../../tests/model/closing/fixtures';
import { renderScreen } from '../shared/test/render';
import { renderZReport } from './render';
import { ZReportScreen } from './ZReportScreen';

/**
 * issue 27 §4 ("the same figures on both and on screen"), D306: the screen, the 80 mm paper and the
 * spreadsheet carry exactly the same lines — label, count and amount — from one figure object.
 */

type Row = [label: string, count: string, amount: string];
const rowsOf = (root: ParentNode): Row[] =>
  Array.from(root.querySelectorAll('tr[data-line]')).map((tr) => {
    const cells = Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim());
    return [cells[0]!, cells[1]!, cells[2]!];
  });
const digits = (text: string) => (text === '' || !/\d/.test(text) ? text : Number(text.replace(/[^\d-]/g, '')));

async function screenRows(report: ZReport): Promise<Row[]> {
  cleanup();
  const actor = createActor(zReportMachine.provide({ actors: { loadReport: fromPromise(async () => report) } })).start();
  await renderScreen(<ZReportScreen actor={actor} stores={[]} storesLoading={false} query={null} today="2026-12-06" onQuery={() => {}} />, {
    language: 'vi',
  });
  actor.send({ type: 'SHOW', query: { kind: 'shift', shiftId: 31 } });
  return rowsOf(await screen.findByTestId('z-report'));
}

describe('issue 27 §4: one figure object for screen, paper and xlsx (D306)', () => {
  it('the paper and the spreadsheet hold exactly the screen’s lines and figures', async () => {
    const shown = await screenRows(sampleZReport);
    expect(shown.length).toBeGreaterThan(20);
    expect(shown).toContainEqual(['Tiền mặt dự kiến', '', '585.000']);

    const host = document.createElement('div');
    host.innerHTML = (await renderZReport(sampleZReport, 'vi')).html;
    expect(rowsOf(host)).toEqual(shown);

    const file = buildZReportWorkbook(['Cửa hàng: Phố Cổ – Hàng Bạc'], sampleZReport.figures);
    const sheet = XLSX.read(file).Sheets['Báo cáo Z']!;
    const all = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1, blankrows: false, defval: '' });
    const lines = all.slice(all.findIndex((r) => r[0] === 'Khoản mục') + 1).filter((r) => r.length > 1 && (r[1] !== '' || r[2] !== ''));
    expect(lines).toEqual(shown.map(([label, count, amount]) => [label, digits(count), digits(amount)]));
  });

  it('an open shift: not counted yet on screen and on paper alike', async () => {
    const open: ZReport = {
      ...sampleZReport,
      status: 'OPEN',
      figures: { ...sampleZReport.figures, cash: { ...sampleZReport.figures.cash, counted: null, difference: null } },
    };
    const shown = await screenRows(open);
    expect(shown).toContainEqual(['Tiền mặt đếm được', '', 'Chưa đếm']);
    const host = document.createElement('div');
    host.innerHTML = (await renderZReport(open, 'vi')).html;
    expect(rowsOf(host)).toEqual(shown);
    expect(within(document.body).getByText(/Ca đang mở/)).toBeTruthy();
  });
});
