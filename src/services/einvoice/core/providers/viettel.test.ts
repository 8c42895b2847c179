// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { canSign, cqtStatus, invoiceStatus, parseEivCode } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import {
  completedOrders,
  correctionOf,
  createMerchant,
  oneBeerBack,
  FIRST_MINUTE_2027,
  instantSleep,
  LAST_MINUTE_2026,
  mixedRateExport,
  sampleExport,
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
import { correctionBody, createViettelAdapter, transactionUuidOf } from './viettel';
import { offeredYears } from '../testing/offered-years';

const PHOCO_TAX = '0108123455';

let t: TestSandbox;
let m: TestMerchant;
let adapter: ProviderAdapter;
let token: string;
let vatSerial: Serial;
let salesSerial: Serial;
const sleeper = instantSleep();

const fault = (name: string, extra: Record<string, string> = {}) => providerFault(t, m, 'viettel', name, extra);
const query = todayQuery;
let orderSeq = 0;
/** A fresh transactionUuid for a create that is not saved to an order. */
const ref = () => `vt-test-${Date.now()}-${++orderSeq}`;
/** The listed row of an export (Viettel's keyword search takes the lookup code). */
async function rowOf(eiv: string): Promise<EinvoiceRow> {
  const page = await adapter.listInvoices(token, query({ q: parseEivCode(eiv)!.searchCode }));
  expect(page.total).toBe(1);
  return page.rows[0]!;
}

beforeAll(async () => {
  t = await startSandbox();
  m = await createMerchant(t, 'phoco');
  adapter = createViettelAdapter({ baseURL: `${t.url}/api/einvoice/viettel`, sleep: sleeper.sleep });
  token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('viettel') })).token;
  const serials = await adapter.listSerials(token);
  vatSerial = serials.find((s) => !s.isSalesInvoice)!;
  salesSerial = serials.find((s) => s.isSalesInvoice)!;
});
afterAll(async () => {
  await t?.close();
});

/** An adapter whose calls are caught: the request bodies it sends, answered as Viettel answers a create. */
function caught() {
  const bodies: Record<string, unknown>[] = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { generalInvoiceInfo: { invoiceSeries: string } };
    bodies.push(body);
    const invoiceNo = `${body.generalInvoiceInfo.invoiceSeries}7`;
    const answer = { errorCode: null, description: null, result: { invoiceNo, transactionID: 't1', reservationCode: 'ABCDEFGHJK' } };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { bodies, adapter: createViettelAdapter({ baseURL: 'http://viettel.invalid', fetch }) };
}

describe("issue 25 §2: the request body by Viettel's published field meanings (integration document §6; D231)", () => {
  const seller = sellerToken('bearer', PHOCO_TAX);
  const serial = (value: string, providerTemplate = '1/0224'): Serial => ({
    value,
    templateCode: '1',
    invTypeName: 'Hóa đơn giá trị gia tăng',
    isSalesInvoice: false,
    providerTemplate,
  });

  it("23:59 on 31 December 2026: phở at 8 % and beer at 10 %, net unit prices, each line its rate and VAT, a breakdown per rate, the account's own template", async () => {
    const { bodies, adapter: caughtAdapter } = caught();
    await caughtAdapter.createInvoice(seller, mixedRateExport('4711', serial('1C26TVT'), LAST_MINUTE_2026));
    expect(bodies).toHaveLength(1);
    const body = bodies[0]!;
    expect(body.generalInvoiceInfo).toEqual({
      invoiceType: '1',
      templateCode: '1/0224',
      invoiceSeries: 'C26TVT',
      invoiceIssuedDate: LAST_MINUTE_2026,
      currencyCode: 'VND',
      adjustmentType: '1',
      paymentStatus: true,
      cusGetInvoiceRight: true,
      transactionUuid: 'order-4711',
    });
    expect(body.itemInfo).toEqual([
      {
        lineNumber: 1,
        selection: 1,
        itemName: 'Phở bò tái',
        unitName: 'bát',
        quantity: 2,
        unitPrice: 60_185,
        itemTotalAmountWithoutTax: 120_370,
        taxPercentage: 8,
        taxAmount: 9_630,
        itemTotalAmountWithTax: 130_000,
      },
      {
        lineNumber: 2,
        selection: 1,
        itemName: 'Bia Hà Nội',
        unitName: 'chai',
        quantity: 3,
        unitPrice: 22_727.3,
        itemTotalAmountWithoutTax: 68_182,
        taxPercentage: 10,
        taxAmount: 6_818,
        itemTotalAmountWithTax: 75_000,
      },
    ]);
    expect(body.taxBreakdowns).toEqual([
      { taxPercentage: 10, taxableAmount: 68_182, taxAmount: 6_818 },
      { taxPercentage: 8, taxableAmount: 120_370, taxAmount: 9_630 },
    ]);
    // Viettel works the totals out itself (§6.8); the fuel draft API's gross price is not sent.
    expect(body).not.toHaveProperty('summarizeInfo');
    expect(JSON.stringify(body)).not.toContain('unitPriceWithTax');
    for (const line of body.itemInfo as { quantity: number; unitPrice: number; itemTotalAmountWithoutTax: number }[]) {
      expect(Math.abs(line.quantity * line.unitPrice - line.itemTotalAmountWithoutTax)).toBeLessThanOrEqual(0.5);
    }
  });

  it('00:01 on 1 January 2027: both at 10 %, one breakdown row, on the 2027 series', async () => {
    const { bodies, adapter: caughtAdapter } = caught();
    await caughtAdapter.createInvoice(seller, mixedRateExport('4712', serial('1C27TVT', '1/001'), FIRST_MINUTE_2027));
    const body = bodies[0]!;
    expect(body.generalInvoiceInfo).toMatchObject({ templateCode: '1/001', invoiceSeries: 'C27TVT', invoiceIssuedDate: FIRST_MINUTE_2027 });
    expect(body.itemInfo).toMatchObject([
      { unitPrice: 59_091, itemTotalAmountWithoutTax: 118_182, taxPercentage: 10, taxAmount: 11_818 },
      { unitPrice: 22_727.3, itemTotalAmountWithoutTax: 68_182, taxPercentage: 10, taxAmount: 6_818 },
    ]);
    expect(body.taxBreakdowns).toEqual([{ taxPercentage: 10, taxableAmount: 186_364, taxAmount: 18_636 }]);
  });

  it('a sales invoice (template 2): -2 and no VAT on each line, no breakdown, the reduction note as invoiceNote', async () => {
    const { bodies, adapter: caughtAdapter } = caught();
    const sales: Serial = { ...serial('2C26TVB', '2/001'), templateCode: '2', isSalesInvoice: true };
    const input = mixedRateExport('4713', sales, LAST_MINUTE_2026);
    await caughtAdapter.createInvoice(seller, input);
    const body = bodies[0]!;
    expect(body.generalInvoiceInfo).toMatchObject({ invoiceType: '2', templateCode: '2/001', invoiceSeries: 'C26TVB' });
    expect(body.itemInfo).toMatchObject([
      { unitPrice: 65_000, itemTotalAmountWithoutTax: 130_000, taxPercentage: -2, taxAmount: 0 },
      { unitPrice: 25_000, itemTotalAmountWithoutTax: 75_000, taxPercentage: -2, taxAmount: 0 },
    ]);
    expect(body).not.toHaveProperty('taxBreakdowns');
    const note = input.tax.notes.join(' ');
    if (note) expect((body.generalInvoiceInfo as { invoiceNote?: string }).invoiceNote).toBe(note);
    else expect(body.generalInvoiceInfo).not.toHaveProperty('invoiceNote');
  });

  it('the transactionUuid is the order, 10 to 36 characters (§6.2); a serial without its template asks the account for it', async () => {
    expect(transactionUuidOf('42')).toBe('order-0042');
    expect(transactionUuidOf('123456')).toBe('order-123456');
    expect(await rejection(Promise.resolve().then(() => transactionUuidOf('9'.repeat(40))))).toMatchObject({
      code: 'EINV_INVOICE_REFUSED',
    });
    const made = await adapter.createInvoice(token, sampleExport(ref(), { ...vatSerial, providerTemplate: undefined }));
    expect(made.existing).toBe(false);
  });
});

describe("issue 25 §5: corrections in Viettel's published fields (§6.2; Odoo's l10n_vn_edi_viettel; D245)", () => {
  const serial: Serial = {
    value: '1C26TVT',
    templateCode: '1',
    invTypeName: 'Hóa đơn giá trị gia tăng',
    isSalesInvoice: false,
    providerTemplate: '1/0224',
  };
  const original = { serial: '1C26TVT', seq: 12, invoiceDate: Date.parse('2026-12-05T12:00:00+07:00') };
  const now = Date.parse('2026-12-06T09:30:00+07:00');

  it('an adjustment of amounts: adjustmentType 5, adjustmentInvoiceType 1, the original by series and number, its date and template, the notice and the reason; the decrease at its size with isIncreaseItem false and a negative breakdown', () => {
    const c = correctionOf('adjust', oneBeerBack(serial, now), 'Khách trả lại 1 chai bia', [true], '5f0c1c3e-8d0a-4c2b-9a51-0a8f2f6f9a10');
    const body = correctionBody(original, c, '1/0224', '1/0224');
    expect(body.generalInvoiceInfo).toMatchObject({
      adjustmentType: '5',
      adjustmentInvoiceType: '1',
      originalInvoiceId: 'C26TVT12',
      originalInvoiceIssueDate: original.invoiceDate,
      originalTemplateCode: '1/0224',
      additionalReferenceDesc: 'Thông báo điều chỉnh hóa đơn: Khách trả lại 1 chai bia',
      additionalReferenceDate: now,
      adjustedNote: 'Khách trả lại 1 chai bia',
      transactionUuid: '5f0c1c3e-8d0a-4c2b-9a51-0a8f2f6f9a10',
      invoiceSeries: 'C26TVT',
      templateCode: '1/0224',
    });
    expect(body.itemInfo).toEqual([
      expect.objectContaining({
        itemName: 'Bia Hà Nội',
        quantity: 1,
        unitPrice: 22_727,
        itemTotalAmountWithoutTax: 22_727,
        taxPercentage: 10,
        taxAmount: 2_273,
        adjustmentTaxAmount: 2_273,
        isIncreaseItem: false,
      }),
    ]);
    expect(body.taxBreakdowns).toEqual([
      { taxPercentage: 10, taxableAmount: 22_727, taxAmount: 2_273, taxableAmountPos: false, taxAmountPos: false },
    ]);
  });

  it('a replacement: adjustmentType 3, no adjustmentInvoiceType, the whole new invoice; an adjustment of information: type 2 and one note line, no amounts', () => {
    const replace = correctionBody(
      original,
      correctionOf('replace', sampleExport('x', serial), 'Sai số lượng', [], 'k'.repeat(20)),
      '1/0224',
      '1/0224',
    );
    expect(replace.generalInvoiceInfo).toMatchObject({ adjustmentType: '3', originalInvoiceId: 'C26TVT12', adjustedNote: 'Sai số lượng' });
    expect(replace.generalInvoiceInfo).not.toHaveProperty('adjustmentInvoiceType');
    expect((replace.itemInfo as unknown[]).length).toBe(2);
    expect(JSON.stringify(replace.itemInfo)).not.toContain('isIncreaseItem');
    const info = correctionBody(
      original,
      correctionOf('info', sampleExport('x', serial), 'Sai địa chỉ người mua', [], 'k'.repeat(20)),
      '1/0224',
      '1/0224',
    );
    expect(info.generalInvoiceInfo).toMatchObject({ adjustmentType: '5', adjustmentInvoiceType: '2' });
    expect(info.itemInfo).toEqual([
      { lineNumber: 1, selection: 2, itemName: 'Điều chỉnh thông tin người mua của hóa đơn số 12: Sai địa chỉ người mua' },
    ]);
    expect(info).not.toHaveProperty('taxBreakdowns');
  });
});

describe('Viettel adapter against the emulator', () => {
  it('issue 25 §5: adjust and replace an issued invoice; the list shows each correction naming its original; a refund-shaped adjustment brings it to the new total; a second replacement is refused', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = await rowOf(made.eivCode);
    // Not sent yet: Viettel will not correct it.
    const early = correctionOf('adjust', oneBeerBack(vatSerial), 'Khách trả lại 1 chai bia', [true]);
    expect(await rejection(adapter.correctInvoice(token, row, early))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'not-issued' },
    });
    await adapter.sign(token, row);
    const adjust = await adapter.correctInvoice(token, row, early);
    expect(adjust).toMatchObject({ serial: vatSerial.value, providerId: early.key, existing: false });
    // A double click or a lost answer: the same key answers the same invoice.
    expect((await adapter.correctInvoice(token, row, early)).eivCode).toBe(adjust.eivCode);
    const adjusted = await rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      status: '5',
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq, reason: 'Khách trả lại 1 chai bia' },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);

    const replace = correctionOf('replace', sampleExport('r', vatSerial), 'Sai tên hàng');
    const replaced = await rowOf((await adapter.correctInvoice(token, row, replace)).eivCode);
    expect(replaced).toMatchObject({
      status: '3',
      total: 1_900_000,
      corrects: { kind: 'replace', adjustKind: null, serial: row.serial, seq: row.seq },
    });
    const again = correctionOf('replace', sampleExport('r', vatSerial), 'Lần nữa');
    expect(await rejection(adapter.correctInvoice(token, row, again))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'replaced' },
    });
    expect(await rejection(adapter.correctInvoice(token, { ...row, seq: 99_999 }, again))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
  });

  it('checks a tax code before login (public), with the reason in the message', async () => {
    await expect(adapter.checkTaxCode('0100109106')).resolves.toBeUndefined();
    await expect(adapter.checkTaxCode('0314409058-002')).resolves.toBeUndefined();
    expect(await rejection(adapter.checkTaxCode('0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID', status: 400 });
    expect(await rejection(adapter.checkTaxCode(''))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('logs in (no tax code at Viettel) and checks the typed tax code is the account’s through the declaration status', async () => {
    const account = m.account('viettel');
    const login = await adapter.login({ taxCode: PHOCO_TAX, ...account });
    expect(login.taxCode).toBe(PHOCO_TAX);
    expect(splitSellerToken(login.token).taxCode).toBe(PHOCO_TAX);
    expect(login.expiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(login.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    const wrong = await rejection(adapter.login({ taxCode: PHOCO_TAX, username: account.username, password: 'Nope@2026' }));
    expect(wrong).toMatchObject({ code: 'EINV_LOGIN_FAIL', status: 401 });
    expect(wrong?.message).not.toContain('Nope@2026');
    // A valid tax code of another company: Viettel logs in, the status call refuses it.
    expect(await rejection(adapter.login({ taxCode: '0100109106', ...account }))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      status: 403,
    });
    // A malformed one never reaches the login.
    expect(await rejection(adapter.login({ taxCode: '0100233480', ...account }))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      status: 400,
    });
    expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, username: '', password: '' }))).toMatchObject({ code: 'EINV_LOGIN_FAIL' });
  });

  it('needs the seller in the token: a bare bearer is EINV_NOT_SET_UP without a call', async () => {
    expect(await rejection(adapter.listSerials(splitSellerToken(token).token))).toMatchObject({ code: 'EINV_NOT_SET_UP' });
  });

  it('looks a company up; an unknown valid code is null', async () => {
    expect(await adapter.lookupCompany(token, '0105872463')).toMatchObject({ taxCode: '0105872463', name: expect.stringMatching(/\S/) });
    expect(await adapter.lookupCompany(token, '0100233488')).toBeNull();
    expect(await rejection(adapter.lookupCompany(token, '0100233480'))).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('lists the active series with the template digit in front (D191) and the sales-invoice flag', async () => {
    const serials = await adapter.listSerials(token);
    // D253: VAT, sales and cash-register (M) series, for this year and, in December, the next.
    expect(serials).toHaveLength(3 * offeredYears().length);
    expect(vatSerial).toMatchObject({
      value: expect.stringMatching(/^1C\d\dTVT$/),
      templateCode: '1',
      isSalesInvoice: false,
      providerTemplate: '1/001',
    });
    expect(salesSerial).toMatchObject({
      value: expect.stringMatching(/^2C\d\dTVB$/),
      templateCode: '2',
      isSalesInvoice: true,
      providerTemplate: '2/001',
    });
  });

  it('reads the declaration status', async () => {
    const status = await adapter.declarationStatus(token, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() });
    expect(status.approved).toBe(true);
  });

  it('issue 25 §2: exports an order at two rates, stating its own tax; the same order again answers the first invoice (§6.2)', async () => {
    const [order] = await completedOrders(t, m);
    const orderId = String(order!.order_id);
    // Two rates on any day: 5 % and 10 % are not dated (the 8 % cut ends with 2026, and this test
    // runs on the real date).
    const lines = [
      { name: 'Nước sạch', unit: 'm3', quantity: 10, unitPriceGross: 150_000, taxClass: 'FIVE' as const },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 16, unitPriceGross: 25_000, taxClass: 'STANDARD' as const },
    ];
    const input = sampleExport(orderId, vatSerial, { lines });
    expect(input.tax.breakdown.map((r) => r.rateCode)).toEqual(['10%', '5%']);
    const first = await adapter.createInvoice(token, input);
    // issue 24 §7: the export names its invoice's serial as the adapters write serials (D191, D224).
    expect(first.serial).toBe(vatSerial.value);
    expect(first).toMatchObject({ providerId: transactionUuidOf(orderId), existing: false });
    const parts = parseEivCode(first.eivCode)!;
    expect(parts).toMatchObject({ cqtCode: null, seq: expect.any(Number) });
    expect(parts.searchCode).toMatch(/^[A-Z0-9]{10}$/);
    const again = await adapter.createInvoice(token, sampleExport(orderId, vatSerial, { lines, total: 5 }));
    expect(again).toEqual(first);

    const row = await rowOf(first.eivCode);
    expect(row).toMatchObject({
      id: transactionUuidOf(orderId),
      serial: vatSerial.value,
      seq: parts.seq,
      total: 1_900_000,
      buyerName: 'Khách lẻ',
    });
    // The VAT the portal worked out (D226), kept as sent: 71,429 at 5 % and 36,364 at 10 %.
    expect(row.vat).toBe(input.tax.totals.vat);
    expect(row.vat).toBe(107_793);

    const backend = createEinvoiceBackend(m);
    expect(await backend.saveEivCode(orderId, first.eivCode)).toEqual({ eivCode: first.eivCode, cqtCode: null });
  });

  it('signs (sends) an invoice not sent; once sent the rule and the adapter refuse without a call; the code arrives later', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = await rowOf(made.eivCode);
    expect(row).toMatchObject({ status: '1', statusReceived: '1', taxAuthorityCode: null });
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());
    expect(cqtStatus('viettel', row.statusReceived).labelKey).toBe('status.cqt.notSentWithCode');
    expect(invoiceStatus('viettel', row.status)?.labelKey).toBe('status.invoice.original');
    expect(canSign('viettel', row)).toBe(true);
    expect((await adapter.listInvoices(token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(1);

    await adapter.sign(token, row);
    const sent = await rowOf(made.eivCode);
    expect(sent.statusReceived).toBe('4');
    expect(canSign('viettel', sent)).toBe(false);
    expect(await rejection(adapter.sign(token, sent))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 0 });
    // A stale row (still "not sent") reaches Viettel, which refuses it the same way.
    expect(await rejection(adapter.sign(token, row))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 400 });
    expect(await rejection(adapter.sign(token, { ...row, id: 'no-such-uuid' }))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 404 });
    expect((await adapter.listInvoices(token, query({ released: 'released', q: row.searchCode }))).rows.map((r) => r.id)).toEqual([row.id]);
  });

  it('filters by serial (either form) and pages; a sales invoice has no VAT', async () => {
    const sale = await adapter.createInvoice(token, sampleExport(ref(), salesSerial));
    for (const serial of [salesSerial.value, salesSerial.value.slice(1)]) {
      const sales = await adapter.listInvoices(token, query({ serial }));
      expect(sales.rows.length).toBeGreaterThan(0);
      expect(sales.rows.every((r) => r.serial === salesSerial.value && r.vat === 0)).toBe(true);
    }
    expect((await rowOf(sale.eivCode)).total).toBe(1_900_000);
    const small = await adapter.listInvoices(token, query({ pageSize: 1 }));
    expect(small.rows).toHaveLength(1);
    expect(small.total).toBeGreaterThan(1);
    expect((await adapter.listInvoices(token, query({ pageSize: 1, page: 2 }))).rows[0]!.id).not.toBe(small.rows[0]!.id);
  });

  it('a business buyer is listed by its company; a buyer tax code with a bad check digit is refused', async () => {
    const business = { isIndividual: false, name: 'Nguyễn Văn A', company: 'Công ty TNHH Ví Dụ', taxCode: '0105872463', address: 'Hà Nội' };
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: business }));
    expect((await rowOf(made.eivCode)).buyerName).toBe('Công ty TNHH Ví Dụ');
    const bad = await rejection(
      adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { ...business, taxCode: '0100233480' } })),
    );
    expect(bad).toMatchObject({ code: 'EINV_TAX_CODE_INVALID' });
  });

  it('the PDF is not ready at first: retried 500 ms apart, then the bytes; more than 3 "not ready" is EINV_PDF_NOT_READY', async () => {
    const made = await adapter.createInvoice(token, sampleExport(ref(), vatSerial));
    const row = await rowOf(made.eivCode);
    sleeper.waits.length = 0;
    const pdf = await adapter.pdf(token, row);
    expect(sleeper.waits).toEqual([500]);
    expect(pdf.type).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()), encoding: 'utf8' });
    expect(text).toContain(row.searchCode);
    expect(text).toContain('Bia Hà Nội');

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '3' });
    expect((await adapter.pdf(token, row)).type).toBe('application/pdf');
    expect(sleeper.waits).toEqual([500, 500, 500]);

    sleeper.waits.length = 0;
    await fault('pdf-not-ready', { count: '10' });
    expect(await rejection(adapter.pdf(token, row))).toMatchObject({ code: 'EINV_PDF_NOT_READY' });
    expect(sleeper.waits).toEqual([500, 500, 500]);
    await fault('pdf-not-ready', { off: 'true' });
    expect(await rejection(adapter.pdf(token, { ...row, seq: 99_999 }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the already-exported fault: TRANSACTION_UUID_INVALID for a stored invoice, fetched as existing', async () => {
    await fault('already-exported');
    const key = ref();
    const made = await adapter.createInvoice(token, sampleExport(key, vatSerial));
    expect(made).toMatchObject({ existing: true, providerId: transactionUuidOf(key) });
    expect((await adapter.createInvoice(token, sampleExport(key, vatSerial))).eivCode).toBe(made.eivCode);
  });

  it('the create-fails fault is EINV_INVOICE_REFUSED with Viettel’s description; the same order then exports', async () => {
    await fault('create-fails');
    const key = ref();
    const refused = await rejection(adapter.createInvoice(token, sampleExport(key, vatSerial)));
    expect(refused).toMatchObject({ code: 'EINV_INVOICE_REFUSED', status: 400 });
    expect(refused?.serverMessage).toMatch(/\S/);
    expect(await adapter.createInvoice(token, sampleExport(key, vatSerial))).toMatchObject({ existing: false });
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

  it('a series not in use is EINV_SERIAL_INVALID; a malformed line EINV_INVOICE_REFUSED', async () => {
    const inactive: Serial = { value: `1K${vnToday().slice(2, 4)}TVX`, templateCode: '1', invTypeName: 'x', isSalesInvoice: false };
    expect(await rejection(adapter.createInvoice(token, sampleExport(ref(), inactive)))).toMatchObject({ code: 'EINV_SERIAL_INVALID' });
    expect(
      await rejection(
        adapter.createInvoice(
          token,
          // A line no invoice has (quantity 0), with the figures invoiceTotals would refuse to work out.
          sampleExport(ref(), vatSerial, {
            lines: [{ name: 'x', quantity: 0, unitPriceGross: 1, taxClass: 'STANDARD' }],
            tax: {
              kind: 'vat',
              day: vnToday(),
              lines: [{ taxClass: 'STANDARD', quantity: 0, unitPrice: 1, rateCode: '10%', gross: 0, net: 0, vat: 0, netUnitPrice: 1 }],
              breakdown: [{ rateCode: '10%', net: 0, vat: 0, gross: 0 }],
              totals: { net: 0, vat: 0, gross: 0 },
              notes: [],
            },
          }),
        ),
      ),
    ).toMatchObject({ code: 'EINV_INVOICE_REFUSED', status: 400 });
  });

  it('HTTP 500 GENERAL (an expired or unknown token) is EINV_TOKEN_EXPIRED', async () => {
    expect(await rejection(adapter.listSerials(sellerToken('y'.repeat(43), PHOCO_TAX)))).toMatchObject({
      code: 'EINV_TOKEN_EXPIRED',
      status: 500,
    });
    await trigger(t, 'einvoice-expire-tokens', { merchant: m.merchantId, provider: 'viettel' });
    expect(await rejection(adapter.listInvoices(token, query()))).toMatchObject({ code: 'EINV_TOKEN_EXPIRED' });
    token = (await adapter.login({ taxCode: PHOCO_TAX, ...m.account('viettel') })).token;
  });

  it('the down fault is EINV_PROVIDER_DOWN, login included; the public tax-code check stays up', async () => {
    await fault('down');
    try {
      expect(await rejection(adapter.listSerials(token))).toMatchObject({ code: 'EINV_PROVIDER_DOWN', status: 503 });
      expect(await rejection(adapter.login({ taxCode: PHOCO_TAX, ...m.account('viettel') }))).toMatchObject({ code: 'EINV_PROVIDER_DOWN' });
      await expect(adapter.checkTaxCode(PHOCO_TAX)).resolves.toBeUndefined();
    } finally {
      await fault('down', { off: 'true' });
    }
  });

  it('works with the token the product backend hands out for an SSO set-up (D189)', async () => {
    const backend = createEinvoiceBackend(m);
    await backend.ssoSignIn('viettel', PHOCO_TAX);
    await backend.saveSettings({
      provider: 'viettel',
      taxCode: PHOCO_TAX,
      activeMethod: 'merchant_account',
      autoExport: false,
      printInvoice: false,
    });
    const issued = await backend.providerToken('viettel');
    expect(splitSellerToken(sellerToken(issued.token, issued.taxCode)).taxCode).toBe(PHOCO_TAX);
    expect((await adapter.listSerials(sellerToken(issued.token, issued.taxCode))).length).toBe(3 * offeredYears().length);
  });

  it('keeps hostile buyer text as text (HTML, emoji, very long company) and lists it back unchanged', async () => {
    const name = '<img src=x onerror=alert(1)> Trần 🧾 "Hoa" & co';
    const company = 'Công ty <script>x</script> '.padEnd(390, 'Đ');
    const made = await adapter.createInvoice(
      token,
      sampleExport(ref(), vatSerial, { buyer: { isIndividual: false, name, company, taxCode: '0105872463' } }),
    );
    expect((await rowOf(made.eivCode)).buyerName).toBe(company.trim());
    const person = await adapter.createInvoice(token, sampleExport(ref(), vatSerial, { buyer: { isIndividual: true, name } }));
    expect((await rowOf(person.eivCode)).buyerName).toBe(name);
    // Control characters become spaces (the provider would refuse them); the invoice still goes out.
    const typed = await adapter.createInvoice(
      token,
      sampleExport(ref(), vatSerial, {
        buyer: { isIndividual: true, name: 'Trần\tThị\nHoa\u0000' },
        lines: [{ name: 'Phở\r\nbò', quantity: 1, unitPriceGross: 65_000, taxClass: 'REDUCED_ELIGIBLE' }],
      }),
    );
    expect((await rowOf(typed.eivCode)).buyerName).toBe('Trần Thị Hoa');
  });

  it('a call aborted by its caller rejects with the abort, not a provider error', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(adapter.listSerials(token, controller.signal));
    expect((error as unknown as Error | null)?.name).toBe('AbortError');
  });

  it('no answer at all is NETWORK_ERROR', async () => {
    const nowhere = createViettelAdapter({ baseURL: 'http://127.0.0.1:1/api/einvoice/viettel' });
    expect(await rejection(nowhere.checkTaxCode(PHOCO_TAX))).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
