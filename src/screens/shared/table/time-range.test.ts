import { describe, expect, it } from 'vitest';
import { checkCustomRange, isoDay, parseTypedDay } from './time-range';

// The presets themselves are tested with the rules (src/rules/timeRange.test.ts).

// 2026-11-22 10:00 in Vietnam = 03:00 UTC.
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);
const vn = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => (Date.UTC(y, m - 1, d, h, mi, s) - 7 * 3600_000) / 1000;

describe('custom range rules (core §5)', () => {
  it('accepts 30 calendar days, both included (D17)', () => {
    const r = checkCustomRange('2026-10-24', '2026-11-22', NOW);
    expect(r).toEqual({ ok: true, range: { start: vn(2026, 10, 24), end: vn(2026, 11, 22, 23, 59, 59) } });
  });

  it('refuses 31 days, an end before the start, a day after today, missing or impossible days', () => {
    expect(checkCustomRange('2026-10-23', '2026-11-22', NOW)).toEqual({ ok: false, error: 'tooLong' });
    expect(checkCustomRange('2026-11-10', '2026-11-09', NOW)).toEqual({ ok: false, error: 'endBeforeStart' });
    expect(checkCustomRange('2026-11-20', '2026-11-23', NOW)).toEqual({ ok: false, error: 'future' });
    expect(checkCustomRange(null, '2026-11-23', NOW)).toEqual({ ok: false, error: 'required' });
    expect(checkCustomRange('2026-02-30', '2026-03-01', NOW)).toEqual({ ok: false, error: 'invalidDate' });
  });

  it('reads days typed the Vietnamese way', () => {
    expect(parseTypedDay('1/2/2026')).toBe('2026-02-01');
    expect(parseTypedDay('31/12/2026')).toBe('2026-12-31');
    expect(parseTypedDay('2026-12-31')).toBe('2026-12-31');
    expect(parseTypedDay('31/02/2026')).toBeNull();
    expect(parseTypedDay('<b>x</b>')).toBeNull();
    expect(isoDay(NOW)).toBe('2026-11-22');
  });
});
