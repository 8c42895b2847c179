/** What every provider adapter is built from (`createMInvoiceAdapter`, `createMisaAdapter`, `createFptAdapter`, `createViettelAdapter`). */
export interface AdapterOptions {
  /** The provider's base URL, from the configuration `einvoice.providers[route]`. */
  baseURL: string;
  /** Injected fetch (tests pass the sandbox's in-process fetch); default globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /**
   * Waits between retries (MISA's "file not ready"); tests pass one that does not wait. Default
   * setTimeout, cut short by the signal.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The default `sleep`: resolves after `ms`, rejects with the signal's reason when it aborts first. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
