// Allowed: the area's machine, schemas, `import type` from a client, the error catalogue.
import { bankAddMachine } from '../../machines/bank/bankAdd.machine';
import type { BankAccount } from '../../services/bank/schemas';
import type { fetchAccounts } from '../../services/bank/api';
import { errorCodes } from '../../services/errors/catalogue';
// Planted (a): the bank screen reaching into another area's machine.
import { shopQrMachine } from '../../machines/shopqr/shopQr.machine'; // lint-expect: (a)
// Planted (d): a screen calling a service client.
import { accountCount } from '../../services/bank/api'; // lint-expect: (d)

export const bankScreen = { machine: bankAddMachine.id, other: shopQrMachine.id, errorCodes, accountCount };
export type Load = typeof fetchAccounts;
export type Row = BankAccount;
