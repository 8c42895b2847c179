import type { BankAccount, BankAccountPage, BankOption, QrData } from '../../../src/services/bank/schemas';

/** Sample bank answers for the bank model tests. */

export const banks: BankOption[] = [
  { bank_code: 'VCB', bin: '970436', short_name: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam' },
  { bank_code: 'TCB', bin: '970407', short_name: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam' },
];

export const qrData: QrData = {
  qr: '00020101021238540010A00000072701240006970407011219100000013020 8QRIBFTTA',
  amount: 10_000,
  description: 'Chuyentien',
  bank_account_no: '191000000013',
};

export const verifiedAccount: BankAccount = {
  id: 1,
  name: '0100000011',
  holder_name: 'NGUYEN VAN MINH',
  bank_code: 'VCB',
  is_internal_transfer: true,
  phone: '0910000001',
};

export const unverifiedAccount: BankAccount = {
  ...verifiedAccount,
  id: 2,
  name: '1000000102',
  bank_code: 'MB',
  is_internal_transfer: false,
};

export const twoPages: BankAccountPage = { rows: [unverifiedAccount, verifiedAccount], totalPage: 2, page: 1, pageSize: 10 };
export const emptyPage: BankAccountPage = { rows: [], totalPage: 1, page: 2, pageSize: 10 };
/** Page 2's only row: deleting it steps back to page 1. */
export const lastRowPage: BankAccountPage = { rows: [verifiedAccount], totalPage: 2, page: 2, pageSize: 10 };
