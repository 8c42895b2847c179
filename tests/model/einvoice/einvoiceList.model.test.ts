import { einvoiceList, einvoiceListMachine, type EinvoiceListExtra } from '../../../src/machines/einvoice/einvoiceList.machine';
import type { EinvoiceListRow } from '../../../src/services/einvoice/list/schemas';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeListModel } from '../shared/list';
import { blindRow, codedRow, emptyPage, twoPages, waitingRow } from './listFixtures';

const TODAY = '2026-11-24';
const CORRECTION_KEY = '2f1c0d3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';

describeListModel<EinvoiceListRow>({
  name: 'einvoiceList',
  machine: einvoiceListMachine,
  list: einvoiceList,
  input: { today: TODAY },
  samples: {
    page: twoPages,
    emptyPage,
    loadError: serviceError('EINV_NOT_SET_UP', 400),
    pageSize: { accepted: 20, refused: 15 },
    filter: {
      accepted: [{ released: 'unreleased' }, { serial: '1C26TMV' }, { range: { preset: 'custom', from: '2026-11-01', to: '2026-11-10' } }],
      refused: [
        { released: 'signed' },
        { serial: ' 1c26tmv' },
        { q: 'x'.repeat(101) },
        { q: 7 },
        // Past today, and longer than the picker allows.
        { range: { preset: 'custom', from: '2026-11-20', to: '2026-11-30' } },
        { range: { preset: 'custom', from: '2026-09-01', to: '2026-11-20' } },
        { range: { preset: 'decade' } },
        { colour: 'red' },
      ],
    },
  },
  project: (c: EinvoiceListExtra) => ({ typed: c.typed, popup: c.popupRow?.invoice.seq ?? null, provider: c.provider?.route ?? null }),
  variants: [
    {
      variant: 'address bar',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        {
          type: 'QUERY.REPLACE',
          query: { page: 2, pageSize: 20, filter: { range: { preset: 'lastMonth' }, q: 'lan', serial: 'C26TMV', released: 'released' } },
        },
        {
          type: 'QUERY.REPLACE',
          query: { page: 1, pageSize: 10, filter: { range: { preset: 'thisMonth' }, q: '', serial: '', released: 'all' } },
        },
      ],
    },
    {
      variant: 'search',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'SEARCH.TYPE', field: 'q', value: 'Khách' },
        { type: 'SEARCH.TYPE', field: 'serial', value: ' 1c26tmv ' },
        { type: 'xstate.after.searchDebounce.einvoiceList.search.waiting' },
      ],
    },
    {
      variant: 'view and sign',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'VIEW.OPEN', row: waitingRow },
        { type: 'VIEW.OPEN', row: blindRow },
        { type: 'SIGN.OPEN', row: waitingRow },
        { type: 'SIGN.OPEN', row: codedRow },
        { type: 'xstate.done.actor.pdf', output: { shown: true } },
        { type: 'xstate.error.actor.pdf', error: new Error('popup crashed') },
        { type: 'xstate.done.actor.sign', output: { signed: true, refresh: true } },
        { type: 'xstate.done.actor.sign', output: { signed: false, refresh: false } },
        { type: 'xstate.error.actor.sign', error: networkError },
      ],
    },
    {
      // D243: the correction dialog, only on an issued row, with its key.
      variant: 'correct',
      events: [
        { type: 'xstate.done.actor.loadPage', output: twoPages },
        { type: 'CORRECT.OPEN', row: codedRow, key: CORRECTION_KEY },
        { type: 'CORRECT.OPEN', row: waitingRow, key: CORRECTION_KEY },
        { type: 'CORRECT.OPEN', row: codedRow, key: '' },
        { type: 'xstate.done.actor.correct', output: { corrected: true } },
        { type: 'xstate.done.actor.correct', output: { corrected: false } },
        { type: 'xstate.error.actor.correct', error: new Error('dialog crashed') },
      ],
    },
  ],
  promiseActors: ['invoicePdf', 'invoiceSign', 'invoiceCorrect'],
  check(outcome) {
    for (const step of outcome.steps) {
      const type = step.event.type;
      const before = step.before?.context as (EinvoiceListExtra & { filter: { q: string; serial: string } }) | undefined;
      const after = step.after.context as EinvoiceListExtra & { filter: { q: string; serial: string } };
      const loads = step.invoked.filter((c) => c.id === 'loadPage');
      if (type === 'SEARCH.TYPE' && loads.length > 0) throw new Error('a keystroke searched at once');
      if (type.startsWith('xstate.after.searchDebounce') && before) {
        if (after.filter.q !== before.typed.q.trim()) throw new Error('the search is not what was typed');
        if (after.filter.serial !== before.typed.serial.trim().toUpperCase()) throw new Error('the symbol search is not what was typed');
      }
      // Exclusive popups: one child at most, and only for a row that allows it.
      if (step.after.hasTag('viewing') && step.after.hasTag('signing')) throw new Error('view and sign open together');
      for (const call of step.invoked.filter((c) => c.id === 'sign')) {
        if (!(call.input as { row: EinvoiceListRow }).row.signable) throw new Error('sign offered for a row the provider refuses');
      }
      for (const call of step.invoked.filter((c) => c.id === 'pdf')) {
        if (!(call.input as { row: EinvoiceListRow }).row.viewable) throw new Error('PDF opened for a provider without it');
      }
      const output = (step.event as unknown as { output?: { refresh?: boolean } }).output;
      if (type === 'xstate.done.actor.sign' && (output?.refresh ?? false) !== loads.length > 0)
        throw new Error('the list reload does not follow the sign outcome');
      for (const call of step.invoked.filter((c) => c.id === 'correct')) {
        const input = call.input as { row: EinvoiceListRow; key: string };
        if (!input.row.correctable) throw new Error('a correction offered for an invoice not issued');
        if (input.key !== CORRECTION_KEY) throw new Error('a correction without its key');
      }
      const corrected = (step.event as unknown as { output?: { corrected?: boolean } }).output?.corrected;
      if (type === 'xstate.done.actor.correct' && (corrected ?? false) !== loads.length > 0)
        throw new Error('the list reload does not follow the correction');
      if ([step.after.hasTag('viewing'), step.after.hasTag('signing'), step.after.hasTag('correcting')].filter(Boolean).length > 1)
        throw new Error('two popups open together');
      if (!step.after.hasTag('viewing') && !step.after.hasTag('signing') && !step.after.hasTag('correcting') && after.popupRow !== null)
        throw new Error('a closed popup kept its row');
    }
  },
});
