// Allowed: the ground floor imports itself.
import { round } from './round';
// Planted (h): the ground floor imports a layer above it, even a type.
import type { BankAccount } from '../services/bank/schemas'; // lint-expect: (h)

export const dong = (n: number): number => round(n);
export type Account = BankAccount;
