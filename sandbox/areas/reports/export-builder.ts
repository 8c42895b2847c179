import { Worker } from 'node:worker_threads';
import type { Channel } from '../../platform/transactions/channels';
import type { XlsxJob, XlsxJobAnswer } from './xlsx-job';

export interface ExportBuilder {
  /** The .xlsx of rows given as JSON texts of arrays (query.ts exportChunks), built off the event loop. */
  build(channel: Channel, chunks: string[]): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One worker thread, started at the first export and kept: starting one loads tsx and the xlsx library
 * (a second or more on a busy machine), too much to pay per file. Jobs queue in the worker; a worker
 * that dies fails its jobs and the next export starts a new one.
 */
export function createExportBuilder(): ExportBuilder {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (file: Buffer) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const w = new Worker(new URL('./xlsx-worker.mjs', import.meta.url));
    // An idle worker must not keep the process alive after the server closed.
    w.unref();
    w.on('message', (answer: XlsxJobAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if (pending.size === 0) w.unref();
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(Buffer.from(answer.file.buffer, answer.file.byteOffset, answer.file.byteLength));
    });
    w.on('error', (error) => {
      if (worker === w) worker = null;
      failAll(error);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      if (pending.size) failAll(new Error(`export worker exited with code ${code}`));
    });
    return w;
  };

  return {
    build(channel, chunks) {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Referenced while a job runs, so a pending answer is awaited like any other I/O.
        w.ref();
        w.postMessage({ id, channel, chunks } satisfies XlsxJob);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
      failAll(new Error('export builder closed'));
    },
  };
}
