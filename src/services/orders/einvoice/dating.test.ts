import { describe, expect, it } from 'vitest';
import { issueDatedAtSale } from './dating';

const PAID = Date.parse('2026-12-31T23:59:00+07:00');
const SAME_DAY = Date.parse('2026-12-31T23:59:40+07:00');
const NEXT_DAY = Date.parse('2027-01-02T09:00:00+07:00');
const codeOf = (e: unknown) => (e as { code?: string }).code;
const refusal = (code: string) => Object.assign(new Error(code), { code });

/** An issue that records the dates it was asked for and refuses the first `refuse` of them. */
function recorder(refuse: string[] = []) {
  const dates: number[] = [];
  return {
    dates,
    issue: async (dated: number) => {
      dates.push(dated);
      const code = refuse[dates.length - 1];
      if (code) throw refusal(code);
      return `invoice@${dated}`;
    },
  };
}

describe('issueDatedAtSale (D254: the invoice dated at the sale, issue 25 §3)', () => {
  it('on the sale day, dated at the payment; refused there (a later sale of that day was invoiced first), dated now, still the sale day', async () => {
    const r = recorder();
    expect(await issueDatedAtSale({ paidAt: PAID, now: SAME_DAY, providerDates: true }, r.issue, codeOf)).toEqual({
      result: `invoice@${PAID}`,
      issuedAt: PAID,
      datedAtSale: true,
    });
    const refused = recorder(['EINV_INVOICE_REFUSED']);
    expect(await issueDatedAtSale({ paidAt: PAID, now: SAME_DAY, providerDates: true }, refused.issue, codeOf)).toEqual({
      result: `invoice@${SAME_DAY}`,
      issuedAt: SAME_DAY,
      datedAtSale: true,
    });
    expect(refused.dates).toEqual([PAID, SAME_DAY]);
  });

  it('a later day: dated at the payment where the provider takes a date', async () => {
    const r = recorder();
    expect(await issueDatedAtSale({ paidAt: PAID, now: NEXT_DAY, providerDates: true }, r.issue, codeOf)).toMatchObject({
      issuedAt: PAID,
      datedAtSale: true,
    });
    expect(r.dates).toEqual([PAID]);
  });

  it('a refused date (or the year’s symbol) is tried once more dated now, and says so', async () => {
    for (const code of ['EINV_INVOICE_REFUSED', 'EINV_SERIAL_YEAR']) {
      const r = recorder([code]);
      expect(await issueDatedAtSale({ paidAt: PAID, now: NEXT_DAY, providerDates: true }, r.issue, codeOf)).toMatchObject({
        issuedAt: NEXT_DAY,
        datedAtSale: false,
      });
      expect(r.dates).toEqual([PAID, NEXT_DAY]);
    }
  });

  it('any other failure (a provider down, a session ended) is not retried here', async () => {
    const r = recorder(['EINV_PROVIDER_DOWN']);
    await expect(issueDatedAtSale({ paidAt: PAID, now: NEXT_DAY, providerDates: true }, r.issue, codeOf)).rejects.toMatchObject({
      code: 'EINV_PROVIDER_DOWN',
    });
    expect(r.dates).toEqual([PAID]);
  });

  it('a provider whose create takes no date: dated now, at the sale only on its day', async () => {
    const later = recorder();
    expect(await issueDatedAtSale({ paidAt: PAID, now: NEXT_DAY, providerDates: false }, later.issue, codeOf)).toMatchObject({
      issuedAt: NEXT_DAY,
      datedAtSale: false,
    });
    const same = recorder();
    expect(await issueDatedAtSale({ paidAt: PAID, now: SAME_DAY, providerDates: false }, same.issue, codeOf)).toMatchObject({
      datedAtSale: true,
    });
  });
});
