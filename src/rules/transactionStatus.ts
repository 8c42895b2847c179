/** The transactions' channels (core §3; contract §6): the reports' tabs, the sandbox's generated rows. */
export const REPORT_CHANNELS = ['card', 'cash', 'momo', 'installment', 'va', 'ecom', 'saving', 'loan'] as const;

/** Every status a transaction row may carry (core §4; the reports' schema parses with this list). */
export const TRANSACTION_STATUSES = [
  'success',
  'fail',
  'pending',
  'PAID',
  'WAITING_FOR_PAID',
  'error',
  'processing',
  'dispute_in_progress',
  'holding',
  'cancelled',
  'settled',
  'unsettled',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type StatusColour = 'turquoise' | 'blue' | 'red';

/** Core §4: pending and waiting turquoise, success and paid blue, others red. */
export function statusColour(status: TransactionStatus | string): StatusColour {
  if (status === 'pending' || status === 'WAITING_FOR_PAID') return 'turquoise';
  if (status === 'success' || status === 'PAID') return 'blue';
  return 'red';
}
