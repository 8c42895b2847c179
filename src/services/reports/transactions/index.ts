import { z } from '../../../config/zod-classic';
import { rangeToUnixSeconds } from '../../../rules/timeRange';
import { readBlob, readLines, type Progress } from '../../http/body';
import type { QueryValue, ServiceClient } from '../../http/client';
import { LOCAL_ERROR_CODES, ServiceError } from '../../http/errors';
import { dashboardChunkSchema, type DashboardChunk } from '../schemas/dashboard';
import type { ReportFilters, ReportPage } from '../schemas/reportFilters';
import { fetchSpreadsheet, type DownloadedFile } from '../../shared/fileExport';
import { storeOptionSchema, type StoreOption } from '../../shared/schemas/stores';
import { rowSchemaFor, transactionListSchema, type ReportChannel } from '../schemas/transactions';

/** Report, export, bill image, dashboard stream and store calls (docs/areas/reports.md §3–§6). */

export type { Progress };
export type StreamedChunk = Exclude<DashboardChunk, { kind: 'end' }>;

export interface ReportsApi {
  list(channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal): Promise<ReportPage>;
  exportFile(
    channel: ReportChannel,
    filters: ReportFilters,
    onProgress?: (progress: Progress) => void,
    signal?: AbortSignal,
  ): Promise<DownloadedFile>;
  /** The invoice image behind a row's bill_url, loaded with the session. */
  billImage(billUrl: string, signal?: AbortSignal): Promise<Blob>;
  stores(signal?: AbortSignal): Promise<StoreOption[]>;
  /**
   * Streams the dashboard; onChunk gets day, month, year and recent as each arrives. Resolves after
   * the end chunk. Rejects INVALID_RESPONSE for a malformed chunk, NETWORK_ERROR when the stream
   * breaks off (also when it closes without its end chunk); what arrived before stays delivered.
   */
  dashboard(date: string, onChunk: (chunk: StreamedChunk) => void, signal?: AbortSignal): Promise<void>;
}

export const STORE_DROPDOWN_SIZE = 100_000;
const EXPORT_TIMEOUT_MS = 120_000;

/** The list filter on the wire (core §3): unix seconds, 'all' and empty search left out. */
export function filtersToQuery(filters: ReportFilters, nowMs: number): Record<string, QueryValue> {
  const { start_time, end_time } = rangeToUnixSeconds(filters.range, nowMs);
  return {
    page: filters.page,
    page_size: filters.pageSize,
    start_time,
    end_time,
    status: filters.status === 'all' ? undefined : filters.status,
    customer_id: filters.storeId ?? undefined,
    bill_id: filters.billId === '' ? undefined : filters.billId,
    sort: filters.sort,
    order: filters.order,
  };
}

const invalid = (name: string, message: string) =>
  new ServiceError({ code: LOCAL_ERROR_CODES.invalidResponse, status: 200, kind: 'invalid-response', message: `${name}: ${message}` });

/** Only the service's own bill paths are fetched with the bearer, never a URL taken from data as is. */
const BILL_PATH = /^(?:.*)?(\/transaction\/bill\/[a-z]+-\d{1,12}\.svg)$/;

/** The report as a spreadsheet (docs/areas/reports.md §4), read with progress. */
async function exportReport(
  client: ServiceClient,
  now: () => number,
  channel: ReportChannel,
  filters: ReportFilters,
  onProgress?: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const file = await fetchSpreadsheet(client, {
    name: `transactions.${channel}.export`,
    path: `/transaction/${channel}`,
    query: { ...filtersToQuery(filters, now()), export: true },
    fallbackName: `bao-cao-${channel}.xlsx`,
    timeoutMs: EXPORT_TIMEOUT_MS,
    onProgress,
    signal,
  });
  // The service may name the file without its extension; a spreadsheet always gets one.
  return file.filename.toLowerCase().endsWith('.xlsx') ? file : { ...file, filename: `${file.filename}.xlsx` };
}

/** A row's bill image, from the service's own bill path only. */
async function fetchBillImage(client: ServiceClient, billUrl: string, signal?: AbortSignal): Promise<Blob> {
  const match = typeof billUrl === 'string' ? BILL_PATH.exec(billUrl.split('?')[0] ?? '') : null;
  if (!match?.[1]) throw invalid('transactions.bill', 'not a bill image path');
  const res = await client.raw({ name: 'transactions.bill', path: match[1], accept: 'image/svg+xml,image/*', signal });
  if (!(res.headers.get('content-type') ?? '').startsWith('image/')) {
    res.release();
    throw invalid('transactions.bill', 'not an image');
  }
  return readBlob('transactions.bill', res);
}

/** The dashboard's event stream, chunk by chunk (ReportsApi.dashboard). */
async function streamDashboard(
  client: ServiceClient,
  date: string,
  onChunk: (chunk: StreamedChunk) => void,
  signal?: AbortSignal,
): Promise<void> {
  const name = 'dashboard-data';
  const res = await client.raw({
    name,
    path: '/dashboard-data',
    query: { date_filter: date },
    accept: 'text/event-stream',
    signal,
  });
  let ended = false;
  let failure: ServiceError | null = null;
  await readLines(name, res, (line) => {
    if (ended || failure || !line.startsWith('data:')) return;
    let json: unknown;
    try {
      json = JSON.parse(line.slice(5));
    } catch {
      failure = invalid(name, 'a chunk is not JSON');
      res.release();
      return;
    }
    const parsed = dashboardChunkSchema.safeParse(json);
    if (!parsed.success) {
      failure = invalid(name, `a chunk does not match its schema (${parsed.error.issues[0]?.path.join('.') || 'kind'})`);
      res.release();
      return;
    }
    if (parsed.data.kind === 'end') ended = true;
    else onChunk(parsed.data);
  }).catch((error: unknown) => {
    // Releasing after a bad chunk aborts the read; the bad chunk is the error to report.
    if (!failure) throw error;
  });
  if (failure) throw failure;
  if (!ended) {
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.network,
      status: 0,
      kind: 'network',
      message: `${name}: the stream ended before its end chunk`,
    });
  }
}

export function createReportsApi(client: ServiceClient, now: () => number = Date.now): ReportsApi {
  return {
    async list(channel, filters, signal) {
      const body = await client.call({
        name: `transactions.${channel}`,
        path: `/transaction/${channel}`,
        query: filtersToQuery(filters, now()),
        response: transactionListSchema(rowSchemaFor(channel)),
        signal,
      });
      return {
        rows: body.data,
        totalPage: body.total_page,
        totalAmount: body.total_amount,
        totalCount: body.total_count,
        page: body.page,
        pageSize: body.page_size,
      };
    },

    exportFile: (channel, filters, onProgress, signal) => exportReport(client, now, channel, filters, onProgress, signal),

    billImage: (billUrl, signal) => fetchBillImage(client, billUrl, signal),

    async stores(signal) {
      const page = await client.list({
        name: 'metadata.store',
        path: '/metadata/store',
        query: { page: 1, page_size: STORE_DROPDOWN_SIZE },
        schema: z.array(storeOptionSchema),
        timeoutMs: 60_000,
        signal,
      });
      return page.data;
    },

    dashboard: (date, onChunk, signal) => streamDashboard(client, date, onChunk, signal),

  };
}
