import type { TransactionStatus } from '../services/shared/schemas/transactions';

export type StatusColour = 'turquoise' | 'blue' | 'red';

/** Core §4: pending and waiting turquoise, success and paid blue, others red. */
export function statusColour(status: TransactionStatus | string): StatusColour {
  if (status === 'pending' || status === 'WAITING_FOR_PAID') return 'turquoise';
  if (status === 'success' || status === 'PAID') return 'blue';
  return 'red';
}
