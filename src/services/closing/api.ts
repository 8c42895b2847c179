import type { ServiceClient } from '../http/client';
import { filenameFromDisposition, readBlob } from '../http/body';
import { LOCAL_ERROR_CODES, ServiceError } from '../http/errors';
import { zReportQueryToParams, zReportSchema, type ZReport, type ZReportQuery } from './schemas';

/** The sale service's Z report calls (D306; docs/areas/closing.md): every answer validated. */

export interface ClosingApi {
  report(query: ZReportQuery, signal?: AbortSignal): Promise<ZReport>;
  exportFile(query: ZReportQuery, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function createClosingApi(sale: ServiceClient): ClosingApi {
  return {
    report: (query, signal) =>
      sale.data({ name: 'closing.zReport', path: '/closing/z-report', query: zReportQueryToParams(query), schema: zReportSchema, signal }),
    async exportFile(query, signal) {
      const name = 'closing.zReportExport';
      const res = await sale.raw({ name, path: '/closing/z-report/export', query: zReportQueryToParams(query), accept: XLSX_TYPE, signal });
      if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
        res.release();
        throw new ServiceError({
          code: LOCAL_ERROR_CODES.invalidResponse,
          status: 200,
          kind: 'invalid-response',
          message: `${name}: not a spreadsheet`,
        });
      }
      const blob = await readBlob(name, res);
      return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition'), 'bao-cao-z.xlsx') };
    },
  };
}
