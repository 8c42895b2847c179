import { fromPromise } from 'xstate';
import { createRegionActors, type AddressApi } from '../shared/address/api';
import type { CustomersApi } from './api';
import type { Customer, CustomerBody, CustomerCreated, CustomerListQuery, CustomerPage } from './schemas';

/**
 * Implementations of the customer machines' actors for `machine.provide({ actors })` in src/app. Each
 * request stops when the machine stops the actor (a newer search or page, another city, leaving).
 * The address pickers use the coded list (/region/*): a customer's address is province_code… (doc 2 §3).
 */
export function createCustomersActors(customers: CustomersApi, address: AddressApi) {
  return {
    loadCustomers: fromPromise<CustomerPage, CustomerListQuery>(({ input, signal }) => customers.list(input, signal)),
    loadCustomer: fromPromise<Customer, { id: number }>(({ input, signal }) => customers.get(input.id, signal)),
    createCustomer: fromPromise<CustomerCreated, CustomerBody>(({ input, signal }) => customers.create(input, signal)),
    updateCustomer: fromPromise<Customer, { id: number; body: CustomerBody }>(({ input, signal }) =>
      customers.update(input.id, input.body, signal),
    ),
    ...createRegionActors(address),
  };
}

export type CustomersActors = ReturnType<typeof createCustomersActors>;
