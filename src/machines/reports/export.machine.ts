import type { ReportFilters } from '../../services/reports/schemas/reportFilters';
import type { ReportChannel } from '../../services/reports/schemas/transactions';
import { createFileExportMachine, type FileExportContext, type FileExportEvent } from '../shared/export/fileExport';

/**
 * Report export (core §2 export button, §7 export flag, §8 toasts): one spreadsheet at a time, with
 * the bytes received so far; success and failure each end in a toast, which DISMISS puts back to idle.
 * Built from the shared file export (D322).
 */

type ReportExportRequest = { channel: ReportChannel; filters: ReportFilters };
export type ExportContext = FileExportContext<ReportExportRequest>;
export type ExportEvent = FileExportEvent<ReportExportRequest, true>;

export const exportMachine = createFileExportMachine<ReportExportRequest>()({
  id: 'export',
  actor: 'exportReport',
  request: ['channel', 'filters'],
  dismissable: true,
});
