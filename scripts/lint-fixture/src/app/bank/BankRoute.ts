// Allowed: src/app composes machines with service implementations.
import { bankAddMachine } from '../../machines/bank/bankAdd.machine';
import { fetchAccounts } from '../../services/bank/api';
import { bankScreen } from '../../screens/bank/BankScreen';

export const bankRoute = { machine: bankAddMachine, load: fetchAccounts, screen: bankScreen };
