/** What the FPT emulator tests share (fpt.*.test.ts): one sandbox per file, throwaway phoco copies signed in to FPT, and the invoice calls. */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../../platform/test/harness';
import { EINV_PASSWORD, einvUsername } from '../../core/accounts';
import { vnDay } from '../../core/vat';

export let t: TestSandbox;
/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useFptFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox({ seedVolume: 'small' });
  });
  afterAll(() => t.close());
}

export const FPT = '/api/einvoice/fpt';
export const PHOCO_TAX = '0108123455';

export interface Merchant {
  id: string;
  /** The portal sign-in of the copy's owner. */
  portal: { username: string; password: string };
  username: string;
  token: string;
  vatSerial: string;
  salesSerial: string;
  inactiveSerial: string;
}

/** A throwaway phoco copy signed in to FPT (its series come from the seed: C{yy}TFP, C{yy}TFB, K{yy}TFX). */
export async function freshMerchant(template = 'phoco'): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const username = einvUsername({ alias: made.body.alias, template }, 'fpt');
  const signin = await t.api('POST', `${FPT}/signin`, { body: { username, password: EINV_PASSWORD } });
  expect(signin.status).toBe(200);
  const yy = vnDay(t.sandbox.clock.now()).slice(2, 4);
  return {
    id: made.body.merchant_id,
    portal: { username: made.body.username, password: made.body.password },
    username,
    token: signin.body.token,
    vatSerial: `C${yy}TFP`,
    salesSerial: `C${yy}TFB`,
    inactiveSerial: `K${yy}TFX`,
  };
}

export let sidCounter = 0;
export const newSid = () => `order-${process.pid}-${++sidCounter}`;

/** 1,900,000 paid at 8 %, as FPT's request states it (D234): price and amount before tax, vrt, vat, total. */
export const LAU = {
  name: 'Lẩu cua đồng',
  unit: 'nồi',
  quantity: 1,
  price: 1_759_259,
  amount: 1_759_259,
  vrt: '8',
  vat: 140_741,
  total: 1_900_000,
};

/** A create body; `sum`, `vat` and `total` are the items' sums unless `over` states them. */
export function invoice(m: Merchant, over: Record<string, unknown> = {}) {
  const items = (over.items ??
    (over.form === '2' ? [{ name: 'Lẩu cua đồng', unit: 'nồi', quantity: 1, price: 1_900_000, amount: 1_900_000 }] : [LAU])) as unknown[];
  const figures = Array.isArray(items)
    ? items.filter((i): i is { amount?: unknown; vat?: unknown } => typeof i === 'object' && i !== null)
    : [];
  const sum = figures.reduce((acc: number, i) => acc + (typeof i.amount === 'number' ? i.amount : 0), 0);
  const vat = figures.reduce((acc: number, i) => acc + (typeof i.vat === 'number' ? i.vat : 0), 0);
  return {
    sid: newSid(),
    form: '1',
    serial: m.vatSerial,
    paym: 'TM',
    bname: 'Khách lẻ',
    items,
    sum,
    vat,
    total: sum + vat,
    ...over,
  };
}

export const create = (m: Merchant, inv: Record<string, unknown>, token: string | undefined = m.token) =>
  t.api('POST', `${FPT}/create-invoice`, { token, body: { lang: 'vi', inv } });

export const fault = (m: Merchant, name: string, extra: Record<string, string> = {}) =>
  t.api('POST', '/sandbox/triggers/einvoice-fault', { body: { provider: 'fpt', fault: name, merchant: m.id, ...extra } });

/**
 * The rate tests' bill as FPT's request carries it (D234): phở 65,000 × 2 and beer 25,000 × 3, 205,000 paid.
 * At 23:59 on 31 December 2026 the phở is at 8 % and the beer at 10 %; at 00:01 on 1 January 2027 both
 * are at 10 %. The field names and meanings are those of the independent clients cited in D234.
 */
export function billOf(serial: string, year: 2026 | 2027) {
  const items =
    year === 2026
      ? [
          { line: 1, name: 'Phở bò tái', unit: 'bát', quantity: 2, price: 60_185, amount: 120_370, vrt: '8', vat: 9_630, total: 130_000 },
          {
            line: 2,
            name: 'Bia Hà Nội',
            unit: 'chai',
            quantity: 3,
            price: 22_727.33,
            amount: 68_182,
            vrt: '10',
            vat: 6_818,
            total: 75_000,
          },
        ]
      : [
          { line: 1, name: 'Phở bò tái', unit: 'bát', quantity: 2, price: 59_091, amount: 118_182, vrt: '10', vat: 11_818, total: 130_000 },
          {
            line: 2,
            name: 'Bia Hà Nội',
            unit: 'chai',
            quantity: 3,
            price: 22_727.33,
            amount: 68_182,
            vrt: '10',
            vat: 6_818,
            total: 75_000,
          },
        ];
  const sum = items.reduce((acc, i) => acc + i.amount, 0);
  const vat = items.reduce((acc, i) => acc + i.vat, 0);
  return {
    sid: newSid(),
    idt: year === 2026 ? '2026-12-31 23:59:00' : '2027-01-01 00:01:00',
    form: '1',
    serial,
    paym: 'TM',
    curr: 'VND',
    exrt: 1,
    bname: 'Khách lẻ',
    items,
    sum,
    vat,
    total: sum + vat,
    sumv: sum,
    vatv: vat,
    totalv: sum + vat,
  };
}
