// Allowed: a model test drives its area's machine.
import { bankAddMachine } from '../../../src/machines/bank/bankAdd.machine';
// Planted (e): composing the machine with a service implementation outside src/app.
import { fetchAccounts } from '../../../src/services/bank/api'; // lint-expect: (e)

export const model = { machine: bankAddMachine, load: fetchAccounts };
