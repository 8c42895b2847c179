import { fromPromise } from 'xstate';
import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http/client';
import { subMerchantSchema, type NewSubMerchant, type SubMerchant } from './schemas';

/** Master merchant calls (docs/areas/merchants.md, D100): the sub-merchant list and a new record. Every answer is validated. */

export const SUB_MERCHANT_PATH = '/master-merchant/sub-merchant';

export interface SubMerchantPage {
  rows: SubMerchant[];
  totalPage: number;
}

export interface MerchantsApi {
  list(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<SubMerchantPage>;
  create(body: NewSubMerchant, signal?: AbortSignal): Promise<SubMerchant>;
}

export function createMerchantsApi(client: ServiceClient): MerchantsApi {
  return {
    async list(query, signal) {
      const page = await client.list({
        name: 'merchants.list',
        path: SUB_MERCHANT_PATH,
        query: { page: query.page, page_size: query.pageSize },
        schema: z.array(subMerchantSchema),
        signal,
      });
      return { rows: page.data, totalPage: page.total_page };
    },
    create(body, signal) {
      return client.data({ name: 'merchants.create', method: 'POST', path: SUB_MERCHANT_PATH, body, schema: subMerchantSchema, signal });
    },
  };
}

/** The machines' actors; each passes the machine's signal on (a newer page or leaving the form stops the request). */
export function createMerchantsActors(api: MerchantsApi) {
  return {
    loadSubMerchants: fromPromise<SubMerchantPage, { page: number; pageSize: number }>(({ input, signal }) => api.list(input, signal)),
    createSubMerchant: fromPromise<SubMerchant, NewSubMerchant>(({ input, signal }) => api.create(input, signal)),
  };
}
