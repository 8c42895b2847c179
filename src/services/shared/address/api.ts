import { fromPromise } from 'xstate';
import type { ServiceClient } from '../../http/client';
import { addressOptionsSchema, regionOptionsSchema, type AddressOption, type Place } from '../schemas/address';

/**
 * The address lists of core §7 on the portal service, validated: /address/* by numeric id (the store
 * form's city_id…), /region/* by the statistics office's codes (the customer's province_code…).
 */
export interface AddressApi {
  cities(signal?: AbortSignal): Promise<AddressOption[]>;
  districts(cityId: number, signal?: AbortSignal): Promise<AddressOption[]>;
  wards(districtId: number, signal?: AbortSignal): Promise<AddressOption[]>;
  provinces(signal?: AbortSignal): Promise<Place<string>[]>;
  districtsOf(provinceCode: string, signal?: AbortSignal): Promise<Place<string>[]>;
  wardsOf(districtCode: string, signal?: AbortSignal): Promise<Place<string>[]>;
}

const byCode = (list: Array<{ code: string; name: string }>): Place<string>[] => list.map((r) => ({ id: r.code, name: r.name }));

export function createAddressApi(client: ServiceClient): AddressApi {
  return {
    cities: (signal) => client.data({ name: 'address.cities', path: '/address/city', schema: addressOptionsSchema, signal }),
    districts: (cityId, signal) =>
      client.data({
        name: 'address.districts',
        path: '/address/district',
        query: { city_id: cityId },
        schema: addressOptionsSchema,
        signal,
      }),
    wards: (districtId, signal) =>
      client.data({
        name: 'address.wards',
        path: '/address/ward',
        query: { district_id: districtId },
        schema: addressOptionsSchema,
        signal,
      }),
    provinces: async (signal) =>
      byCode(await client.data({ name: 'region.provinces', path: '/region/provinces', schema: regionOptionsSchema, signal })),
    districtsOf: async (code, signal) =>
      byCode(
        await client.data({
          name: 'region.districts',
          path: `/region/districts/${encodeURIComponent(code)}`,
          schema: regionOptionsSchema,
          signal,
        }),
      ),
    wardsOf: async (code, signal) =>
      byCode(
        await client.data({ name: 'region.wards', path: `/region/wards/${encodeURIComponent(code)}`, schema: regionOptionsSchema, signal }),
      ),
  };
}

/** The cascade's three actors (src/machines/shared/address) on /address/*, numeric ids. */
export function createAddressActors(api: AddressApi) {
  return {
    loadCities: fromPromise<AddressOption[], void>(({ signal }) => api.cities(signal)),
    loadDistricts: fromPromise<AddressOption[], { cityId: number }>(({ input, signal }) => api.districts(input.cityId, signal)),
    loadWards: fromPromise<AddressOption[], { districtId: number }>(({ input, signal }) => api.wards(input.districtId, signal)),
  };
}

/** The cascade's three actors on /region/*, the statistics office's codes. */
export function createRegionActors(api: AddressApi) {
  return {
    loadCities: fromPromise<Place<string>[], void>(({ signal }) => api.provinces(signal)),
    loadDistricts: fromPromise<Place<string>[], { cityId: string }>(({ input, signal }) => api.districtsOf(input.cityId, signal)),
    loadWards: fromPromise<Place<string>[], { districtId: string }>(({ input, signal }) => api.wardsOf(input.districtId, signal)),
  };
}
