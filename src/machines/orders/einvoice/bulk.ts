import type { Order } from '../../../services/orders/schemas';
import { ORDER_COMPLETED } from '../../../services/orders/schemas';
import type { BulkOutcome } from '../../../services/orders/schemas';

/**
 * A bulk e-invoice export run (doc 2 §4 "Bulk export", §9 500 ms pause) as data: the orders picked,
 * each one's outcome, and the progress shown. Kept in the tab's session storage by the app after each
 * order, so a reload resumes where it stopped (D209). Only ids, codes and outcomes: no buyer or amount.
 */

export type BulkItemStatus = 'pending' | 'exported' | 'skipped' | 'failed';

export interface BulkItem {
  orderId: number;
  orderCode: string;
  status: BulkItemStatus;
  eivCode: string | null;
  /** The issued invoice's serial as the provider answered it (D224), shown with the code; null when not known. */
  serial: string | null;
  /** The date the invoice carries when it is not the sale's day (D254); absent when it is. */
  datedToday?: number;
  error: string | null;
}

export interface BulkRun {
  items: BulkItem[];
}

export type { BulkOutcome };

/** The most orders one run takes: a run of 500 at 500 ms apart is already several minutes. */
export const BULK_MAX = 500;

/** doc 2 §4: only completed orders without an e-invoice code can be picked. */
export const selectable = (order: Pick<Order, 'status' | 'eiv_code' | 'is_eiv_exported'>) =>
  order.status === ORDER_COMPLETED && order.eiv_code === null && !order.is_eiv_exported;

export interface Picked {
  orderId: number;
  orderCode: string;
}

export const newRun = (picked: readonly Picked[]): BulkRun => ({
  items: picked.map((p) => ({ orderId: p.orderId, orderCode: p.orderCode, status: 'pending', eivCode: null, serial: null, error: null })),
});

export const nextPending = (run: BulkRun): number => run.items.findIndex((item) => item.status === 'pending');

export const hasPending = (run: BulkRun) => nextPending(run) >= 0;

export function settle(run: BulkRun, index: number, patch: Partial<BulkItem>): BulkRun {
  return { items: run.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) };
}

/** The failed orders go back to pending, for "retry the failed". */
export const requeueFailed = (run: BulkRun): BulkRun => ({
  items: run.items.map((item) => (item.status === 'failed' ? { ...item, status: 'pending', error: null } : item)),
});

export interface BulkProgress {
  done: number;
  total: number;
  percent: number;
  exported: number;
  skipped: number;
  failed: number;
}

/** doc 2 §4: "progress as exported/total with percent"; an order skipped because it had a code counts as done. */
export function progressOf(run: BulkRun): BulkProgress {
  const count = (status: BulkItemStatus) => run.items.filter((item) => item.status === status).length;
  const exported = count('exported');
  const skipped = count('skipped');
  const total = run.items.length;
  const done = exported + skipped;
  return { done, total, percent: total === 0 ? 0 : Math.floor((done * 100) / total), exported, skipped, failed: count('failed') };
}

/** A run read back from storage, or null when it is not one (a hand-edited or older slot is dropped, never trusted). */
export function parseRun(text: string | null): BulkRun | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !Array.isArray((value as BulkRun).items)) return null;
    const items = (value as BulkRun).items;
    if (items.length === 0 || items.length > BULK_MAX) return null;
    const ok = items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        Number.isInteger(item.orderId) &&
        item.orderId > 0 &&
        typeof item.orderCode === 'string' &&
        item.orderCode.length <= 100 &&
        ['pending', 'exported', 'skipped', 'failed'].includes(item.status) &&
        (item.eivCode === null || (typeof item.eivCode === 'string' && item.eivCode.length <= 320)) &&
        // A run saved before serials were kept has none (read as null).
        (item.serial === undefined || item.serial === null || (typeof item.serial === 'string' && item.serial.length <= 20)) &&
        (item.datedToday === undefined || item.datedToday === null || Number.isSafeInteger(item.datedToday)) &&
        (item.error === null || (typeof item.error === 'string' && item.error.length <= 100)),
    );
    return ok
      ? {
          items: items.map(({ orderId, orderCode, status, eivCode, serial, datedToday, error }) => ({
            orderId,
            orderCode,
            status,
            eivCode,
            serial: serial ?? null,
            ...(typeof datedToday === 'number' ? { datedToday } : {}),
            error,
          })),
        }
      : null;
  } catch {
    return null;
  }
}
