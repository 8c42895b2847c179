// Allowed: the area's own schemas.
import type { BankAccount } from './schemas';
// Planted (c): a service importing a machine's type.
import type { BankAddEvent } from '../../machines/bank/bankAdd.machine'; // lint-expect: (c)

export const accountCount = 0;
export async function fetchAccounts(): Promise<BankAccount[]> {
  return [];
}
export type Added = BankAddEvent['account'];
