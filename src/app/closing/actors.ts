import { fromPromise } from 'xstate';
import { createClosingActors, createClosingApi, type ZReport } from '../../services/closing';
import { printInFrame } from '../../services/shared/print/printer';
import { renderZReport } from '../../screens/closing/render';
import type { AppScope } from '../shared/composition';

/**
 * The closing area's wiring for one runtime (D279): the sale client's Z report calls, and printing:
 * the report on screen rendered as the 80 mm paper (in the page's language) into the receipt's print
 * frame (D131, D306).
 */
export const closingActorsOf = ({ runtime }: AppScope) => ({
  ...createClosingActors(createClosingApi(runtime.clients.sale)),
  /** The paper in the page's language at the moment of printing. */
  printReport: (language: () => 'vi' | 'en') =>
    fromPromise<void, { report: ZReport }>(async ({ input }) => printInFrame(window, await renderZReport(input.report, language()))),
});
