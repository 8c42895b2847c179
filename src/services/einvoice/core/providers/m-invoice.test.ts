// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { canSign, cqtStatus, parseEivCode } from '../registry';
import { splitSellerToken } from '../seller-token';
import {
  completedOrders,
  correctionOf,
  createMerchant,
  oneBeerBack,
  instantSleep,
  sampleExport,
  FIRST_MINUTE_2027,
  LAST_MINUTE_2026,
  exportOf,
  mixedRateExport,
  startSandbox,
  trigger,
  vnToday,
  type TestMerchant,
  type TestSandbox,
  providerFault,
  rejection,
  todayQuery,
} from '../testing/sandbox';
import type { EinvoiceRow, ProviderAdapter, Serial } from '../types';
import { correctionInput, createMInvoiceAdapter } from './m-invoice';
import { offeredYears } from '../testing/offered-years';

const PHOCO_TAX = '0108123455';

let t: TestSandbox;
let m: TestMerchant;
let adapter: ProviderAdapter;
let token: string;
let vatSerial: Serial;
let salesSerial: Serial;
const sleeper = instantSleep();

const fault = (name: string, extra: Record<string, string> = {}) => providerFault(t, m, 'm-invoice', name, extra);
const query = todayQuery;
let orderSeq = 0;
/** A fresh order reference for a create that is not saved to an order. */
const ref = () => `mi-test-${Date.now()}-${++orderSeq}`;

beforeAll(async () => {
  t = await startSandbox();
  m = await createMerchant(t, 'phoco');
  adapter = createMInvoiceAdapter({ baseURL: `${t.url}/api/einvoice/m-invoice`, sleep: sleeper.sleep });
  const account = m.account('m-invoice');
  token = (await adapter.login({ taxCode: PHOCO_TAX, ...account })).token;
  const serials = await adapter.listSerials(token);
  vatSerial = serials.find((s) => !s.isSalesInvoice)!;
  salesSerial = serials.find((s) => s.isSalesInvoice)!;
});
afterAll(async () => {
  await t?.close();
});

describe('M-Invoice adapter against the emulator', () => {
  it('checks a tax code before login', async () => {
    await expect(adapter.checkTaxCode('0100109106')).resolves.toBeUndefined();
    await expect(adapter.checkTaxCode('0314409058-002')).resolves.toBeUndefined();
    expect(await rejection(adapter.checkTaxCode('0100233480'))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      data: { reason: 'check-digit' },
    });
    expect(await rejection(adapter.checkTaxCode(''))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('logs in with the seller in the token, and refuses a wrong password without echoing it', async () => {
    const account = m.account('m-invoice');
    const login = await adapter.login({ taxCode: PHOCO_TAX, ...account });
    expect(splitSellerToken(login.token).taxCode).toBe(PHOCO_TAX);
    expect(login.taxCode).toBe(PHOCO_TAX);
    expect(login.expiresAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const wrong = await rejection(adapter.login({ taxCode: PHOCO_TAX, username: account.username, password: 'Nope@2026' }));
    expect(wrong).toMatchObject({ code: 'EINV_LOGIN_FAIL' });
    expect(wrong?.message).not.toContain('Nope@2026');
    // Another seller's tax code with this account is a failed login too (never told apart).
    expect(await rejection(adapter.login({ taxCode: '0100109106', ...account }))).toMatchObject({ code: 'EINV_LOGIN_FAIL' });
  });

  it('looks a company up; an unknown valid code is null', async () => {
    expect(await adapter.lookupCompany(token, '0105872463')).toMatchObject({ taxCode: '0105872463', name: expect.stringMatching(/\S/) });
    expect(await adapter.lookupCompany(token, '0100233488')).toBeNull();
    expect(await rejection(adapter.lookupCompany(token, '0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('lists the active series only, with the template digit and the sales-invoice flag', async () => {
    const serials = await adapter.listSerials(token);
    // D253: VAT, sales and cash-register (M) series, for this year and, in December, the next.
    expect(serials).toHaveLength(3 * offeredYears().length);
    expect(vatSerial).toMatchObject({ value: expect.stringMatching(/^1C\d\dTMV$/), templateCode: '1', isSalesInvoice: false });
    expect(salesSerial).toMatchObject({ value: expect.stringMatching(/^2C\d\dTMB$/), templateCode: '2', isSalesInvoice: true });
  });

  it('reads the declaration status from 1 January to today', async () => {
    const status = await adapter.declarationStatus(token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() });
    expect(status.approved).toBe(true);
    expect(status.records[0]).toMatchObject({
      type: '01/ĐKTĐ-HĐĐT',
      status: 'APPROVED',
      createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('exports an order; the same order again answers the first invoice (existing); the code saves on the order', async () => {
    const [order] = await completedOrders(t, m);
    const orderId = String(order!.order_id);
    const first = await adapter.createInvoice(token, sampleExport(orderId, vatSerial));
    // issue 24 §7: the export names its invoice's serial as the adapters write serials (D191, D224).
    expect(first.serial).toBe(vatSerial.value);
    expect(first.existing).toBe(false);
    const parts = parseEivCode(first.eivCode)!;
    expect(parts).toMatchObject({ cqtCode: null, seq: expect.any(Number) });
    expect(parts.searchCode).toMatch(/^[A-Z0-9]{10}$/);
    const again = await adapter.createInvoice(token, sampleExport(orderId, vatSerial, { total: 5 }));
    expect(again).toEqual({ ...first, existing: true });

    const backend = createEinvoiceBackend(m);
    expect(await backend.saveEivCode(orderId, first.eivCode)).toEqual({ eivCode: first.eivCode, cqtCode: null });
    const conflict = await rejection(backend.saveEivCode(orderId, `::${parts.searchCode}::${parts.seq + 1}`));
    expect(conflict).toMatchObject({ code: 'INVOICE_ALREADY_EXPORTED', status: 409, data: { eiv_code: first.eivCode } });
  });

  it('lists the invoice as waiting for its signature, signs it once, and refuses a second signature', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const page = await adapter.listInvoices(token, query({ q: parseEivCode(made.eivCode)!.searchCode }));
    expect(page.total).toBe(1);
    const row = page.rows[0]!;
    expect(row).toMatchObject({
      id: made.providerId,
      serial: vatSerial.value,
      buyerName: 'Khách lẻ',
      total: 1_900_000,
      status: '0',
      statusReceived: '1',
    });
    expect(row.vat).toBeGreaterThan(0);
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());
    expect(cqtStatus('m-invoice', row.statusReceived).labelKey).toBe('status.cqt.pendingSignature');
    expect(canSign('m-invoice', row)).toBe(true);

    await adapter.sign(token, row);
    const signed = (await adapter.listInvoices(token, query({ q: row.searchCode }))).rows[0]!;
    expect(signed.statusReceived).toBe('3');
    expect(canSign('m-invoice', signed)).toBe(false);
    expect(await rejection(adapter.sign(token, signed))).toMatchObject({ code: 'EINV_SIGN_REFUSED' });

    const released = await adapter.listInvoices(token, query({ released: 'released', q: row.searchCode }));
    expect(released.rows.map((r) => r.id)).toEqual([row.id]);
    expect((await adapter.listInvoices(token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(0);
  });

  it('filters by serial and pages', async () => {
    await adapter.createInvoice(token, sampleExport(ref(), salesSerial));
    const sales = await adapter.listInvoices(token, query({ serial: salesSerial.value }));
    expect(sales.rows.length).toBeGreaterThan(0);
    expect(sales.rows.every((r) => r.serial === salesSerial.value && r.vat === 0)).toBe(true);
    const small = await adapter.listInvoices(token, query({ pageSize: 1 }));
    expect(small.rows).toHaveLength(1);
    expect(small.total).toBeGreaterThan(1);
  });

  it('a business buyer is listed by its company; a buyer tax code with a bad check digit is refused', async () => {
    const business = { isIndividual: false, name: 'Nguyễn Văn A', company: 'Công ty TNHH Ví Dụ', taxCode: '0105872463', address: 'Hà Nội' };
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: business }));
    const row = (await adapter.listInvoices(token, query({ q: parseEivCode(made.eivCode)!.searchCode }))).rows[0]!;
    expect(row.buyerName).toBe('Công ty TNHH Ví Dụ');
    const bad = await rejection(
      adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { ...business, taxCode: '0100233480' } })),
    );
    expect(bad).toMatchObject({ code: 'EINV_TAX_CODE_INVALID', data: { field: 'buyer.taxCode' } });
  });

  it('gives the PDF bytes, retrying "not ready" a few times before EINV_PDF_NOT_READY', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = { id: made.providerId, serial: vatSerial.value, seq: parseEivCode(made.eivCode)!.seq };
    const pdf = await adapter.pdf(token, row);
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.slice(0, 5).arrayBuffer()))).toBe('%PDF-');

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '2' });
    expect(new TextDecoder().decode(new Uint8Array(await (await adapter.pdf(token, row)).slice(0, 5).arrayBuffer()))).toBe('%PDF-');
    expect(sleeper.waits).toEqual([500, 500]);

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '10' });
    expect(await rejection(adapter.pdf(token, row))).toMatchObject({ code: 'EINV_PDF_NOT_READY' });
    expect(sleeper.waits).toEqual([500, 500, 500]);
    await fault('pdf-not-ready', { off: 'true' });
    expect(await rejection(adapter.pdf(token, { ...row, id: '00000000-0000-0000-0000-000000000000' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('the already-exported fault answers the duplicate with the stored invoice: existing', async () => {
    await fault('already-exported');
    const key = ref();
    const made = await adapter.createInvoice(token, sampleExport(key, vatSerial));
    expect(made.existing).toBe(true);
    expect((await adapter.createInvoice(token, sampleExport(key, vatSerial))).eivCode).toBe(made.eivCode);
  });

  it('a pending declaration refuses the export', async () => {
    await fault('declaration-pending');
    try {
      expect((await adapter.declarationStatus(token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() })).approved).toBe(false);
      expect(await rejection(adapter.createInvoice(token, sampleExport(ref(), vatSerial)))).toMatchObject({
        code: 'EINV_DECLARATION_PENDING',
      });
    } finally {
      await fault('declaration-pending', { off: 'true' });
    }
  });

  it('a series that is not the seller’s is EINV_SERIAL_INVALID; a malformed line is EINV_INVOICE_REFUSED', async () => {
    const inactive: Serial = { value: `1K${vnToday().slice(2, 4)}TMX`, templateCode: '1', invTypeName: 'x', isSalesInvoice: false };
    expect(await rejection(adapter.createInvoice(token, sampleExport(ref(), inactive)))).toMatchObject({ code: 'EINV_SERIAL_INVALID' });
    const base = sampleExport(ref(), vatSerial);
    const refused = await rejection(adapter.createInvoice(token, { ...base, lines: base.lines.map((l) => ({ ...l, quantity: 0 })) }));
    expect(refused).toMatchObject({
      code: 'EINV_INVOICE_REFUSED',
      data: { fields: ['data.0.details.0.data.0.inv_quantity', 'data.0.details.0.data.1.inv_quantity'] },
    });
  });

  it('an expired token is EINV_TOKEN_EXPIRED; a token without the seller is refused the same way', async () => {
    const fresh = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('m-invoice') })).token;
    expect(await rejection(adapter.listSerials(splitSellerToken(fresh).token))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    await trigger(t, 'einvoice-expire-tokens', { merchant: m.merchantId, provider: 'm-invoice' });
    expect(await rejection(adapter.listSerials(fresh))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('m-invoice') })).token;
  });

  it('the down fault is EINV_PROVIDER_DOWN, login included; the public tax-code check stays up', async () => {
    await fault('down');
    try {
      expect(await rejection(adapter.listSerials(token))).toMatchObject({ code: 'EINV_PROVIDER_DOWN', status: 503 });
      expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, ...m.account('m-invoice') }))).toMatchObject({
        code: 'EINV_PROVIDER_DOWN',
      });
      await expect(adapter.checkTaxCode(PHOCO_TAX)).resolves.toBeUndefined();
    } finally {
      await fault('down', { off: 'true' });
    }
  });

  it('after signing, the tax authority code arrives on the sandbox clock (the list refetches, the adapter does not poll)', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = (await adapter.listInvoices(token, query({ q: parseEivCode(made.eivCode)!.searchCode }))).rows[0]!;
    await adapter.sign(token, row);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 6 } });
    try {
      const coded = (await adapter.listInvoices(token, query({ q: row.searchCode }))).rows[0]!;
      expect(coded.statusReceived).toBe('4');
      expect(coded.taxAuthorityCode).toMatch(/^00[0-9A-F]{32}$/);
      expect(cqtStatus('m-invoice', coded.statusReceived)).toMatchObject({ labelKey: 'status.cqt.success', color: 'green' });
    } finally {
      await t.api('POST', '/sandbox/clock/reset');
    }
  });

  it('hostile user text: markup and Vietnamese kept as text, control characters dropped, an over-long name refused', async () => {
    const name = '<img src=x onerror=alert(1)> Nguyễn\u0000 Thị\nĐào 😀';
    const made = await adapter.createInvoice(
      token,
      sampleExport(ref(), vatSerial, {
        buyer: { isIndividual: true, name },
        lines: [{ name: 'Phở\tbò <b>', quantity: 1, unitPriceGross: 90_000, taxClass: 'REDUCED_ELIGIBLE' }],
        total: 90_000,
      }),
    );
    const row = (await adapter.listInvoices(token, query({ q: parseEivCode(made.eivCode)!.searchCode }))).rows[0]!;
    expect(row.buyerName).toBe('<img src=x onerror=alert(1)> Nguyễn Thị Đào 😀');
    expect(row.total).toBe(90_000);
    const long = await rejection(
      adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { isIndividual: true, name: 'A'.repeat(5000) } })),
    );
    expect(long).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    // A search for markup or a wildcard finds nothing rather than failing.
    expect((await adapter.listInvoices(token, query({ q: "%' OR 1=1 --" }))).total).toBe(0);
  });

  it('no answer at all is NETWORK_ERROR', async () => {
    const nowhere = createMInvoiceAdapter({ baseURL: 'http://127.0.0.1:1/api/einvoice/m-invoice' });
    expect(await rejection(nowhere.checkTaxCode(PHOCO_TAX))).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('issue 25 §2: the M-Invoice request in its API 2.0 names and meanings (D259, D261)', () => {
  function capturing() {
    const bodies: Record<string, unknown>[] = [];
    const fetch = (async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { editmode: number; data: Record<string, unknown>[] };
      expect(body.editmode).toBe(1);
      bodies.push(body.data[0]!);
      const data = {
        hoadon68_id: 'id-1',
        khieu: body.data[0]!.inv_invoiceSeries,
        shdon: 1,
        inv_invoiceIssuedDate: `${String(body.data[0]!.inv_invoiceIssuedDate)}T00:00:00`,
        sobaomat: 'ABC',
        tgtttbso: body.data[0]!.inv_TotalAmount,
      };
      return new Response(JSON.stringify({ code: '00', message: 'Thành công', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch;
    return { bodies, adapter: createMInvoiceAdapter({ baseURL: 'https://mi.test', fetch }) };
  }
  const serial = (value: string, templateCode: '1' | '2' = '1'): Serial => ({
    value,
    templateCode,
    invTypeName: 'x',
    isSalesInvoice: templateCode === '2',
  });

  it('issue 25 §2, §3: 31 December 2026 23:59: dated that Vietnam day, the order as key_api, inv_unitPrice and inv_TotalAmountWithoutVat before tax, ma_thue and inv_vatAmount per line, the totals', async () => {
    const { bodies, adapter: mi } = capturing();
    await mi.createInvoice('tok|0108123455', mixedRateExport('o-2026', serial('1C26TMV'), LAST_MINUTE_2026));
    expect(bodies[0]).toMatchObject({
      inv_invoiceSeries: '1C26TMV',
      inv_invoiceIssuedDate: '2026-12-31',
      inv_currencyCode: 'VND',
      inv_exchangeRate: 1,
      key_api: 'o-2026',
      so_benh_an: 'o-2026',
      inv_paymentMethodName: 'TM',
      inv_buyerDisplayName: 'Khách lẻ',
      details: [
        {
          data: [
            {
              stt_rec0: '0001',
              tchat: 1,
              inv_itemName: 'Phở bò tái',
              inv_quantity: 2,
              inv_unitPrice: 60_185,
              inv_TotalAmountWithoutVat: 120_370,
              ma_thue: '8',
              inv_vatAmount: 9_630,
              inv_TotalAmount: 130_000,
            },
            {
              stt_rec0: '0002',
              inv_itemName: 'Bia Hà Nội',
              inv_quantity: 3,
              inv_unitPrice: 22_727.3,
              inv_TotalAmountWithoutVat: 68_182,
              ma_thue: '10',
              inv_vatAmount: 6_818,
              inv_TotalAmount: 75_000,
            },
          ],
        },
      ],
      inv_TotalAmountWithoutVat: 188_552,
      inv_vatAmount: 16_448,
      inv_TotalAmount: 205_000,
    });
    // D233's lower-case XML names are gone from the request (D259).
    for (const old of ['khieu', 'sdhang', 'tnmua', 'tgtcthue', 'tgtthue', 'tgtttbso', 'ma_thue']) expect(bodies[0]).not.toHaveProperty(old);
  });

  it('issue 25 §2: not subject (KCT) is ma_thue -1, not declared (KKKNT) -2', async () => {
    const { bodies, adapter: mi } = capturing();
    const input = mixedRateExport('o-kct', serial('1C26TMV'), LAST_MINUTE_2026);
    const lines = input.tax.lines.map((l, i) => ({ ...l, rateCode: i === 0 ? ('KCT' as const) : ('KKKNT' as const), vat: 0 }));
    await mi.createInvoice('tok|0108123455', { ...input, tax: { ...input.tax, lines } });
    const sent = (bodies[0] as { details: { data: Record<string, unknown>[] }[] }).details[0]!.data;
    expect(sent.map((l) => l.ma_thue)).toEqual(['-1', '-2']);
  });

  it('issue 25 §2: 1 January 2027 00:01: both at 10 %', async () => {
    const { bodies, adapter: mi } = capturing();
    await mi.createInvoice('tok|0108123455', mixedRateExport('o-2027', serial('1C27TMV'), FIRST_MINUTE_2027));
    expect(bodies[0]).toMatchObject({
      inv_invoiceIssuedDate: '2027-01-01',
      details: [
        {
          data: [
            { inv_unitPrice: 59_091, inv_TotalAmountWithoutVat: 118_182, ma_thue: '10', inv_vatAmount: 11_818 },
            { inv_TotalAmountWithoutVat: 68_182, ma_thue: '10', inv_vatAmount: 6_818 },
          ],
        },
      ],
      inv_TotalAmountWithoutVat: 186_364,
      inv_vatAmount: 18_636,
      inv_TotalAmount: 205_000,
    });
  });

  it('issue 25 §2: a sales invoice (template 2) has no VAT lines', async () => {
    const { bodies, adapter: mi } = capturing();
    await mi.createInvoice('tok|0108123455', mixedRateExport('o-sales', serial('2C26TMB', '2'), LAST_MINUTE_2026));
    const body = bodies[0] as { details: { data: Record<string, unknown>[] }[] };
    // As M-Invoice's sales-invoice sample: the total alone, no rate or VAT on the lines.
    expect(body).toMatchObject({ inv_TotalAmount: 205_000 });
    expect(body).not.toHaveProperty('inv_vatAmount');
    for (const line of body.details[0]!.data) {
      expect(line).not.toHaveProperty('ma_thue');
      expect(line).not.toHaveProperty('inv_vatAmount');
    }
  });

  it('issue 25 §2: the emulator takes the adapter’s mixed-rate body', async () => {
    // Two rates on any day (this test runs on the real date; the 8 % cut ends with 2026): 5 % and 10 %.
    const input = exportOf(ref(), vatSerial, [
      { name: 'Nước sạch', unit: 'm3', quantity: 10, unitPriceGross: 15_000, taxClass: 'FIVE' },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPriceGross: 25_000, taxClass: 'STANDARD' },
    ]);
    expect(input.tax.breakdown.map((r) => r.rateCode)).toEqual(['10%', '5%']);
    const made = await adapter.createInvoice(token, input);
    expect(made.existing).toBe(false);
    const page = await adapter.listInvoices(token, query({ pageSize: 100 }));
    // 7,143 at 5 % and 6,818 at 10 %, as the portal worked them (D226, D256).
    expect(page.rows.find((r) => r.id === made.providerId)).toMatchObject({ total: 225_000, vat: 13_961 });
  });
});

describe('issue 25 §5: corrections through ThayThe and DieuChinh, the original named by its id (D260)', () => {
  const serial: Serial = { value: '1C26TMV', templateCode: '1', invTypeName: 'Hóa đơn giá trị gia tăng', isSalesInvoice: false };
  const original = { id: 'goc-1', seq: 12 };

  it('an adjustment of amounts: flat, inv_InvoiceAuth_id the original, ghi_chu the reason, the key as key_api; the decrease negative, the totals signed', () => {
    const c = correctionOf('adjust', oneBeerBack(serial), 'Khách trả lại 1 chai bia', [true], 'mi-corr-0001');
    const body = correctionInput(original, c);
    expect(body).toMatchObject({
      inv_InvoiceAuth_id: 'goc-1',
      ghi_chu: 'Khách trả lại 1 chai bia',
      key_api: 'mi-corr-0001',
      inv_invoiceSeries: '1C26TMV',
      inv_TotalAmountWithoutVat: -22_727,
      inv_vatAmount: -2_273,
      inv_TotalAmount: -25_000,
    });
    expect(body).not.toHaveProperty('editmode');
    expect(body).not.toHaveProperty('details');
    expect(body.data).toEqual([
      expect.objectContaining({
        inv_itemName: 'Bia Hà Nội',
        inv_quantity: -1,
        inv_unitPrice: 22_727,
        inv_TotalAmountWithoutVat: -22_727,
        ma_thue: '10',
        inv_vatAmount: -2_273,
        inv_TotalAmount: -25_000,
      }),
    ]);
  });

  it('a replacement: the whole invoice in data, no editmode, inv_originalId; an adjustment of information: inv_adjustmentType 5, one note line (tchat 4), no amounts', () => {
    const replace = correctionInput(original, correctionOf('replace', sampleExport('x', serial), 'Sai tên hàng', [], 'mi-corr-0002'));
    expect(replace).not.toHaveProperty('editmode');
    expect(replace).toMatchObject({
      data: [{ inv_originalId: 'goc-1', ghi_chu: 'Sai tên hàng', key_api: 'mi-corr-0002', inv_TotalAmount: 1_900_000 }],
    });
    // A correction has no order of its own: its orderId is only its key (types.ts), so no so_benh_an.
    expect((replace.data as Record<string, unknown>[])[0]).not.toHaveProperty('so_benh_an');
    const info = correctionInput(original, correctionOf('info', sampleExport('x', serial), 'Sai địa chỉ', [], 'mi-corr-0003'));
    expect(info).toMatchObject({ inv_InvoiceAuth_id: 'goc-1', inv_adjustmentType: 5, inv_TotalAmount: 0, data: [{ tchat: 4 }] });
    expect(info).not.toHaveProperty('inv_vatAmount');
  });

  it('issue 25 §5: adjust and replace at the emulator; the original becomes 6/5 (adjusted/replaced by another); a refund-shaped adjustment brings it to the new total; the refusals', async () => {
    const rowOf = async (eiv: string): Promise<EinvoiceRow> =>
      (await adapter.listInvoices(token, query({ q: parseEivCode(eiv)!.searchCode }))).rows[0]!;
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const draft = await rowOf(made.eivCode);
    const back = correctionOf('adjust', oneBeerBack(vatSerial), 'Khách trả lại 1 chai bia', [true]);
    // Saved, not signed: nothing corrects it yet.
    expect(await rejection(adapter.correctInvoice(token, draft, back))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'not-issued' },
    });
    await adapter.sign(token, draft);
    const row = await rowOf(made.eivCode);
    const adjust = await adapter.correctInvoice(token, row, back);
    expect((await adapter.correctInvoice(token, row, back)).eivCode).toBe(adjust.eivCode);
    const adjusted = await rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      status: '2',
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq, reason: 'Khách trả lại 1 chai bia' },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);
    expect((await rowOf(made.eivCode)).status).toBe('6');
    const info = await adapter.correctInvoice(token, row, correctionOf('info', sampleExport('i', vatSerial), 'Sai địa chỉ người mua'));
    expect((await rowOf(info.eivCode)).corrects).toMatchObject({ kind: 'adjust', adjustKind: 'info' });

    const replaceIt = (target: EinvoiceRow, reason = 'Sai tên hàng') =>
      adapter.correctInvoice(token, target, correctionOf('replace', sampleExport('r', vatSerial), reason));
    expect(await rejection(replaceIt(adjusted))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'adjustment' } });
    expect(await rejection(replaceIt(row, ' '))).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    const replaced = await rowOf((await replaceIt(row)).eivCode);
    expect(replaced).toMatchObject({ status: '3', corrects: { kind: 'replace', serial: row.serial, seq: row.seq } });
    expect((await rowOf(made.eivCode)).status).toBe('5');
    expect(await rejection(replaceIt(row))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'replaced' } });
    expect(await rejection(replaceIt({ ...row, id: 'not-an-invoice' }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
  });
});
