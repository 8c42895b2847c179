import type { ServiceClient } from '../http/client';
import { fetchSpreadsheet, type DownloadedFile } from '../shared/fileExport';
import { zReportQueryToParams, zReportSchema, type ZReport, type ZReportQuery } from './schemas';

/** The sale service's Z report calls (D306; docs/areas/closing.md): every answer validated. */

export interface ClosingApi {
  report(query: ZReportQuery, signal?: AbortSignal): Promise<ZReport>;
  exportFile(query: ZReportQuery, signal?: AbortSignal): Promise<DownloadedFile>;
}

export function createClosingApi(sale: ServiceClient): ClosingApi {
  return {
    report: (query, signal) =>
      sale.data({ name: 'closing.zReport', path: '/closing/z-report', query: zReportQueryToParams(query), schema: zReportSchema, signal }),
    exportFile: (query, signal) =>
      fetchSpreadsheet(sale, {
        name: 'closing.zReportExport',
        path: '/closing/z-report/export',
        query: zReportQueryToParams(query),
        fallbackName: 'bao-cao-z.xlsx',
        signal,
      }),
  };
}
