import type { ServiceClient } from '../http/client';
import {
  addressOptionsSchema,
  storeDeletedSchema,
  storeSchema,
  storesSchema,
  type AddStoreBody,
  type AddressOption,
  type Store,
  type StorePage,
  type StoreSort,
} from './schemas';

/** Store and address calls (core §7; docs/areas/stores.md). Every answer is validated. */

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
  districts(cityId: number, signal?: AbortSignal): Promise<AddressOption[]>;
  wards(districtId: number, signal?: AbortSignal): Promise<AddressOption[]>;
}

export function createStoresApi(client: ServiceClient): StoresApi {
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
    cities: (signal) => client.data({ name: 'stores.cities', path: '/address/city', schema: addressOptionsSchema, signal }),
    districts: (cityId, signal) =>
      client.data({
        name: 'stores.districts',
        path: '/address/district',
        query: { city_id: cityId },
        schema: addressOptionsSchema,
        signal,
      }),
    wards: (districtId, signal) =>
      client.data({
        name: 'stores.wards',
        path: '/address/ward',
        query: { district_id: districtId },
        schema: addressOptionsSchema,
        signal,
      }),
  };
}
