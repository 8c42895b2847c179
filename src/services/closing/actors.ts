import { fromPromise } from 'xstate';
import { saveBlob } from '../shared/download';
import type { ClosingApi } from './api';
import type { ZReport, ZReportQuery } from './schemas';

/** The Z report machine's service actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createClosingActors(api: ClosingApi) {
  return {
    loadReport: fromPromise<ZReport, { query: ZReportQuery }>(({ input, signal }) => api.report(input.query, signal)),
    exportReport: fromPromise<string, { query: ZReportQuery }>(async ({ input, signal }) => {
      const { blob, filename } = await api.exportFile(input.query, signal);
      saveBlob(blob, filename);
      return filename;
    }),
  };
}

export type ClosingActors = ReturnType<typeof createClosingActors>;
