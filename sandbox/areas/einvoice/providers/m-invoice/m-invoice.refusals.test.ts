// @vitest-environment node
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MI_CODES } from './wire';
import {
  t,
  BASE,
  PHOCO_TAX,
  type Seller,
  phoco,
  login,
  seller,
  call,
  invoice,
  save,
  trigger,
  useMInvoiceFixture,
} from './m-invoice.fixture';

useMInvoiceFixture();

describe('faults (trigger einvoice-fault)', () => {
  let copy: Seller;
  let alias: string;
  beforeAll(async () => {
    const m = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    alias = m.alias;
    copy = await seller(`phoco-${m.alias}-m-invoice`, PHOCO_TAX);
  });
  const fault = (name: string, extra: Record<string, string> = {}) =>
    trigger('einvoice-fault', { provider: 'm-invoice', fault: name, merchant: alias, ...extra });

  it('down: HTTP 503 on every call of that merchant (login included), others untouched', async () => {
    await fault('down');
    const res = await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', copy);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: '99' });
    expect((await login(`phoco-${alias}-m-invoice`, PHOCO_TAX)).status).toBe(503);
    expect((await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', phoco)).status).toBe(200);
    // The public tax-code check names no seller: it stays up.
    expect((await t.api('GET', `${BASE}/api/Company/CheckTaxCode?mst=${PHOCO_TAX}`, { headers: { TaxCode: PHOCO_TAX } })).body.code).toBe(
      '00',
    );
    await fault('down', { off: 'true' });
    expect((await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', copy)).body.code).toBe('00');
  });

  it('already-exported: the next create answers 06 with the invoice (stored, so it can be fetched), once', async () => {
    await fault('already-exported');
    const dup = await save(copy, invoice(copy.vat));
    expect(dup.body).toMatchObject({ code: MI_CODES.DUPLICATE, data: { trang_thai: 1 } });
    const fetched = await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${dup.body.data.hoadon68_id}`, copy);
    expect(fetched.body.data.shdon).toBe(dup.body.data.shdon);
    expect((await save(copy, invoice(copy.vat))).body.code).toBe('00');
  });

  it('create-fails: the next `count` creates answer code 01 and store nothing (no number taken, the reference stays free)', async () => {
    const before = (await save(copy, invoice(copy.vat))).body.data.shdon as number;
    const armed = await fault('create-fails', { count: '2' });
    expect(armed.body).toMatchObject({ fault: 'create-fails', on: true, count: 2 });
    const refused = invoice(copy.vat);
    for (const sign of [false, true]) {
      const res = await save(copy, refused, sign);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_buyerDisplayName'] });
      expect(res.body.data).toBeUndefined();
    }
    const again = await save(copy, refused);
    expect(again.body).toMatchObject({ code: '00', data: { shdon: before + 1, key_api: refused.key_api } });
    // Without a count it is one shot.
    await fault('create-fails');
    expect((await save(copy, invoice(copy.vat))).body.code).toBe(MI_CODES.INVALID);
    expect((await save(copy, invoice(copy.vat))).body).toMatchObject({ code: '00', data: { shdon: before + 2 } });
  });

  it('declaration-pending: the status says PENDING and creating is refused with 10 until switched off', async () => {
    await fault('declaration-pending');
    expect((await call('GET', '/api/ToKhai/GetTrangThai', copy)).body.data.trang_thai).toBe('PENDING');
    expect((await save(copy, invoice(copy.vat))).body.code).toBe(MI_CODES.DECLARATION_PENDING);
    await fault('declaration-pending', { off: 'true' });
    expect((await call('GET', '/api/ToKhai/GetTrangThai', copy)).body.data.trang_thai).toBe('APPROVED');
    expect((await save(copy, invoice(copy.vat))).body.code).toBe('00');
  });

  it('pdf-not-ready: the next asks answer JSON 11, then the PDF', async () => {
    const made = (await save(copy, invoice(copy.vat))).body.data;
    await fault('pdf-not-ready', { count: '2' });
    const path = `/api/InvoiceApi78/PrintInvoice?id=${made.hoadon68_id}`;
    expect((await call('GET', path, copy)).body.code).toBe(MI_CODES.PDF_NOT_READY);
    expect((await call('GET', path, copy)).body.code).toBe(MI_CODES.PDF_NOT_READY);
    const ready = await call('GET', path, copy);
    expect(ready.headers.get('content-type')).toBe('application/pdf');
  });

  it('serial-slow: the series list answers only after the delay', async () => {
    await fault('serial-slow', { delay_ms: '600' });
    const started = Date.now();
    const res = await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', copy);
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(res.body.code).toBe('00');
    await fault('serial-slow', { off: 'true' });
  });
});

describe('hostile input', () => {
  it('answers 01 naming the field for wrong types, over-long text, control characters, fractions of a đồng and bad modes', async () => {
    const cases: Array<[unknown, string]> = [
      [{ editmode: 1, data: [invoice(phoco.vat, { inv_buyerDisplayName: 'x'.repeat(10_000) })] }, 'data.0.inv_buyerDisplayName'],
      [
        {
          editmode: 1,
          data: [invoice(phoco.vat, { details: [{ data: [{ inv_itemName: 'A', inv_quantity: 'abc', inv_unitPrice: 1 }] }] })],
        },
        'data.0.details.0.data.0.inv_quantity',
      ],
      [
        {
          editmode: 1,
          data: [
            invoice(phoco.vat, {
              details: [{ data: [{ inv_itemName: 'A', inv_quantity: 1, inv_unitPrice: 10.5, inv_TotalAmountWithoutVat: 10.5 }] }],
            }),
          ],
        },
        'data.0.details.0.data.0.inv_TotalAmountWithoutVat',
      ],
      [{ editmode: 1, data: [invoice(phoco.vat, { details: [{ data: [] }] })] }, 'data.0.details.0.data'],
      [{ editmode: 2, data: [invoice(phoco.vat)] }, 'editmode'],
      [{ editmode: 1, data: [invoice(phoco.vat, { inv_paymentMethodName: 'BITCOIN' })] }, 'data.0.inv_paymentMethodName'],
      [{ editmode: 1, data: [invoice('1C26', {})] }, 'data.0.inv_invoiceSeries'],
      [{ editmode: 1, data: 'everything' }, 'data'],
      [[1, 2, 3], '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/InvoiceApi78/Save', phoco, body);
      expect(res.status, field).toBe(200);
      expect(res.body.code, field).toBe(MI_CODES.INVALID);
      expect(res.body.errors, field).toContain(field);
    }
    const control = await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: 'Bell\u0007' }));
    expect(control.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_buyerDisplayName'] });
  });

  it('issue 24 §4: walks every M-Invoice route with objects, arrays, booleans, huge numbers and deep JSON where a scalar goes: never a 500', async () => {
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

  it('NUL anywhere answers 400 in the sandbox envelope; unicode and HTML are kept as text', async () => {
    const nul = await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: 'a\u0000b' }));
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ error_code: 'BAD_REQUEST' });
    const odd = await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: 'Phở 🍜 <b>đặc biệt</b>' }));
    expect(odd.body.code).toBe('00');
    expect(odd.body.data.tnmua).toBe('Phở 🍜 <b>đặc biệt</b>');
    const arrayId = await call('GET', '/api/InvoiceApi78/GetInfoInvoice?id=a&id=b', phoco);
    expect(arrayId.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['id'] });
    const longId = await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${'9'.repeat(500)}`, phoco);
    expect(longId.body.code).toBe(MI_CODES.INVALID);
  });
});
