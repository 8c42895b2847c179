import { describe, expect, it } from 'vitest';
import { choiceParam, dayRangeParam, defineListUrl, pageParam, pageSizeParam, spelledAsIs, textParam } from './url';
import { orderQueryFromSearchParams, orderQueryToSearchParams, DEFAULT_ORDER_QUERY } from '../../orders/rules/orderUrl';
import { dayRangeToUnixSeconds, validateDayRange } from '../../../rules/timeRange';

const url = defineListUrl({
  filter: {
    q: textParam('q', (raw) => raw.trim().slice(0, 5)),
    kind: choiceParam<'a' | 'b' | null>('kind', spelledAsIs(['a', 'b'] as const), null),
    days: dayRangeParam(),
  },
  page: pageParam(),
  pageSize: pageSizeParam({ key: 'size' }),
});
const parse = (search: string) => url.parse(new URLSearchParams(search));

describe('defineListUrl (a list query declared once, D267)', () => {
  it('writes in declaration order and leaves defaults out; reads back what it writes', () => {
    const query = { filter: { q: 'pho', kind: 'b' as const, days: { from: '2026-11-01', to: '2026-11-10' } }, page: 3, pageSize: 25 };
    const written = url.format(query).toString();
    expect(written).toBe('q=pho&kind=b&from=2026-11-01&to=2026-11-10&page=3&size=25');
    expect(parse(written)).toEqual(query);
    expect(url.format(parse('')).toString()).toBe('');
  });

  it('a hostile or stale value takes its default one by one', () => {
    const query = parse('q=%20abcdefgh&kind=constructor&page=1000001&size=7&from=2026-11-10&to=2026-11-01');
    expect(query).toEqual({ filter: { q: 'abcde', kind: null, days: undefined }, page: 1, pageSize: 10 });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=1000000').page).toBe(1_000_000);
    expect(parse('from=2026-02-30&to=2026-03-01').filter.days).toBeUndefined();
    expect(parse('from=2026-11-01').filter.days).toBeUndefined();
    expect(parse('from=2026-11-01&to=2026-11-01').filter.days).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });
});

describe('the order list day filter (D269)', () => {
  it('keeps the days in the address beside the other filters', () => {
    const query = orderQueryFromSearchParams(new URLSearchParams('order_status=0&from=2026-11-01&to=2026-11-03&page=2'));
    expect(query.filter).toMatchObject({ status: 0, days: { from: '2026-11-01', to: '2026-11-03' } });
    expect(orderQueryToSearchParams(query).toString()).toBe('order_status=0&from=2026-11-01&to=2026-11-03&page=2');
    expect(orderQueryToSearchParams(DEFAULT_ORDER_QUERY).toString()).toBe('');
  });

  it('Vietnam days as the service seconds: 00:00:00 of the first to 23:59:59 of the last (UTC+7)', () => {
    // 1 Nov 2026 00:00 in Vietnam is 31 Oct 17:00 UTC.
    expect(dayRangeToUnixSeconds({ from: '2026-11-01', to: '2026-11-03' })).toEqual({
      from: Date.UTC(2026, 9, 31, 17) / 1000,
      to: Date.UTC(2026, 10, 3, 17) / 1000 - 1,
    });
  });

  it('a wrong range is refused with its reason, however long a right one is', () => {
    expect(validateDayRange('2026-11-10', '2026-11-01', '2026-12-01')).toBe('RANGE_END_BEFORE_START');
    expect(validateDayRange('2026-11-10', '2026-12-02', '2026-12-01')).toBe('RANGE_AFTER_TODAY');
    expect(validateDayRange('2026-11-31', '2026-12-01', '2026-12-01')).toBe('RANGE_INCOMPLETE');
    expect(validateDayRange('2025-01-01', '2026-12-01', '2026-12-01')).toBeNull();
  });
});
