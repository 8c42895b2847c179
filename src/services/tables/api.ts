import type { ServiceClient } from '../http/client';
import {
  orderOpenedSchema,
  saleMerchantSchema,
  TABLE_GRID_PAGE_SIZE,
  tableCreatedSchema,
  tableDeletedSchema,
  tableSchema,
  tablesSchema,
  type SaleMerchant,
  type Table,
  type TableBody,
  type TableListQuery,
} from './schemas';

/** The sale service's /fnb/table calls, POST /order for a table and GET /saas/merchant (docs/areas/tables.md). Every answer is validated. */

export interface TablesApi {
  list(query: TableListQuery, signal?: AbortSignal): Promise<Table[]>;
  create(body: TableBody, signal?: AbortSignal): Promise<{ table_id: number }>;
  rename(id: number, body: TableBody, signal?: AbortSignal): Promise<Table>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
  /** A bill on the table: a new one, or the one it already has (CONTRACT13: two tabs, one bill). */
  openBill(tableId: number, signal?: AbortSignal): Promise<{ order_id: number }>;
  merchant(signal?: AbortSignal): Promise<SaleMerchant>;
}

export function createTablesApi(sale: ServiceClient): TablesApi {
  return {
    async list({ q }, signal) {
      const body = await sale.list({
        name: 'tables.list',
        path: '/fnb/table',
        query: { page: 1, page_size: TABLE_GRID_PAGE_SIZE, ...(q ? { q } : {}) },
        schema: tablesSchema,
        signal,
      });
      return body.data;
    },
    async create(body, signal) {
      const answer = await sale.call({
        name: 'tables.create',
        method: 'POST',
        path: '/fnb/table',
        body: { ...body, customer_id: 0 },
        response: tableCreatedSchema,
        signal,
      });
      return answer.data;
    },
    rename: (id, body, signal) =>
      sale.data({
        name: 'tables.rename',
        method: 'PUT',
        path: `/fnb/table/${encodeURIComponent(String(id))}`,
        body: { table_id: id, ...body },
        schema: tableSchema,
        signal,
      }),
    async remove(id, signal) {
      await sale.data({
        name: 'tables.remove',
        method: 'DELETE',
        path: `/fnb/table/${encodeURIComponent(String(id))}`,
        schema: tableDeletedSchema,
        signal,
      });
    },
    async openBill(tableId, signal) {
      const answer = await sale.call({
        name: 'tables.openBill',
        method: 'POST',
        path: '/order',
        body: { table_id: tableId },
        response: orderOpenedSchema,
        signal,
      });
      return { order_id: answer.data.order_id };
    },
    merchant: (signal) => sale.data({ name: 'tables.merchant', path: '/saas/merchant', schema: saleMerchantSchema, signal }),
  };
}
