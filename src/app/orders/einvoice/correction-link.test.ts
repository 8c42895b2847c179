import { describe, expect, it } from 'vitest';
import { correctionHref } from './correction-link';

const at = (iso: string) => Date.parse(iso);
const seconds = (iso: string) => at(iso) / 1000;

describe('correctionHref (issue 25 §5: the correction from the order)', () => {
  it('opens the list on the lookup code, from the payment day to today', () => {
    const href = correctionHref(
      { eiv_code: 'M1::K7Q2DLBG::12', paid_at: seconds('2026-12-31T23:59:00+07:00'), updated_at: 0 },
      at('2027-01-02T09:00:00+07:00'),
    );
    const url = new URL(href!, 'http://portal');
    expect(url.pathname).toBe('/e-invoice');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-12-31', to: '2027-01-02', q: 'K7Q2DLBG', correct: 'K7Q2DLBG' });
  });

  it('looks at most 30 days from the payment day (the list refuses a longer range)', () => {
    const href = correctionHref(
      { eiv_code: '::ABCDEF::3', paid_at: seconds('2026-10-01T10:00:00+07:00'), updated_at: 0 },
      at('2026-12-05T10:00:00+07:00'),
    );
    expect(Object.fromEntries(new URL(href!, 'http://portal').searchParams)).toMatchObject({ from: '2026-10-01', to: '2026-10-30' });
  });

  it('nothing without an issued invoice; an order paid before any payment time was kept counts from its last change', () => {
    expect(correctionHref({ eiv_code: null, paid_at: null, updated_at: 0 }, Date.now())).toBeNull();
    const href = correctionHref(
      { eiv_code: '::ABCDEF::3', paid_at: null, updated_at: seconds('2026-12-04T08:00:00+07:00') },
      at('2026-12-05T10:00:00+07:00'),
    );
    expect(Object.fromEntries(new URL(href!, 'http://portal').searchParams)).toMatchObject({ from: '2026-12-04', to: '2026-12-05' });
  });
});
