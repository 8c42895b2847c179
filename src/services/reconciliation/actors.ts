import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { saveBlob } from '../shared/download';
import type { ReconciliationApi } from './api';
import type { ReconDay, ReconQuery } from './schemas';

/** The reconciliation machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createReconciliationActors(api: ReconciliationApi, save: (blob: Blob, filename: string) => void = saveBlob) {
  return {
    loadReconDay: fromPromise<ReconDay, ReconQuery>(({ input, signal }) => api.day(input, signal)),
    exportRecon: fromCallback<EventObject, { query: ReconQuery }>(({ input, sendBack }) => {
      const controller = new AbortController();
      api
        .exportFile(input.query, (p) => sendBack({ type: 'EXPORT.PROGRESS', received: p.received, total: p.total }), controller.signal)
        .then(
          ({ blob, filename }) => {
            if (controller.signal.aborted) return;
            save(blob, filename);
            sendBack({ type: 'EXPORT.SAVED', filename });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'EXPORT.FAILED', error });
          },
        );
      return () => controller.abort();
    }),
  };
}

export type ReconciliationActors = ReturnType<typeof createReconciliationActors>;
