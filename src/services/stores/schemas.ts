import { z } from '../../config/zod-classic';

/**
 * Stores and the address lists (core §3 Store, §5 Store, §7 /store, /address/*, /region/*; the wire
 * shapes the spec leaves open are in docs/areas/stores.md).
 */

/** core §5: country_id is fixed at 1 (Vietnam). */
export const VIETNAM_COUNTRY_ID = 1;
/**
 * The district_id of a store on today's two-tier list (D239): the spec's calls still carry the field,
 * but Vietnam has had no districts since 1 July 2025; a store saved before has its old district's id.
 */
export const NO_DISTRICT = 0;
/** Store name and street line limits (the spec gives none; the sandbox refuses longer ones). */
export const MAX_STORE_NAME_LENGTH = 100;
export const MAX_ADDRESS_LINE_LENGTH = 200;
/** 10 digits, a hyphen and a 3-digit branch number: the longest tax code (core §5 asks for at least 10). */
export const MAX_TAX_NO_LENGTH = 14;

/** core §3 Store, as GET /store lists it and POST /store answers it. */
export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  store_name: z.string(),
  code: z.string(),
  address: z.string(),
  va_account_no: z.string().nullable(),
  tax_no: z.string(),
  country_id: z.number().int(),
  city_id: z.number().int(),
  /** NO_DISTRICT for an address on today's list; an old district's id for a store saved on the list before 1 July 2025. */
  district_id: z.number().int().nonnegative(),
  ward_id: z.number().int(),
  address_line_1: z.string(),
});
export type Store = z.infer<typeof storeSchema>;
export const storesSchema = z.array(storeSchema);

export const storeDeletedSchema = z.object({ success: z.literal(true), id: z.number().int() });

/** POST /store (core §7). */
export interface AddStoreBody {
  name: string;
  tax_no: string;
  address_line_1: string;
  country_id: number;
  city_id: number;
  district_id: number;
  ward_id: number;
}

/** GET /store's sort (D94): by name, by code, or by when it was added (id); null is newest first. */
export const STORE_SORT_FIELDS = ['name', 'code', 'id'] as const;
export type StoreSortField = (typeof STORE_SORT_FIELDS)[number];
export interface StoreSort {
  field: StoreSortField;
  order: 'asc' | 'desc';
}

/** One page of GET /store, as the machines read it. */
export interface StorePage {
  rows: Store[];
  totalPage: number;
}
