import { zReportMachine, type ZReportContext } from '../../../src/machines/closing/zReport.machine';
import { sampleZReport } from './fixtures';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';

/** issue 27 §4, D306: the Z report's scope, read, retried, printed and exported one at a time. */

const day = { kind: 'day' as const, storeId: 7, date: '2026-12-06' };

describeModel({
  name: 'zReport',
  machine: zReportMachine,
  promiseActors: ['loadReport', 'printReport', 'exportReport'],
  variants: [
    {
      events: [
        { type: 'SHOW', query: day },
        { type: 'xstate.done.actor.loadReport', output: sampleZReport },
        { type: 'xstate.error.actor.loadReport', error: networkError },
        { type: 'RETRY' },
        { type: 'PRINT' },
        { type: 'xstate.done.actor.printReport', output: undefined },
        { type: 'xstate.error.actor.printReport', error: new Error('no frame') },
        { type: 'EXPORT' },
        { type: 'xstate.done.actor.exportReport', output: 'bao-cao-z_ca-31.xlsx' },
        { type: 'xstate.error.actor.exportReport', error: networkError },
      ],
      project: ((c: ZReportContext) => ({ q: c.query !== null, r: c.report !== null, e: c.loadError !== null })) as (
        context: never,
      ) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as ZReportContext;
      if (step.event.type === 'SHOW' && after.report !== null) throw new Error('a new scope kept the old report on screen');
      if (step.event.type.startsWith('xstate.error.actor.print') && after.report === null)
        throw new Error('a failed print dropped the report');
    }
  },
});
