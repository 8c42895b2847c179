import type { ServiceClient } from '../http/client';
import { filenameFromDisposition, readBlob, type Progress } from '../http/body';
import { LOCAL_ERROR_CODES, ServiceError } from '../http/errors';
import { reconDaySchema, type ReconDay, type ReconQuery } from './schemas';

/** The portal service's reconciliation calls (docs/areas/reconciliation.md): every answer validated. */

export interface ReconciliationApi {
  day(query: ReconQuery, signal?: AbortSignal): Promise<ReconDay>;
  exportFile(query: ReconQuery, onProgress?: (p: Progress) => void, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_TIMEOUT_MS = 120_000;

const wire = (q: ReconQuery) => ({ store_id: q.storeId, day: q.day });

export function createReconciliationApi(portal: ServiceClient): ReconciliationApi {
  return {
    day: (query, signal) =>
      portal.data({ name: 'reconciliation.day', path: '/reconciliation', query: wire(query), schema: reconDaySchema, signal }),
    async exportFile(query, onProgress, signal) {
      const name = 'reconciliation.export';
      const res = await portal.raw({
        name,
        path: '/reconciliation/export',
        query: wire(query),
        accept: XLSX_TYPE,
        timeoutMs: EXPORT_TIMEOUT_MS,
        signal,
      });
      if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
        res.release();
        throw new ServiceError({
          code: LOCAL_ERROR_CODES.invalidResponse,
          status: 200,
          kind: 'invalid-response',
          message: `${name}: not a spreadsheet`,
        });
      }
      const blob = await readBlob(name, res, onProgress);
      return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition'), `doi-soat_${query.day}.xlsx`) };
    },
  };
}
