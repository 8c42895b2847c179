import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { zReportMachine } from '../../machines/closing/zReport.machine';
import type { ZReport } from '../../services/closing/schemas';
import { zReportLines } from '../../rules/closing/zReport';
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
  it('the paper holds exactly the screen’s lines, which are the service’s figure lines the spreadsheet is built from', async () => {
    const shown = await screenRows(sampleZReport);
    expect(shown.length).toBeGreaterThan(20);
    expect(shown).toContainEqual(['Tiền mặt dự kiến', '', '585.000']);

    const host = document.createElement('div');
    host.innerHTML = (await renderZReport(sampleZReport, 'vi')).html;
    expect(rowsOf(host)).toEqual(shown);

    // The spreadsheet is built from the same lines by the sale service (sandbox/areas/closing/xlsx.ts),
    // whose test reads it back against zReportLines; here the screen's rows are those lines, in order.
    const lines = zReportLines(sampleZReport.figures);
    expect(shown.map(([, count, amount]) => [digits(count), digits(amount)])).toEqual(lines.map((l) => [l.count ?? '', l.amount ?? '']));
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
