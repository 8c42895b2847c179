import type { ServiceClient } from '../http/client';
import {
  bankAccountsSchema,
  bankListSchema,
  deletedSchema,
  holderNameSchema,
  qrDataSchema,
  qrOnlySchema,
  type AddBankAccountBody,
  type BankAccount,
  type BankAccountPage,
  type BankOption,
  type QrData,
} from './schemas';

/** Bank account calls (core §7; docs/areas/bank.md "bank"). Every answer is validated. */

export type { BankAccountPage };

export interface BankApi {
  list(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<BankAccountPage>;
  /** The merchant's linked account with this number, or null (asked after a realtime reconnect). */
  find(bankAccountNo: string, signal?: AbortSignal): Promise<BankAccount | null>;
  banks(signal?: AbortSignal): Promise<BankOption[]>;
  holderName(query: { accountNo: string; bankCode: string }, signal?: AbortSignal): Promise<string>;
  add(body: AddBankAccountBody, signal?: AbortSignal): Promise<QrData>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
  qr(query: { bankAccountNo: string; amount: number; description: string }, signal?: AbortSignal): Promise<string>;
}

export function createBankApi(client: ServiceClient): BankApi {
  return {
    async list({ page, pageSize }, signal) {
      const body = await client.list({
        name: 'bank.list',
        path: '/bank/account',
        query: { page, page_size: pageSize },
        schema: bankAccountsSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page, page: body.page ?? page, pageSize: body.page_size ?? pageSize };
    },
    async find(bankAccountNo, signal) {
      const body = await client.list({
        name: 'bank.find',
        path: '/bank/account',
        query: { bank_account_no: bankAccountNo, page: 1, page_size: 10 },
        schema: bankAccountsSchema,
        signal,
      });
      return body.data.find((row) => row.name === bankAccountNo) ?? null;
    },
    banks: (signal) => client.data({ name: 'bank.banks', path: '/metadata/list-bank', schema: bankListSchema, signal }),
    async holderName({ accountNo, bankCode }, signal) {
      const data = await client.data({
        name: 'bank.holderName',
        path: '/bank/holder-name',
        query: { account_no: accountNo, bank_code: bankCode },
        schema: holderNameSchema,
        signal,
      });
      // core §5: shown in upper case whatever the bank sends.
      return data.holder_name.toUpperCase();
    },
    add: (body, signal) =>
      client.data({ name: 'bank.add', method: 'POST', path: '/bank/account', body: { ...body }, schema: qrDataSchema, signal }),
    async remove(id, signal) {
      await client.data({ name: 'bank.remove', method: 'DELETE', path: '/bank/account', query: { id }, schema: deletedSchema, signal });
    },
    async qr({ bankAccountNo, amount, description }, signal) {
      const data = await client.data({
        name: 'bank.qr',
        path: '/bank/qr',
        query: { bank_account_no: bankAccountNo, amount, description },
        schema: qrOnlySchema,
        signal,
      });
      return data.qr;
    },
  };
}
