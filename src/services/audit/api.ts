import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http/client';
import { filenameFromDisposition, readBlob, type Progress } from '../http/body';
import { LOCAL_ERROR_CODES, ServiceError } from '../http/errors';
import { auditEntrySchema, auditUserSchema, type AuditFilter, type AuditListQuery, type AuditPage, type AuditUser } from './schemas';

/** The portal service's audit calls (docs/areas/audit.md): every answer validated. */

export interface AuditApi {
  list(query: AuditListQuery, signal?: AbortSignal): Promise<AuditPage>;
  users(signal?: AbortSignal): Promise<AuditUser[]>;
  exportFile(filter: AuditFilter, onProgress?: (p: Progress) => void, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_TIMEOUT_MS = 120_000;

/** The filter on the wire: Vietnam days as YYYY-MM-DD, nothing for "all". */
export function filterToQuery(filter: AuditFilter): Record<string, string | number> {
  return {
    ...(filter.days ? { from: filter.days.from, to: filter.days.to } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.userId !== null ? { user_id: filter.userId } : {}),
    ...(filter.storeId !== null ? { store_id: filter.storeId } : {}),
  };
}

export function createAuditApi(portal: ServiceClient): AuditApi {
  return {
    async list({ page, pageSize, filter }, signal) {
      const res = await portal.list({
        name: 'audit.list',
        path: '/audit-log',
        query: { page, page_size: pageSize, ...filterToQuery(filter) },
        schema: z.array(auditEntrySchema),
        signal,
      });
      return { rows: res.data, totalPage: res.total_page };
    },
    users: (signal) => portal.data({ name: 'audit.users', path: '/audit-log/users', schema: z.array(auditUserSchema), signal }),
    async exportFile(filter, onProgress, signal) {
      const name = 'audit.export';
      const res = await portal.raw({
        name,
        path: '/audit-log/export',
        query: filterToQuery(filter),
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
      return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition'), 'nhat-ky-thao-tac.xlsx') };
    },
  };
}
