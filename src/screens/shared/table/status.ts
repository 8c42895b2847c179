import { TRANSACTION_STATUSES } from '../../../rules/transactionStatus';
/**
 * Transaction statuses and their colours (core §4): pending and waiting turquoise, success and paid
 * blue, everything else red. The colour is never the only signal: the status is always written
 * out, and each family has its own mark. Text is a shade darker than Mantine's 9 on shade 0 of
 * each colour: teal 7.5:1, blue 7.1:1, red 7.6:1. Shade 9 (4.7, 5.5 and 5.1:1) passed AA only on a
 * bare page: a badge in a row under the cookie banner's shadow, which darkens it by about 8 %, fell
 * to 3.9:1 (teal). These keep 4.5:1 under a shadow of 15 %.
 */

export type StatusTone = 'waiting' | 'done' | 'problem';

export const STATUS_TONES: Record<StatusTone, { color: string; text: string; background: string; mark: string }> = {
  waiting: { color: 'teal', text: '#0b5c44', background: 'var(--mantine-color-teal-0)', mark: '◷' },
  done: { color: 'blue', text: '#0b5394', background: 'var(--mantine-color-blue-0)', mark: '✓' },
  problem: { color: 'red', text: '#9b1c1c', background: 'var(--mantine-color-red-0)', mark: '!' },
};

/** Status filter choices of core §4, 'all' first (the filter's default). */
export const FILTER_STATUSES = ['all', ...TRANSACTION_STATUSES] as const;

export function statusTone(status: string | null | undefined): StatusTone {
  const s = (status ?? '').toLowerCase();
  if (s === 'pending' || s === 'waiting_for_paid' || s === 'waiting') return 'waiting';
  if (s === 'success' || s === 'paid' || s === '00') return 'done';
  return 'problem';
}

/** i18n key suffix for a status as the server spells it (case and separators vary). */
export function statusKey(status: string | null | undefined): string {
  const s = (status ?? '').trim();
  if (s === '') return 'unknown';
  if (s === '00') return 'success';
  const normalised = s.toLowerCase().replace(/[\s-]+/g, '_');
  const known: Record<string, string> = {
    success: 'success',
    fail: 'fail',
    failed: 'fail',
    pending: 'pending',
    paid: 'PAID',
    waiting_for_paid: 'WAITING_FOR_PAID',
    error: 'error',
    processing: 'processing',
    dispute: 'dispute_in_progress',
    dispute_in_progress: 'dispute_in_progress',
    holding: 'holding',
    cancelled: 'cancelled',
    canceled: 'cancelled',
    settled: 'settled',
    unsettled: 'unsettled',
    all: 'all',
  };
  return known[normalised] ?? 'unknown';
}
