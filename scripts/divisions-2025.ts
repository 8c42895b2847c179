import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npx tsx scripts/divisions-2025.ts <VietnamProvinces checkout>` writes the two data files of D239
 * from the `vietnam-provinces` Python package of sunshine-tech (github.com/sunshine-tech/VietnamProvinces,
 * GPL-3.0-or-later), which publishes the statistics office's list (danhmuchanhchinh.nso.gov.vn) after
 * the July 2025 reform with its official codes:
 *
 * - sandbox/platform/db/divisions-2025.json: the 34 provinces and their 3,321 wards and communes (the
 *   bank's address service serves them, as the sandbox plays it; the portal carries none of it);
 * - src/machines/shared/address/legacy-provinces-2025.json: the 63 provinces before the reform, each
 *   with the province it is part of since 1 July 2025 (Resolution 202/2025/QH15), which the portal
 *   shows beside a record saved on the old list.
 *
 * Read from the package: vietnam_provinces/data/nested-divisions.json (today's list),
 * vietnam_provinces/legacy/_lookup.py (the old provinces' names) and _ward_conversion_2025.py (the
 * statistics office's conversion table, old commune → new commune). Resolution 202 merged whole
 * provinces, so an old province is mapped to the new one that took its communes; the script stops
 * if that is not one province for nearly all of them, rather than guess.
 */

interface NestedProvince {
  name: string;
  code: number;
  wards: Array<{ name: string; code: number }>;
}

const [, , source] = process.argv;
if (!source) {
  console.error('usage: npx tsx scripts/divisions-2025.ts <path of a VietnamProvinces checkout>');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const pkg = join(source, 'vietnam_provinces');
const read = (path: string) => readFileSync(join(pkg, path), 'utf8');

const version = /__version__ = '([^']+)'/.exec(read('__init__.py'))?.[1];
const dataVersion = /__data_version__ = '([^']+)'/.exec(read('__init__.py'))?.[1];
const effective = /EFFECTIVE_DATE = '([^']+)'/.exec(read('_ward_conversion_2025.py'))?.[1];
if (!version || !dataVersion || effective !== '2025-07-01') throw new Error('Not the expected vietnam-provinces layout');

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const nested = JSON.parse(read('data/nested-divisions.json')) as NestedProvince[];
const provinces = nested
  .map((p) => ({
    code: pad(p.code, 2),
    name: p.name,
    wards: p.wards.map((w) => [pad(w.code, 5), w.name] as [string, string]).sort((a, b) => a[0].localeCompare(b[0])),
  }))
  .sort((a, b) => a.code.localeCompare(b.code));
const wardCount = provinces.reduce((n, p) => n + p.wards.length, 0);
if (provinces.length !== 34 || wardCount !== 3321)
  throw new Error(`Expected 34 provinces and 3,321 wards, read ${provinces.length} and ${wardCount}`);

// Old provinces: `1: Province(\n 'Thành phố Hà Nội', ProvinceCode.P_01, …`.
const oldNames = new Map<number, string>();
for (const m of read('legacy/_lookup.py').matchAll(/(\d+): Province\(\s*'([^']+)',\s*ProvinceCode\.P_(\d+)/g)) {
  if (Number(m[1]) === Number(m[3])) oldNames.set(Number(m[1]), m[2]!);
}
if (oldNames.size !== 63) throw new Error(`Expected 63 old provinces, read ${oldNames.size}`);

// Old commune → new commune(s): `OldWardRef(code, district, province, split), (NewWardRef(code, province), …)`.
const tally = new Map<number, Map<number, number>>();
for (const m of read('_ward_conversion_2025.py').matchAll(
  /OldWardRef\(\d+, \d+, (\d+), (?:True|False)\), \(((?:\s*NewWardRef\(\d+, \d+\),?)+)\s*\)/g,
)) {
  const old = Number(m[1]);
  const counts = tally.get(old) ?? new Map<number, number>();
  for (const n of m[2]!.matchAll(/NewWardRef\(\d+, (\d+)\)/g)) counts.set(Number(n[1]), (counts.get(Number(n[1])) ?? 0) + 1);
  tally.set(old, counts);
}
const legacy: Record<string, { name: string; now: string; nowName: string }> = {};
for (const [code, name] of [...oldNames].sort((a, b) => a[0] - b[0])) {
  const counts = [...(tally.get(code) ?? new Map<number, number>())].sort((a, b) => b[1] - a[1]);
  const total = counts.reduce((n, [, c]) => n + c, 0);
  const [top] = counts;
  if (!top || top[1] < total * 0.95) throw new Error(`${name}: its communes went to ${JSON.stringify(counts)}, not one province`);
  const now = provinces.find((p) => p.code === pad(top[0], 2));
  if (!now) throw new Error(`${name}: no new province ${top[0]}`);
  legacy[pad(code, 2)] = { name, now: now.code, nowName: now.name };
}

const origin = `vietnam-provinces ${version} (data ${dataVersion}) of sunshine-tech, GPL-3.0-or-later: the statistics office's list, danhmuchanhchinh.nso.gov.vn`;
// One ward per line, so that a later list's diff shows each ward that changed (the file is left out of
// Prettier, which would spread each pair over four lines).
const j = (v: unknown) => JSON.stringify(v);
const body = provinces
  .map((p) => `    {"code": ${j(p.code)}, "name": ${j(p.name)}, "wards": [\n${p.wards.map((w) => `      ${j(w)}`).join(',\n')}\n    ]}`)
  .join(',\n');
writeFileSync(
  join(root, 'sandbox/platform/db/divisions-2025.json'),
  `{\n  "validFrom": ${j(effective)},\n  "source": ${j(origin)},\n  "provinces": [\n${body}\n  ]\n}\n`,
);
writeFileSync(
  join(root, 'src/machines/shared/address/legacy-provinces-2025.json'),
  `${JSON.stringify({ validFrom: effective, source: origin, provinces: legacy }, null, 2)}\n`,
);
console.log(`34 provinces, ${wardCount} wards, 63 old provinces mapped (${origin})`);
