export * from './api';
export * from './actors';
export * from './wait-for-verification';
export { bankAccountSchema, type BankAccount } from './schemas';
