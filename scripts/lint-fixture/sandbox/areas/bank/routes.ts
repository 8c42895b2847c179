// Allowed: the sandbox applies the ground floor's rules.
import { dong } from '../../../src/rules/money';
// Planted (i): the sandbox imports a machine module.
import { bankAddMachine } from '../../../src/machines/bank/bankAdd.machine'; // lint-expect: (i)

export const amount = dong(1);
export const machine = bankAddMachine;
