import { reportListMachine, type ReportListContext } from '../../../src/machines/reports/reportList.machine';
import { cleanBillSearch, parsePageSize } from '../../../src/machines/reports/rules/reportFilters';
import { serviceError } from '../shared/fixtures/auth';
import { emptyPage, pageWithRows, TODAY } from '../shared/fixtures/reports';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const input = { channel: 'card', today: TODAY, filters: {} };

const loadAnswers: SampleEvent[] = [
  { type: 'xstate.done.actor.loadReport', output: pageWithRows },
  { type: 'xstate.done.actor.loadReport', output: emptyPage },
  { type: 'xstate.error.actor.loadReport', error: serviceError('UNKNOWN_ERROR', 500) },
];

/** Filters, paging, sort, address changes, retry: the query region with the inputs idle. */
const queryEvents: SampleEvent[] = [
  ...loadAnswers,
  { type: 'TIME_RANGE.SET', range: { preset: 'yesterday' } },
  { type: 'TIME_RANGE.SET', range: { preset: 'custom', from: '2026-11-01', to: '2026-11-10' } },
  // 51 days: refused with RANGE_TOO_LONG, the list stays.
  { type: 'TIME_RANGE.SET', range: { preset: 'custom', from: '2026-10-01', to: '2026-11-20' } },
  { type: 'STATUS.SET', status: 'success' },
  { type: 'STORE.SET', storeId: 2 },
  { type: 'PAGE.SET', page: 2 },
  { type: 'PAGE_SIZE.SELECT', pageSize: 25 },
  { type: 'SORT.SET', sort: 'amount', order: 'asc' },
  { type: 'FILTERS.REPLACE', filters: { status: 'fail' } },
  { type: 'RETRY' },
  { type: 'REFRESH' },
];

/** Typing into the bill search and the page-size input, with their debounces. */
const typingEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadReport', output: pageWithRows },
  { type: 'BILL.CHANGE', value: ' HD26 ' },
  { type: 'BILL.CHANGE', value: '' },
  { type: 'BILL.SUBMIT' },
  { type: 'PAGE_SIZE.TYPE', value: '50' },
  { type: 'PAGE_SIZE.TYPE', value: '1000' },
  // The traversal takes the debounces as events; the replay advances the simulated clock instead.
  { type: 'xstate.after.billSearchDebounce.reportList.billInput.debouncing' },
  { type: 'xstate.after.pageSizeDebounce.reportList.pageSizeInput.debouncing' },
];

const TYPING = ['BILL.CHANGE', 'BILL.SUBMIT', 'BILL.APPLY', 'PAGE_SIZE.TYPE', 'PAGE_SIZE.APPLY'];
const FILTERING = ['TIME_RANGE.SET', 'STATUS.SET', 'STORE.SET', 'PAGE.SET', 'PAGE_SIZE.SELECT', 'SORT.SET', 'FILTERS.REPLACE', 'RETRY', 'REFRESH'];

function queryProjection(c: ReportListContext) {
  return { firstPage: c.filters.page === 1, morePages: c.totalPage > 1, statusFail: c.filters.status === 'fail', rangeError: c.rangeError };
}

function typingProjection(c: ReportListContext) {
  const size = parsePageSize(c.pageSizeDraft);
  return { billPending: cleanBillSearch(c.billDraft) !== c.filters.billId, sizePending: size !== null && size !== c.filters.pageSize, sizeValid: size !== null };
}

describeModel({
  name: 'reportList',
  machine: reportListMachine,
  promiseActors: ['loadReport'],
  variants: [
    { variant: 'filters', input, events: queryEvents, ignore: TYPING, project: queryProjection as (context: never) => unknown },
    // One input at a time: with both timers running, advancing the clock for one fires the other too,
    // which a single traversal event cannot describe.
    {
      variant: 'bill search',
      input,
      events: typingEvents,
      ignore: [...FILTERING, 'xstate.error.actor.loadReport', 'PAGE_SIZE.TYPE', 'PAGE_SIZE.APPLY'],
      project: typingProjection as (context: never) => unknown,
    },
    {
      variant: 'typed page size',
      input,
      events: typingEvents,
      ignore: [...FILTERING, 'xstate.error.actor.loadReport', 'BILL.CHANGE', 'BILL.SUBMIT', 'BILL.APPLY'],
      project: typingProjection as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as ReportListContext;
      // What is requested is exactly what the screen shows as the filters (and writes to the address).
      for (const call of step.invoked) {
        const sent = call.input as { channel: string; filters: unknown };
        if (sent.channel !== 'card' || JSON.stringify(sent.filters) !== JSON.stringify(after.filters)) {
          throw new Error(`loadReport got ${JSON.stringify(sent)} while filters are ${JSON.stringify(after.filters)}`);
        }
      }
      const before = step.before?.context as ReportListContext | undefined;
      if (!before) continue;
      const filterChanged = JSON.stringify(before.filters) !== JSON.stringify(after.filters);
      if (filterChanged && step.invoked.length !== 1) throw new Error(`filters changed on ${step.event.type} without a new request`);
      const pageOnly = filterChanged && JSON.stringify({ ...before.filters, page: 0 }) === JSON.stringify({ ...after.filters, page: 0 });
      // A changed filter starts at page 1; an address (Back/Forward) brings its own page.
      if (filterChanged && !pageOnly && step.event.type !== 'FILTERS.REPLACE' && after.filters.page !== 1) {
        throw new Error(`${step.event.type} kept page ${after.filters.page}`);
      }
      if (step.event.type === 'TIME_RANGE.SET' && step.invoked.length === 0 && after.rangeError === null) throw new Error('a refused range left no reason');
      if (after.filters.pageSize < 1 || after.filters.pageSize > 100) throw new Error(`page size ${after.filters.pageSize}`);
    }
  },
});
