import { fromCallback, type EventObject } from 'xstate';
import { filenameFromDisposition, readBlob, type Progress } from '../http/body';
import type { QueryValue, ServiceClient } from '../http/client';
import { LOCAL_ERROR_CODES, ServiceError } from '../http/errors';
import { saveBlob } from './download';

/**
 * A spreadsheet download and the actor that runs it for a file-export machine
 * (src/machines/shared/export/fileExport.ts, D322). Area-free: each area's client names the call,
 * its path, its query and the file name to use when the service names none.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface SpreadsheetCall {
  /** The call's name in errors and the inspector, e.g. `audit.export`. */
  name: string;
  path: string;
  query: Record<string, QueryValue>;
  /** The file name when Content-Disposition has none. */
  fallbackName: string;
  /** A large export may take longer than the client's default. */
  timeoutMs?: number;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

/** Fetches a spreadsheet, read with progress; an answer that is not one is INVALID_RESPONSE. */
export async function fetchSpreadsheet(client: ServiceClient, call: SpreadsheetCall): Promise<DownloadedFile> {
  const { name, path, query, timeoutMs, signal } = call;
  const res = await client.raw({ name, path, query, accept: XLSX_TYPE, signal, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  if (!(res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
    res.release();
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.invalidResponse,
      status: 200,
      kind: 'invalid-response',
      message: `${name}: not a spreadsheet`,
    });
  }
  const blob = await readBlob(name, res, call.onProgress);
  return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition'), call.fallbackName) };
}

/**
 * The export machine's actor: runs `download` with the machine's request, sends EXPORT.PROGRESS as
 * bytes arrive, then hands the file to `save` and sends EXPORT.SAVED, or sends EXPORT.FAILED. Stopping
 * the actor (leaving the page) aborts the request, and nothing is saved or sent after that.
 */
export function fileExportActor<TInput>(
  download: (input: TInput, onProgress: (p: Progress) => void, signal: AbortSignal) => Promise<DownloadedFile>,
  save: (blob: Blob, filename: string) => void = saveBlob,
) {
  return fromCallback<EventObject, TInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    download(input, (p) => sendBack({ type: 'EXPORT.PROGRESS', received: p.received, total: p.total }), controller.signal).then(
      ({ blob, filename }) => {
        if (controller.signal.aborted) return;
        save(blob, filename);
        sendBack({ type: 'EXPORT.SAVED', filename });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'EXPORT.FAILED', error });
      },
    );
    return () => controller.abort();
  });
}
