import { fromPromise } from 'xstate';
import { saveBlob } from '../shared/download';
import { fileExportActor } from '../shared/fileExport';
import type { AuditApi } from './api';
import type { AuditFilter, AuditListQuery, AuditPage, AuditUser } from './schemas';

/** The audit machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createAuditActors(api: AuditApi, save: (blob: Blob, filename: string) => void = saveBlob) {
  return {
    loadAuditPage: fromPromise<AuditPage, AuditListQuery>(({ input, signal }) => api.list(input, signal)),
    loadAuditUsers: fromPromise<AuditUser[], void>(({ signal }) => api.users(signal)),
    exportAudit: fileExportActor<{ filter: AuditFilter }>(
      (input, onProgress, signal) => api.exportFile(input.filter, onProgress, signal),
      save,
    ),
  };
}

export type AuditActors = ReturnType<typeof createAuditActors>;
