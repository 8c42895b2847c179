import type { ServiceClient } from '../http/client';
import {
  invoiceCancelledSchema,
  invoiceCreatedSchema,
  invoiceRowsSchema,
  pickableCustomersSchema,
  type InvoiceBody,
  type InvoiceCreated,
  type InvoiceListQuery,
  type InvoicePage,
  type PickableCustomer,
} from './schemas';

/** The sale service's /invoice calls and the create form's customer picker (docs/areas/invoices.md; its products come from the orders client, D354). Every answer is validated. */

/** How many customers the customer picker shows. */
export const PICKER_PAGE_SIZE = 20;

export interface InvoicesApi {
  list(query: InvoiceListQuery, signal?: AbortSignal): Promise<InvoicePage>;
  create(body: InvoiceBody, idempotencyKey: string, signal?: AbortSignal): Promise<InvoiceCreated>;
  cancel(invoiceId: number, signal?: AbortSignal): Promise<void>;
  searchCustomers(q: string, signal?: AbortSignal): Promise<PickableCustomer[]>;
}

export function createInvoicesApi(sale: ServiceClient): InvoicesApi {
  return {
    async list({ page, pageSize, q }, signal) {
      const body = await sale.list({
        name: 'invoices.list',
        path: '/invoice',
        query: { page, page_size: pageSize, ...(q ? { q } : {}) },
        schema: invoiceRowsSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page };
    },
    async create(body, idempotencyKey, signal) {
      const answer = await sale.call({
        name: 'invoices.create',
        method: 'POST',
        path: '/invoice',
        body: { ...body },
        headers: { 'Idempotency-Key': idempotencyKey },
        response: invoiceCreatedSchema,
        signal,
      });
      return answer.data;
    },
    async cancel(invoiceId, signal) {
      await sale.data({
        name: 'invoices.cancel',
        method: 'DELETE',
        path: `/invoice/${encodeURIComponent(String(invoiceId))}`,
        schema: invoiceCancelledSchema,
        signal,
      });
    },
    async searchCustomers(q, signal) {
      const data = await sale.data({
        name: 'invoices.searchCustomers',
        path: '/customer',
        query: { page: 1, page_size: PICKER_PAGE_SIZE, q },
        schema: pickableCustomersSchema,
        signal,
      });
      return data.customers;
    },
  };
}
