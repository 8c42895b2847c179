import type { ServiceClient } from '../http/client';
import {
  customerCreatedSchema,
  customerListSchema,
  customerSchema,
  type Customer,
  type CustomerBody,
  type CustomerCreated,
  type CustomerListQuery,
  type CustomerPage,
} from './schemas';

/** The sale service's /customer calls (doc 2 §7; docs/areas/customers.md). Every answer is validated. */

export interface CustomersApi {
  list(query: CustomerListQuery, signal?: AbortSignal): Promise<CustomerPage>;
  get(id: number, signal?: AbortSignal): Promise<Customer>;
  create(body: CustomerBody, signal?: AbortSignal): Promise<CustomerCreated>;
  update(id: number, body: CustomerBody, signal?: AbortSignal): Promise<Customer>;
}

export function createCustomersApi(sale: ServiceClient): CustomersApi {
  return {
    async list({ page, pageSize, q }, signal) {
      const data = await sale.data({
        name: 'customers.list',
        path: '/customer',
        query: { page, page_size: pageSize, ...(q ? { q } : {}) },
        schema: customerListSchema,
        signal,
      });
      return { rows: data.customers, totalPage: data.total_page };
    },
    get: (id, signal) => sale.data({ name: 'customers.get', path: `/customer/${id}`, schema: customerSchema, signal }),
    create: (body, signal) =>
      sale.data({ name: 'customers.create', method: 'POST', path: '/customer', body: { ...body }, schema: customerCreatedSchema, signal }),
    update: (id, body, signal) =>
      sale.data({ name: 'customers.update', method: 'PUT', path: `/customer/${id}`, body: { ...body }, schema: customerSchema, signal }),
  };
}
