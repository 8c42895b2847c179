import { fromPromise } from 'xstate';
import type { StoreListQuery, StoresApi } from './api';
import type { AddressOption } from '../shared/schemas/address';
import type { AddStoreBody, Store, StorePage } from './schemas';

/**
 * Implementations of the store machines' actors for `machine.provide({ actors })` in src/app. Each
 * request stops when the machine stops the actor (a newer page or sort, another city chosen, leaving).
 */
export function createStoresActors(stores: StoresApi) {
  return {
    loadStores: fromPromise<StorePage, StoreListQuery>(({ input, signal }) => stores.list(input, signal)),
    deleteStore: fromPromise<void, { id: number }>(({ input, signal }) => stores.remove(input.id, signal)),
    addStore: fromPromise<Store, AddStoreBody>(({ input, signal }) => stores.add(input, signal)),
    loadCities: fromPromise<AddressOption[], void>(({ signal }) => stores.cities(signal)),
    loadWards: fromPromise<AddressOption[], { cityId: number }>(({ input, signal }) => stores.wards(input.cityId, signal)),
  };
}

export type StoresActors = ReturnType<typeof createStoresActors>;
