// @vitest-environment node
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MISA_ERRORS, MISA_ITEM_ERRORS } from './wire';
import {
  t,
  BASE,
  PHOCO_TAX,
  type Seller,
  phoco,
  login,
  call,
  dataOf,
  seller,
  item,
  publish,
  publishOne,
  trigger,
  useMisaFixture,
} from './misa.fixture';

useMisaFixture();

describe('faults (trigger einvoice-fault)', () => {
  let copy: Seller;
  let alias: string;
  beforeAll(async () => {
    const m = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    alias = m.alias;
    copy = await seller(`phoco-${m.alias}-misa`, PHOCO_TAX);
  });
  const fault = (name: string, extra: Record<string, string> = {}) =>
    trigger('einvoice-fault', { provider: 'misa', fault: name, merchant: alias, ...extra });

  it('down: HTTP 503 for that merchant only', async () => {
    await fault('down');
    const res = await call('GET', '/api/integration/invoice/templates', copy);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, errorCode: 'ServiceUnavailable' });
    expect((await login(`phoco-${alias}-misa`, PHOCO_TAX)).status).toBe(503);
    expect((await call('GET', '/api/integration/invoice/templates', phoco)).status).toBe(200);
    expect((await t.api('GET', `${BASE}/api/integration/company/check-taxcode?taxcode=${PHOCO_TAX}`)).body.success).toBe(true);
    await fault('down', { off: 'true' });
    expect((await call('GET', '/api/integration/invoice/templates', copy)).body.success).toBe(true);
  });

  it('already-exported: the next publish answers DuplicateInvoiceRefID with the stored invoice, once', async () => {
    await fault('already-exported');
    const dup = await publishOne(copy, item(copy.vat));
    expect(dup).toMatchObject({ ErrorCode: MISA_ITEM_ERRORS.DUPLICATE_REF, TransactionID: expect.any(String) });
    const [row] = dataOf(await call('POST', '/api/integration/invoice/status', copy, [dup.TransactionID]));
    expect(row.ErrorCode).toBe('');
    expect((await publishOne(copy, item(copy.vat))).ErrorCode).toBe('');
  });

  it('create-fails: the next `count` published items answer InvalidInvoiceData and store nothing; the RefID stays free', async () => {
    const before = Number((await publishOne(copy, item(copy.vat))).InvNo);
    const armed = await fault('create-fails', { count: '2' });
    expect(armed.body).toMatchObject({ fault: 'create-fails', on: true, count: 2 });
    const first = item(copy.vat);
    const second = item(copy.vat);
    // One publish of three items: the first two are refused, the third goes through.
    const res = await publish(copy, [first, second, item(copy.vat)]);
    expect(res.body.success).toBe(true);
    const [a, b, c] = dataOf(res);
    for (const [refused, sent] of [
      [a, first],
      [b, second],
    ]) {
      expect(refused).toEqual({ RefID: sent.RefID, ErrorCode: MISA_ITEM_ERRORS.INVALID_DATA, DescriptionErrorCode: expect.any(String) });
    }
    expect(c).toMatchObject({ ErrorCode: '', InvNo: String(before + 1).padStart(8, '0') });
    const [unknown] = dataOf(await call('POST', '/api/integration/invoice/status?inputType=2', copy, [first.RefID]));
    expect(unknown.ErrorCode).toBe(MISA_ITEM_ERRORS.NOT_FOUND);
    expect(await publishOne(copy, first)).toMatchObject({ ErrorCode: '', InvNo: String(before + 2).padStart(8, '0') });
  });

  it('declaration-pending: pending status and RegisterInvoiceNotApproved until switched off', async () => {
    await fault('declaration-pending');
    expect(dataOf(await call('GET', '/api/integration/declaration/status', copy)).Status).toBe('PENDING');
    expect((await publishOne(copy, item(copy.vat))).ErrorCode).toBe(MISA_ITEM_ERRORS.DECLARATION_PENDING);
    await fault('declaration-pending', { off: 'true' });
    expect((await publishOne(copy, item(copy.vat))).ErrorCode).toBe('');
  });

  it('pdf-not-ready: InvoiceFileNotReady for the next ask, then the file', async () => {
    const made = await publishOne(copy, item(copy.vat));
    await fault('pdf-not-ready', { count: '1' });
    const path = '/api/integration/invoice/download?downloadDataType=pdf';
    const [first] = dataOf(await call('POST', path, copy, [made.TransactionID]));
    expect(first).toMatchObject({ Data: null, ErrorCode: MISA_ITEM_ERRORS.FILE_NOT_READY });
    const [second] = dataOf(await call('POST', path, copy, [made.TransactionID]));
    expect(second.ErrorCode).toBe('');
  });

  it('serial-slow: the templates answer only after the delay', async () => {
    await fault('serial-slow', { delay_ms: '600' });
    const started = Date.now();
    const res = await call('GET', '/api/integration/invoice/templates', copy);
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(res.body.success).toBe(true);
    await fault('serial-slow', { off: 'true' });
  });
});

describe('hostile input', () => {
  it('issue 24 §4: walks every MISA route with objects, arrays, booleans, huge numbers and deep JSON where a scalar goes: never a 500', async () => {
    // The SSO authorize step under the same prefix is the product backend's (backend/sso.ts), tested there.
    const routes = t.sandbox.routes.filter((r) => r.url.startsWith(`${BASE}/`) && !r.url.includes('/sso/'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    // The emulator's own field names: its schemas' keys and the query names its routes read.
    const source = ['routes.ts', 'wire.ts'].map((f) => readFileSync(new URL(`./${f}`, import.meta.url), 'utf8')).join('\n');
    const names = [
      ...new Set(
        [...source.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\??:\s*z\./g), ...source.matchAll(/query\w*\??\.([A-Za-z_]\w*)/g)].map((m) => m[1]!),
      ),
    ];
    expect(names.length).toBeGreaterThan(10);
    const values: unknown[] = [
      { toString: 1, valueOf: 1 },
      [{ toString: 1, valueOf: 1 }],
      {},
      true,
      1e300,
      -(2 ** 63),
      JSON.parse(`${'['.repeat(60)}1${']'.repeat(60)}`),
      '1e400',
    ];
    const problems: string[] = [];
    for (const route of routes) {
      for (const value of values) {
        const query = typeof value === 'string' ? `?${names.map((n) => `${n}=${n}&${n}=${encodeURIComponent(value)}`).join('&')}` : '';
        const body = route.method === 'POST' ? Object.fromEntries(names.map((n) => [n, value])) : undefined;
        const res = await call(route.method, `${route.url.slice(BASE.length)}${query}`, phoco, body);
        if (res.status >= 500)
          problems.push(
            `${route.method} ${route.url} ${JSON.stringify(value).slice(0, 20)}: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('wrong types, long text, control characters, HTML and unicode', async () => {
    const results = dataOf(
      await publish(phoco, [
        item(phoco.vat, { BuyerFullName: 'x'.repeat(10_000) }),
        item(phoco.vat, { OriginalInvoiceDetail: [{ ItemName: 'A', Quantity: 'abc', UnitPrice: 1 }] }),
        item(phoco.vat, { OriginalInvoiceDetail: [{ ItemName: 'A', Quantity: 1, UnitPrice: 0.5 }] }),
        item(phoco.vat, { BuyerFullName: 'Bell\u0007' }),
        item(phoco.vat, { RefID: 42 }),
        item(phoco.vat, { BuyerFullName: 'Phở 🍜 <script>x</script>' }),
      ]),
    );
    expect(results.map((r: { ErrorCode: string }) => r.ErrorCode)).toEqual([
      MISA_ITEM_ERRORS.INVALID_DATA,
      MISA_ITEM_ERRORS.INVALID_DATA,
      MISA_ITEM_ERRORS.INVALID_DATA,
      MISA_ITEM_ERRORS.INVALID_DATA,
      MISA_ITEM_ERRORS.INVALID_DATA,
      '',
    ]);
    expect(results[4].RefID).toBeNull();
    const [row] = dataOf(await call('POST', '/api/integration/invoice/status', phoco, [results[5].TransactionID]));
    expect(row.BuyerFullName).toBe('Phở 🍜 <script>x</script>');
    const wrongShape = await call('POST', '/api/integration/invoice', phoco, { SignType: 1, InvoiceData: 'x' });
    expect(wrongShape.body).toMatchObject({
      success: false,
      errorCode: MISA_ERRORS.INVALID_PARAMETER,
      errors: ['SignType', 'InvoiceData'],
    });
    const nul = await publish(phoco, [item(phoco.vat, { BuyerFullName: 'a\u0000b' })]);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ error_code: 'BAD_REQUEST' });
  });
});
