import type { ServiceClient } from '../http/client';
import type { Progress } from '../http/body';
import { fetchSpreadsheet, type DownloadedFile } from '../shared/fileExport';
import { reconDaySchema, type ReconDay, type ReconQuery } from './schemas';

/** The portal service's reconciliation calls (docs/areas/reconciliation.md): every answer validated. */

export interface ReconciliationApi {
  day(query: ReconQuery, signal?: AbortSignal): Promise<ReconDay>;
  exportFile(query: ReconQuery, onProgress?: (p: Progress) => void, signal?: AbortSignal): Promise<DownloadedFile>;
}

const EXPORT_TIMEOUT_MS = 120_000;

const wire = (q: ReconQuery) => ({ store_id: q.storeId, day: q.day });

export function createReconciliationApi(portal: ServiceClient): ReconciliationApi {
  return {
    day: (query, signal) =>
      portal.data({ name: 'reconciliation.day', path: '/reconciliation', query: wire(query), schema: reconDaySchema, signal }),
    exportFile: (query, onProgress, signal) =>
      fetchSpreadsheet(portal, {
        name: 'reconciliation.export',
        path: '/reconciliation/export',
        query: wire(query),
        fallbackName: `doi-soat_${query.day}.xlsx`,
        timeoutMs: EXPORT_TIMEOUT_MS,
        onProgress,
        signal,
      }),
  };
}
