import { parentPort } from 'node:worker_threads';
import type { Channel } from '../../platform/transactions/channels';
import { buildWorkbook } from './xlsx';

/** A job for the worker: the rows as the JSON array texts query.ts exportChunks yields. */
export interface XlsxJob {
  id: number;
  channel: Channel;
  chunks: string[];
}

export type XlsxJobAnswer = { id: number; file: Uint8Array } | { id: number; error: string };

// Runs in a worker thread (xlsx-worker.mjs): parsing and the workbook build are the seconds of CPU
// that used to hold the sandbox's one event loop.
parentPort?.on('message', (job: XlsxJob) => {
  try {
    const rows: unknown[][] = [];
    for (const chunk of job.chunks) for (const row of JSON.parse(chunk) as unknown[][]) rows.push(row);
    const file = buildWorkbook(job.channel, rows);
    // A copy of its own: a Buffer may sit in Node's shared pool, which must not be transferred.
    const bytes = new Uint8Array(file);
    parentPort!.postMessage({ id: job.id, file: bytes } satisfies XlsxJobAnswer, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies XlsxJobAnswer);
  }
});
