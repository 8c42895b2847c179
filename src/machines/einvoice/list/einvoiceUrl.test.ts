import { describe, expect, it } from 'vitest';
import { DEFAULT_EINVOICE_QUERY, einvoiceQueryFromSearchParams, einvoiceQueryToSearchParams } from './einvoiceUrl';

// 24 November 2026, noon in Vietnam.
const NOW = Date.UTC(2026, 10, 24, 5);
const parse = (search: string) => einvoiceQueryFromSearchParams(new URLSearchParams(search), NOW);

describe('/e-invoice query in the address bar (D206)', () => {
  it('defaults: this month, everything, page 1 of 10; written as an empty address', () => {
    expect(parse('')).toEqual(DEFAULT_EINVOICE_QUERY);
    expect(einvoiceQueryToSearchParams(DEFAULT_EINVOICE_QUERY).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const query = {
      page: 3,
      pageSize: 50,
      filter: {
        range: { preset: 'custom' as const, from: '2026-11-01', to: '2026-11-10' },
        q: 'Nguyễn Văn An',
        serial: '1C26TMV',
        released: 'unreleased' as const,
      },
    };
    const written = einvoiceQueryToSearchParams(query).toString();
    expect(written).toContain('from=2026-11-01');
    expect(parse(written)).toEqual(query);
    expect(parse('range=lastMonth&released=released').filter).toMatchObject({ range: { preset: 'lastMonth' }, released: 'released' });
  });

  it('hostile or stale values take their defaults; searches are cleaned and bounded', () => {
    const q = parse(
      `page=0&page_size=7&range=decade&released=signed&q=${encodeURIComponent(' <b>x</b>\u0000 ')}&serial=${encodeURIComponent(' 1c26tmv ')}`,
    );
    expect(q.page).toBe(1);
    expect(q.pageSize).toBe(10);
    expect(q.filter.range).toEqual({ preset: 'thisMonth' });
    expect(q.filter.released).toBe('all');
    expect(q.filter.q).toBe('<b>x</b>');
    expect(q.filter.serial).toBe('1C26TMV');
    expect(parse(`q=${'a'.repeat(500)}`).filter.q).toHaveLength(100);
  });

  it('a custom range the picker refuses (after today, over 30 days, not a date, half given) is this month', () => {
    for (const search of [
      'from=2026-11-20&to=2026-11-30',
      'from=2026-09-01&to=2026-11-20',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-11-01',
    ]) {
      expect(parse(search).filter.range, search).toEqual({ preset: 'thisMonth' });
    }
  });
});
