import type { ServiceClient } from '../http/client';
import { createAddressApi } from '../shared/address/api';
import type { AddressOption } from '../shared/schemas/address';
import { storeDeletedSchema, storeSchema, storesSchema, type AddStoreBody, type Store, type StorePage, type StoreSort } from './schemas';

/** Store calls and the address lists they need (core §7; docs/areas/stores.md). Every answer is validated. */

export interface StoreListQuery {
  page: number;
  pageSize: number;
  /** null: the service's order, newest first. */
  sort: StoreSort | null;
}

export interface StoresApi {
  list(query: StoreListQuery, signal?: AbortSignal): Promise<StorePage>;
  add(body: AddStoreBody, signal?: AbortSignal): Promise<Store>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
  cities(signal?: AbortSignal): Promise<AddressOption[]>;
  /** A province's wards and communes (two tiers since 1 July 2025: D239). */
  wards(cityId: number, signal?: AbortSignal): Promise<AddressOption[]>;
}

export function createStoresApi(client: ServiceClient): StoresApi {
  // The pickers' lists are the shared address calls (src/services/shared/address).
  const address = createAddressApi(client);
  return {
    async list({ page, pageSize, sort }, signal) {
      const body = await client.list({
        name: 'stores.list',
        path: '/store',
        query: { page, page_size: pageSize, ...(sort ? { sort_by: sort.field, order: sort.order } : {}) },
        schema: storesSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page };
    },
    add: (body, signal) =>
      client.data({ name: 'stores.add', method: 'POST', path: '/store', body: { ...body }, schema: storeSchema, signal }),
    async remove(id, signal) {
      await client.data({ name: 'stores.remove', method: 'DELETE', path: '/store', query: { id }, schema: storeDeletedSchema, signal });
    },
    cities: (signal) => address.cities(signal),
    wards: (cityId, signal) => address.wards(cityId, signal),
  };
}
