import { describe, expect, it } from 'vitest';
import { EMOJI, LONG, SCRIPT, ZERO_WIDTH } from '../../../rules/hostile';
import { cleanBillSearch, defaultFilters, parsePageSize, sanitizeFilters } from './reportFilters';
import { filtersFromSearchParams, filtersToSearchParams } from './reportUrl';

const today = '2026-11-22';

describe('defaults (core §9)', () => {
  it('card and va page 80 rows, the others 10; today, all statuses, newest first', () => {
    expect(defaultFilters('card').pageSize).toBe(80);
    expect(defaultFilters('va').pageSize).toBe(80);
    expect(defaultFilters('cash')).toEqual({
      range: { preset: 'today' }, status: 'all', storeId: null, billId: '', page: 1, pageSize: 10, sort: 'created_at', order: 'desc',
    });
  });
});

describe('parsePageSize (typed, debounced input)', () => {
  it('takes whole numbers 1..100 only', () => {
    expect(parsePageSize('25')).toBe(25);
    expect(parsePageSize(' 100 ')).toBe(100);
    expect(parsePageSize(7)).toBe(7);
    for (const bad of ['0', '101', '-5', '1e2', '2.5', '', ' ', 'abc', LONG, SCRIPT, EMOJI, '１０', null, NaN, 1.5, '0x10']) {
      expect(parsePageSize(bad), String(bad).slice(0, 10)).toBeNull();
    }
  });
});

describe('cleanBillSearch', () => {
  it('trims, drops invisible characters, bounds the length', () => {
    expect(cleanBillSearch('  HD2611 ')).toBe('HD2611');
    expect(cleanBillSearch(`HD${ZERO_WIDTH}26`)).toBe('HD26');
    expect(cleanBillSearch(LONG)).toHaveLength(64);
    expect(cleanBillSearch(42)).toBe('');
    expect(cleanBillSearch('a\u0000b\nc')).toBe('abc');
  });
});

describe('sanitizeFilters', () => {
  it('keeps good values and replaces each bad one with its default', () => {
    const good = { range: { preset: 'custom', from: '2026-11-01', to: '2026-11-10' }, status: 'PAID', storeId: 3, billId: 'x', page: 4, pageSize: 25, sort: 'amount', order: 'asc' };
    expect(sanitizeFilters(good, 'va', today)).toEqual(good);
    expect(sanitizeFilters({ range: { preset: 'tomorrow' }, status: 'stolen', storeId: -1, page: 0, pageSize: 1000, sort: 'x', order: 'y', billId: {} }, 'card', today))
      .toEqual(defaultFilters('card'));
    expect(sanitizeFilters({ range: { preset: 'custom', from: '2026-01-01', to: '2026-11-22' } }, 'card', today).range).toEqual({ preset: 'today' });
    expect(sanitizeFilters(null, 'loan', today)).toEqual(defaultFilters('loan'));
    expect(sanitizeFilters(SCRIPT, 'loan', today)).toEqual(defaultFilters('loan'));
    expect(sanitizeFilters({ page: 2.5, storeId: 2 ** 40 }, 'loan', today)).toMatchObject({ page: 1, storeId: null });
  });
});

describe('filters in the address', () => {
  it('leaves defaults out and round-trips every field', () => {
    expect(filtersToSearchParams(defaultFilters('card'), 'card').toString()).toBe('');
    const f = { range: { preset: 'custom' as const, from: '2026-11-01', to: '2026-11-10' }, status: 'WAITING_FOR_PAID' as const, storeId: 7, billId: 'HD 26/11', page: 3, pageSize: 25, sort: 'amount' as const, order: 'asc' as const };
    const params = filtersToSearchParams(f, 'va');
    expect(params.get('bill')).toBe('HD 26/11');
    expect(filtersFromSearchParams(new URLSearchParams(params.toString()), 'va')).toEqual(f);
    const preset = { ...defaultFilters('cash'), range: { preset: 'lastMonth' as const } };
    expect(filtersToSearchParams(preset, 'cash').toString()).toBe('range=lastMonth');
    expect(filtersFromSearchParams(new URLSearchParams('range=lastMonth'), 'cash')).toEqual(preset);
  });

  it('ignores hostile values one by one', () => {
    const p = new URLSearchParams({
      range: 'custom', from: SCRIPT, to: '2026-11-02', status: '<img src=x>', store: '1;DROP', bill: `${SCRIPT}${LONG}`,
      page: '-1', size: '1e3', sort: '__proto__', order: 'sideways',
    });
    const f = filtersFromSearchParams(p, 'card');
    expect(f).toEqual({ ...defaultFilters('card'), billId: `${SCRIPT}${LONG}`.slice(0, 64) });
    expect(filtersFromSearchParams(new URLSearchParams('range=constructor&page=99999999999'), 'card')).toEqual(defaultFilters('card'));
  });
});
