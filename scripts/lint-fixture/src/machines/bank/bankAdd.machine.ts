// Allowed: schemas and `import type` from services.
import type { BankAccount } from '../../services/bank/schemas';
import type { fetchAccounts } from '../../services/bank/api';
// Planted (b): a machine calling a service implementation.
import { accountCount } from '../../services/bank/api'; // lint-expect: (b)

export type BankAddEvent = { type: 'ADD'; account: BankAccount };
export type FetchAccounts = typeof fetchAccounts;
export const bankAddMachine = { id: 'bankAdd', initialCount: accountCount };
