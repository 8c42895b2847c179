import { fromPromise } from 'xstate';
import { saveBlob } from '../shared/download';
import { fileExportActor } from '../shared/fileExport';
import type { ReconciliationApi } from './api';
import type { ReconDay, ReconQuery } from './schemas';

/** The reconciliation machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createReconciliationActors(api: ReconciliationApi, save: (blob: Blob, filename: string) => void = saveBlob) {
  return {
    loadReconDay: fromPromise<ReconDay, ReconQuery>(({ input, signal }) => api.day(input, signal)),
    exportRecon: fileExportActor<{ query: ReconQuery }>(
      (input, onProgress, signal) => api.exportFile(input.query, onProgress, signal),
      save,
    ),
  };
}

export type ReconciliationActors = ReturnType<typeof createReconciliationActors>;
