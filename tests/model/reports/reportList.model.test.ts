import { reportFilters, reportList, reportListMachine, type ReportExtras } from '../../../src/machines/reports/reportList.machine';
import { cleanBillSearch, parsePageSize } from '../../../src/machines/reports/rules/reportFilters';
import type { AnyTransactionRow } from '../../../src/services/reports/schemas/transactions';
import { serviceError } from '../shared/fixtures/auth';
import { emptyPage, pageWithRows, TODAY } from '../shared/fixtures/reports';
import { describeListModel } from '../shared/list';
import type { SampleEvent } from '../shared/paths';

const input = { channel: 'card', today: TODAY, filters: {} };

/** Typing into the bill search and the page-size input, with their debounces. */
const typingEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadPage', output: pageWithRows },
  { type: 'BILL.CHANGE', value: ' HD26 ' },
  { type: 'BILL.CHANGE', value: '' },
  { type: 'BILL.SUBMIT' },
  { type: 'PAGE_SIZE.TYPE', value: '50' },
  { type: 'PAGE_SIZE.TYPE', value: '1000' },
  // The traversal takes the debounces as events; the replay advances the simulated clock instead.
  { type: 'xstate.after.billSearchDebounce.reportList.billInput.debouncing' },
  { type: 'xstate.after.pageSizeDebounce.reportList.pageSizeInput.debouncing' },
];

function typingProjection(c: ReportExtras & { pageSize: number; filter: { billId: string } }) {
  const size = parsePageSize(c.pageSizeDraft);
  return { billPending: cleanBillSearch(c.billDraft) !== c.filter.billId, sizePending: size !== null && size !== c.pageSize, sizeValid: size !== null };
}

describeListModel<AnyTransactionRow>({
  name: 'reportList',
  machine: reportListMachine,
  list: reportList,
  input,
  samples: {
    page: pageWithRows,
    emptyPage,
    loadError: serviceError('UNKNOWN_ERROR', 500),
    // Any size 1..100 is a size (typed ones too); 0 is not.
    pageSize: { accepted: 25, refused: 0 },
    filter: {
      accepted: [{ status: 'success' }, { range: { preset: 'custom', from: '2026-11-01', to: '2026-11-10' } }],
      // 51 days (RANGE_TOO_LONG), a status the service does not have, a field that is not a filter.
      refused: [{ range: { preset: 'custom', from: '2026-10-01', to: '2026-11-20' } }, { status: '<script>' }, { page: 3 }],
    },
    sort: { accepted: [{ field: 'amount', order: 'asc' }], refused: [{ field: 'fee', order: 'asc' }] },
  },
  variants: [
    {
      variant: 'address',
      events: [
        { type: 'xstate.done.actor.loadPage', output: pageWithRows },
        { type: 'xstate.error.actor.loadPage', error: serviceError('UNKNOWN_ERROR', 500) },
        { type: 'FILTERS.REPLACE', filters: { status: 'fail', page: 2 } },
        // The address the filters already have: ignored.
        { type: 'FILTERS.REPLACE', filters: {} },
      ],
    },
    // One input at a time: with both timers running, advancing the clock for one fires the other too,
    // which a single traversal event cannot describe.
    { variant: 'bill search', events: typingEvents, ignore: ['PAGE_SIZE.TYPE'] },
    { variant: 'typed page size', events: typingEvents, ignore: ['BILL.CHANGE', 'BILL.SUBMIT'] },
  ],
  project: typingProjection as (context: never) => unknown,
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as (ReportExtras & { page: number; pageSize: number }) | undefined;
      const after = step.after.context as ReportExtras & { page: number; pageSize: number; filter: { range: unknown } };
      const loads = step.invoked.filter((call) => call.id === 'loadPage');
      for (const call of loads) if ((call.input as { channel: string }).channel !== 'card') throw new Error('loaded another report');
      if (step.event.type === 'FILTER.SET') {
        const patch = (step.event as unknown as { filter: { range?: unknown } }).filter;
        if (patch.range !== undefined && loads.length === 0 && JSON.stringify(after.filter.range) !== JSON.stringify(patch.range) && after.rangeError === null) {
          throw new Error('a refused range left no reason');
        }
        if (loads.length > 0 && after.rangeError !== null) throw new Error('an accepted range kept the old reason');
      }
      if (after.pageSize < 1 || after.pageSize > 100) throw new Error(`page size ${after.pageSize}`);
      // An address (Back/Forward) brings its own page; an equal address asks nothing.
      if (step.event.type === 'FILTERS.REPLACE' && before) {
        const same = JSON.stringify(reportFilters(before as never)) === JSON.stringify(reportFilters(after as never));
        if (same === loads.length > 0) throw new Error(`address ${same ? 'equal to the filters reloaded' : 'change did not reload'}`);
      }
    }
  },
});
