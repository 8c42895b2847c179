import type { Database } from '../db/database';

/**
 * The running e-invoice queue worker of each sandbox (platform/sale/einvoice-queue.ts), by its
 * database: settlement wakes it after a payment and the trigger asks it for a round, without
 * importing the worker (which reads the orders and e-invoice areas' code, and the orders area imports
 * settlement).
 */
export interface InvoiceQueueHandle {
  /** Look for due jobs now rather than at the next timer. */
  wake(): void;
  /** One round over every due job, after the round in progress if any; answers what it did. */
  runDue(): Promise<InvoiceRunResult>;
}

export interface InvoiceRunResult {
  issued: number[];
  retrying: number[];
  failed: number[];
  /** Refunds whose adjusting invoice was issued in this round (D313); absent when none. */
  adjusted?: number[];
}

const handles = new WeakMap<Database, InvoiceQueueHandle>();

export function registerInvoiceQueue(db: Database, handle: InvoiceQueueHandle | null): void {
  if (handle) handles.set(db, handle);
  else handles.delete(db);
}

export function invoiceQueueOf(db: Database): InvoiceQueueHandle | undefined {
  return handles.get(db);
}

export function wakeInvoiceQueue(db: Database): void {
  handles.get(db)?.wake();
}
