import { describe, expect, it } from 'vitest';
import { EMOJI, LONG, SCRIPT, ZERO_WIDTH } from './hostile';
import { customRange, MAX_CUSTOM_RANGE_MS, presetRange, rangeToUnixSeconds, validateCustomRange } from './timeRange';
import { vnToday } from './vnTime';

// 2026-11-22 10:30 in Vietnam = 03:30 UTC.
const NOW = Date.UTC(2026, 10, 22, 3, 30);
const vn = (y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => Date.UTC(y, m - 1, d, h - 7, mi, s, ms);

describe('presetRange (Vietnam days, true end of day: D16)', () => {
  it('today and yesterday', () => {
    expect(presetRange('today', NOW)).toEqual({ start: vn(2026, 11, 22), end: vn(2026, 11, 22, 23, 59, 59, 999) });
    expect(presetRange('yesterday', NOW)).toEqual({ start: vn(2026, 11, 21), end: vn(2026, 11, 21, 23, 59, 59, 999) });
  });

  it('uses the Vietnam day, not the UTC day: 23:30 UTC is already tomorrow in Hà Nội', () => {
    const lateUtc = Date.UTC(2026, 10, 21, 23, 30);
    expect(presetRange('today', lateUtc).start).toBe(vn(2026, 11, 22));
    expect(vnToday(lateUtc)).toBe('2026-11-22');
    expect(vnToday(Date.UTC(2026, 10, 21, 16, 59, 59, 999))).toBe('2026-11-21');
    expect(vnToday(Date.UTC(2026, 10, 21, 17))).toBe('2026-11-22');
  });

  it('last 7 days is today and the six before', () => {
    expect(presetRange('last7days', NOW)).toEqual({ start: vn(2026, 11, 16), end: vn(2026, 11, 22, 23, 59, 59, 999) });
  });

  it('this month, last month, this quarter; across a year boundary', () => {
    expect(presetRange('thisMonth', NOW).start).toBe(vn(2026, 11, 1));
    expect(presetRange('lastMonth', NOW)).toEqual({ start: vn(2026, 10, 1), end: vn(2026, 10, 31, 23, 59, 59, 999) });
    expect(presetRange('thisQuarter', NOW).start).toBe(vn(2026, 10, 1));
    const jan = vn(2026, 1, 5, 12);
    expect(presetRange('lastMonth', jan)).toEqual({ start: vn(2025, 12, 1), end: vn(2025, 12, 31, 23, 59, 59, 999) });
    expect(presetRange('thisQuarter', jan).start).toBe(vn(2026, 1, 1));
    expect(presetRange('thisQuarter', vn(2026, 6, 30, 23)).start).toBe(vn(2026, 4, 1));
    // February of a leap year.
    expect(presetRange('lastMonth', vn(2028, 3, 10)).end).toBe(vn(2028, 2, 29, 23, 59, 59, 999));
  });

  it('to the wire: unix seconds with the end as the last whole second', () => {
    expect(rangeToUnixSeconds({ preset: 'today' }, NOW)).toEqual({
      start_time: vn(2026, 11, 22) / 1000,
      end_time: vn(2026, 11, 22, 23, 59, 59) / 1000,
    });
    expect(rangeToUnixSeconds({ preset: 'custom', from: '2026-11-01', to: '2026-11-02' }, NOW)).toEqual({
      start_time: vn(2026, 11, 1) / 1000,
      end_time: vn(2026, 11, 2, 23, 59, 59) / 1000,
    });
    // An unreadable custom range never reaches the wire as NaN.
    expect(rangeToUnixSeconds({ preset: 'custom', from: 'x', to: 'y' }, NOW).start_time).toBe(vn(2026, 11, 22) / 1000);
  });
});

describe('validateCustomRange (core §5)', () => {
  const today = '2026-11-22';
  it('accepts one day, and 30 days end to end', () => {
    expect(validateCustomRange('2026-11-22', '2026-11-22', today)).toBeNull();
    expect(validateCustomRange('2026-10-24', '2026-11-22', today)).toBeNull();
    const r = customRange('2026-10-24', '2026-11-22')!;
    expect(r.end - r.start).toBeLessThanOrEqual(MAX_CUSTOM_RANGE_MS);
  });
  it('refuses 31 days, an end before the start, an end after today', () => {
    expect(validateCustomRange('2026-10-23', '2026-11-22', today)).toBe('RANGE_TOO_LONG');
    expect(validateCustomRange('2026-11-10', '2026-11-09', today)).toBe('RANGE_END_BEFORE_START');
    expect(validateCustomRange('2026-11-20', '2026-11-23', today)).toBe('RANGE_AFTER_TODAY');
  });
  it('refuses hostile and impossible dates as incomplete', () => {
    for (const bad of [
      '',
      LONG,
      SCRIPT,
      EMOJI,
      ZERO_WIDTH + '2026-11-01',
      '2026-02-30',
      '2026-13-01',
      '2026-1-1',
      '20261101',
      '1969-12-31',
      null,
      undefined,
      20261101,
      {},
      '2026-11-01T00:00:00Z',
      ' 2026-11-01',
    ]) {
      expect(validateCustomRange(bad, '2026-11-02', today), String(bad).slice(0, 20)).toBe('RANGE_INCOMPLETE');
      expect(validateCustomRange('2026-11-01', bad, today), String(bad).slice(0, 20)).toBe('RANGE_INCOMPLETE');
    }
    expect(validateCustomRange('2026-11-01', '2026-11-02', 'not a day')).toBe('RANGE_INCOMPLETE');
    expect(customRange('2026-02-29', '2026-03-01')).toBeNull();
  });
});
