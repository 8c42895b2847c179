import { fromPromise } from 'xstate';
import type { ServiceClient } from '../../http/client';
import { addressOptionsSchema, regionOptionsSchema, type AddressOption, type Place } from '../schemas/address';

/**
 * The address lists of core §7 on the portal service, validated: /address/* by numeric id (the store
 * form's city_id…), /region/* by the statistics office's codes (the customer's province_code…). Two
 * tiers since 1 July 2025 (D239): a province's wards come straight from the province, by
 * /address/ward?city_id= and /region/wards/{province code}; the district calls are no longer made.
 */
export interface AddressApi {
  cities(signal?: AbortSignal): Promise<AddressOption[]>;
  wards(cityId: number, signal?: AbortSignal): Promise<AddressOption[]>;
  provinces(signal?: AbortSignal): Promise<Place<string>[]>;
  wardsOf(provinceCode: string, signal?: AbortSignal): Promise<Place<string>[]>;
}

const byCode = (list: Array<{ code: string; name: string }>): Place<string>[] => list.map((r) => ({ id: r.code, name: r.name }));

export function createAddressApi(client: ServiceClient): AddressApi {
  return {
    cities: (signal) => client.data({ name: 'address.cities', path: '/address/city', schema: addressOptionsSchema, signal }),
    wards: (cityId, signal) =>
      client.data({
        name: 'address.wards',
        path: '/address/ward',
        query: { city_id: cityId },
        schema: addressOptionsSchema,
        signal,
      }),
    provinces: async (signal) =>
      byCode(await client.data({ name: 'region.provinces', path: '/region/provinces', schema: regionOptionsSchema, signal })),
    wardsOf: async (code, signal) =>
      byCode(
        await client.data({ name: 'region.wards', path: `/region/wards/${encodeURIComponent(code)}`, schema: regionOptionsSchema, signal }),
      ),
  };
}

/** The cascade's two actors (src/machines/shared/address) on /address/*, numeric ids. */
export function createAddressActors(api: AddressApi) {
  return {
    loadCities: fromPromise<AddressOption[], void>(({ signal }) => api.cities(signal)),
    loadWards: fromPromise<AddressOption[], { cityId: number }>(({ input, signal }) => api.wards(input.cityId, signal)),
  };
}

/** The cascade's two actors on /region/*, the statistics office's codes. */
export function createRegionActors(api: AddressApi) {
  return {
    loadCities: fromPromise<Place<string>[], void>(({ signal }) => api.provinces(signal)),
    loadWards: fromPromise<Place<string>[], { cityId: string }>(({ input, signal }) => api.wardsOf(input.cityId, signal)),
  };
}
