import type { AuditFilter } from '../../services/audit/schemas';
import { createFileExportMachine, type FileExportContext, type FileExportEvent } from '../shared/export/fileExport';

/**
 * The audit log's export (D300): one spreadsheet of the list's filter at a time, with the bytes
 * received so far; the button is disabled and shows progress meanwhile; success and failure each end
 * in a toast. Built from the shared file export (D322).
 */

type AuditExportRequest = { filter: AuditFilter };
export type AuditExportContext = FileExportContext<AuditExportRequest>;
export type AuditExportEvent = FileExportEvent<AuditExportRequest>;

export const auditExportMachine = createFileExportMachine<AuditExportRequest>()({
  id: 'auditExport',
  actor: 'exportAudit',
  request: ['filter'],
});

export { selectExportBusy, selectExportPercent } from '../shared/export/fileExport';
