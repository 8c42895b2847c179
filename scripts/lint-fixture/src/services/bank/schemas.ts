export interface BankAccount {
  accountNo: string;
}
