import { describe, expect, it } from 'vitest';
import { relativeTime, relativeTimeText } from './relative-time';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => (now - ms) / 1000;

describe('relativeTime (core §2 bell)', () => {
  it('says just now below a minute, and for times slightly in the future', () => {
    expect(relativeTime(ago(0), now)).toEqual({ unit: 'justNow' });
    expect(relativeTime(ago(59_999), now)).toEqual({ unit: 'justNow' });
    expect(relativeTime(ago(-30_000), now)).toEqual({ unit: 'justNow' });
  });
  it('counts whole minutes, hours and days, switching at each boundary', () => {
    expect(relativeTime(ago(60_000), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(relativeTime(ago(3_600_000), now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toEqual({ unit: 'hours', count: 23 });
    expect(relativeTime(ago(86_400_000), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(5 * 86_400_000 + 3_600_000), now)).toEqual({ unit: 'days', count: 5 });
  });
  it('maps to notifications:time keys with a count', () => {
    expect(relativeTimeText({ unit: 'justNow' })).toEqual(['time.justNow', {}]);
    expect(relativeTimeText({ unit: 'hours', count: 3 })).toEqual(['time.hours', { count: 3 }]);
  });
});
