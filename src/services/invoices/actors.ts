import { fromPromise } from 'xstate';
import type { InvoicesApi } from './api';
import type { InvoiceBody, InvoiceCreated, InvoiceListQuery, InvoicePage, PickableCustomer } from './schemas';

/** The invoice machines' actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createInvoicesActors(api: InvoicesApi) {
  return {
    loadInvoices: fromPromise<InvoicePage, InvoiceListQuery>(({ input, signal }) => api.list(input, signal)),
    cancelInvoice: fromPromise<unknown, { invoiceId: number }>(({ input, signal }) => api.cancel(input.invoiceId, signal)),
    createInvoice: fromPromise<InvoiceCreated, { body: InvoiceBody; key: string }>(({ input, signal }) =>
      api.create(input.body, input.key, signal),
    ),
    searchCustomers: fromPromise<PickableCustomer[], { q: string }>(({ input, signal }) => api.searchCustomers(input.q, signal)),
  };
}

export type InvoicesActors = ReturnType<typeof createInvoicesActors>;
