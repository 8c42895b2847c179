import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http/client';
import type { Progress } from '../http/body';
import { fetchSpreadsheet, type DownloadedFile } from '../shared/fileExport';
import { auditEntrySchema, auditUserSchema, type AuditFilter, type AuditListQuery, type AuditPage, type AuditUser } from './schemas';

/** The portal service's audit calls (docs/areas/audit.md): every answer validated. */

export interface AuditApi {
  list(query: AuditListQuery, signal?: AbortSignal): Promise<AuditPage>;
  users(signal?: AbortSignal): Promise<AuditUser[]>;
  exportFile(filter: AuditFilter, onProgress?: (p: Progress) => void, signal?: AbortSignal): Promise<DownloadedFile>;
}

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
    exportFile: (filter, onProgress, signal) =>
      fetchSpreadsheet(portal, {
        name: 'audit.export',
        path: '/audit-log/export',
        query: filterToQuery(filter),
        fallbackName: 'nhat-ky-thao-tac.xlsx',
        timeoutMs: EXPORT_TIMEOUT_MS,
        onProgress,
        signal,
      }),
  };
}
