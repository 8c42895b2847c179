import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http/client';
import {
  deleteAnswerSchema,
  linkedBankAccountSchema,
  shopQrDetailSchema,
  shopQrListSchema,
  shopQrRowSchema,
  staffOptionSchema,
  type LinkedBankAccount,
  type NewShopQr,
  type ShopQrDetail,
  type ShopQrRow,
  type StaffOption,
} from './schemas';

/** ShopQR calls (core §7; contract receiving-money.md, shopqr). Every answer is validated. */

export interface ShopQrPage {
  rows: ShopQrRow[];
  totalPage: number;
  page: number;
  pageSize: number;
}

export interface ShopQrApi {
  list(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<ShopQrPage>;
  detail(vaAccountNo: string, signal?: AbortSignal): Promise<ShopQrDetail>;
  create(body: NewShopQr, signal?: AbortSignal): Promise<ShopQrRow>;
  remove(channelId: number, signal?: AbortSignal): Promise<void>;
  staff(signal?: AbortSignal): Promise<StaffOption[]>;
  bankAccounts(signal?: AbortSignal): Promise<LinkedBankAccount[]>;
}

/** core §9: dropdown lists fetch up to 100,000 rows. */
export const STAFF_DROPDOWN_SIZE = 100_000;
/** core §9: the bank-account dropdown too (the /bank screen's own list pages by 100; D67). */
export const BANK_ACCOUNT_DROPDOWN_SIZE = 100_000;

export function createShopQrApi(client: ServiceClient): ShopQrApi {
  return {
    async list({ page, pageSize }, signal) {
      const body = await client.call({
        name: 'shopqr.list',
        path: '/channel-payment',
        query: { page, page_size: pageSize },
        response: shopQrListSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page, page: body.page ?? page, pageSize: body.page_size ?? pageSize };
    },

    detail(vaAccountNo, signal) {
      return client.data({
        name: 'shopqr.detail',
        path: '/channel-payment',
        query: { va_account_no: vaAccountNo },
        schema: shopQrDetailSchema,
        signal,
      });
    },

    create(body, signal) {
      return client.data({
        name: 'shopqr.create',
        method: 'POST',
        path: '/channel-payment',
        body: { ...body },
        schema: shopQrRowSchema,
        signal,
      });
    },

    async remove(channelId, signal) {
      await client.data({
        name: 'shopqr.delete',
        method: 'DELETE',
        path: '/channel-payment',
        query: { channel_id: channelId },
        schema: deleteAnswerSchema,
        signal,
      });
    },

    async staff(signal) {
      const page = await client.list({
        name: 'metadata.listStaff',
        path: '/metadata/list-staff',
        query: { page: 1, page_size: STAFF_DROPDOWN_SIZE },
        schema: z.array(staffOptionSchema),
        timeoutMs: 60_000,
        signal,
      });
      return page.data;
    },

    async bankAccounts(signal) {
      const page = await client.list({
        name: 'metadata.bankAccount',
        path: '/metadata/bank-account',
        query: { page: 1, page_size: BANK_ACCOUNT_DROPDOWN_SIZE },
        schema: z.array(linkedBankAccountSchema),
        timeoutMs: 60_000,
        signal,
      });
      return page.data;
    },
  };
}
