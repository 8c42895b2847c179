import type { ReconQuery } from '../../services/reconciliation/schemas';
import { createFileExportMachine, type FileExportContext, type FileExportEvent } from '../shared/export/fileExport';

/**
 * The reconciliation export (D309): one spreadsheet of the shown store and day at a time, with the bytes
 * received so far; the button is disabled and shows progress meanwhile; success and failure each end
 * in a toast. Built from the shared file export (D322).
 */

type ReconExportRequest = { query: ReconQuery };
export type ReconExportContext = FileExportContext<ReconExportRequest>;
export type ReconExportEvent = FileExportEvent<ReconExportRequest>;

export const reconciliationExportMachine = createFileExportMachine<ReconExportRequest>()({
  id: 'reconciliationExport',
  actor: 'exportRecon',
  request: ['query'],
});

export { selectExportBusy, selectExportPercent } from '../shared/export/fileExport';
