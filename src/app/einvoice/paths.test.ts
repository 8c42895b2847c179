import { describe, expect, it } from 'vitest';
import { einvoiceQueryFromSearchParams } from '../../machines/einvoice/list/einvoiceUrl';
import { einvoicePaths } from './paths';

describe('einvoicePaths.correct (issue 25 §5)', () => {
  it('finds the invoice on the list (its number, symbol and day) and names the row whose correction opens', () => {
    const path = einvoicePaths.correct({ serial: '1C26TMS', seq: 12, day: '2026-12-05' });
    const search = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect(path.startsWith(`${einvoicePaths.list()}?`)).toBe(true);
    expect(search.get('correct')).toBe('1C26TMS-12');
    const query = einvoiceQueryFromSearchParams(search, Date.parse('2026-12-06T10:00:00+07:00'));
    expect(query.filter).toEqual({
      range: { preset: 'custom', from: '2026-12-05', to: '2026-12-05' },
      q: '12',
      serial: '1C26TMS',
      released: 'all',
    });
  });
});
