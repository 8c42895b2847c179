import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { saveBlob } from '../shared/download';
import type { AuditApi } from './api';
import type { AuditFilter, AuditListQuery, AuditPage, AuditUser } from './schemas';

/** The audit machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createAuditActors(api: AuditApi, save: (blob: Blob, filename: string) => void = saveBlob) {
  return {
    loadAuditPage: fromPromise<AuditPage, AuditListQuery>(({ input, signal }) => api.list(input, signal)),
    loadAuditUsers: fromPromise<AuditUser[], void>(({ signal }) => api.users(signal)),
    exportAudit: fromCallback<EventObject, { filter: AuditFilter }>(({ input, sendBack }) => {
      const controller = new AbortController();
      api
        .exportFile(input.filter, (p) => sendBack({ type: 'EXPORT.PROGRESS', received: p.received, total: p.total }), controller.signal)
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

export type AuditActors = ReturnType<typeof createAuditActors>;
