// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEinvoiceBackend } from '../backend';
import { providerContract, providerSandbox, PHOCO_TAX, type ContractDriver } from '../contract';
import { canSign, cqtStatus, invoiceStatus } from '../registry';
import { sellerToken, splitSellerToken } from '../seller-token';
import {
  correctionOf,
  oneBeerBack,
  FIRST_MINUTE_2027,
  LAST_MINUTE_2026,
  mixedRateExport,
  sampleExport,
  vnToday,
  rejection,
  todayQuery as query,
} from '../testing/sandbox';
import type { ExportInput, Serial } from '../types';
import { correctionBody, createViettelAdapter, transactionUuidOf } from './viettel';
import { offeredYears } from '../testing/offered-years';

/** A line no invoice has (quantity 0), with the figures invoiceTotals would refuse to work out. */
function malformed(serial: Serial, ref: string): ExportInput {
  return sampleExport(ref, serial, {
    lines: [{ name: 'x', quantity: 0, unitPriceGross: 1, taxClass: 'STANDARD' }],
    tax: {
      kind: 'vat',
      day: vnToday(),
      lines: [{ taxClass: 'STANDARD', quantity: 0, unitPrice: 1, rateCode: '10%', gross: 0, net: 0, vat: 0, netUnitPrice: 1 }],
      breakdown: [{ rateCode: '10%', net: 0, vat: 0, gross: 0 }],
      totals: { net: 0, vat: 0, gross: 0 },
      notes: [],
    },
  });
}

/** Viettel as the provider contract meets it (contract/). */
const driver: ContractDriver = {
  route: 'viettel',
  name: 'Viettel',
  make: createViettelAdapter,
  refPrefix: 'vt-test',
  validTaxCodes: ['0100109106', '0314409058-002'],
  checkDigitRefusal: { status: 400 },
  tokenLifetime: { min: 29 * 60_000, max: 30 * 60_000 },
  loginRefusal: { status: 401 },
  // Viettel logs in without a tax code; the declaration status call refuses another company's.
  otherCompanyLogin: { code: 'EINV_TAX_CODE_INVALID', status: 403 },
  serials: { vat: /^1C\d\dTVT$/, sales: /^2C\d\dTVB$/, unusedSuffix: 'TVX' },
  serialExtras: { vat: { providerTemplate: '1/001' }, sales: { providerTemplate: '2/001' } },
  listsEverySeries: true,
  // Every call names the seller: without it the adapter does not call (EINV_NOT_SET_UP).
  bareToken: 'not-set-up',
  // HTTP 500 GENERAL is Viettel's answer to an expired or unknown token.
  expiredRefusal: { status: 500 },
  codedAtOnce: false,
  providerIdOf: transactionUuidOf,
  // §6.2: the same transactionUuid answers the first invoice as a create would.
  duplicateIsExisting: false,
  shortSerialFilter: true,
  malformed,
  malformedRefusal: { status: 400 },
  buyerFieldNamed: false,
  // Viettel renders the PDF after the create: the first ask is "not ready".
  pdfFirstWaits: [500],
  pdfText: true,
  keepsHostileBuyer: true,
  createFails: {},
  missing: (row) => ({ ...row, seq: 99_999 }),
};

const c = providerSandbox(driver);

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
});

describe('issue 25 §2: the transactionUuid and the template of a Viettel create (§6.2; D231)', () => {
  it('the transactionUuid is the order, 10 to 36 characters (§6.2); a serial without its template asks the account for it', async () => {
    expect(transactionUuidOf('42')).toBe('order-0042');
    expect(transactionUuidOf('123456')).toBe('order-123456');
    expect(await rejection(Promise.resolve().then(() => transactionUuidOf('9'.repeat(40))))).toMatchObject({
      code: 'EINV_INVOICE_REFUSED',
    });
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), { ...c.vatSerial, providerTemplate: undefined }));
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

describe('Viettel adapter: the provider contract', () => providerContract(c, driver));

describe('Viettel adapter against the emulator: corrections', () => {
  it('issue 25 §5: adjust and replace an issued invoice; the list shows each correction naming its original; a refund-shaped adjustment brings it to the new total; a second replacement is refused', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = await c.rowOf(made.eivCode);
    // Not sent yet: Viettel will not correct it.
    const early = correctionOf('adjust', oneBeerBack(c.vatSerial), 'Khách trả lại 1 chai bia', [true]);
    expect(await rejection(c.adapter.correctInvoice(c.token, row, early))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'not-issued' },
    });
    await c.adapter.sign(c.token, row);
    const adjust = await c.adapter.correctInvoice(c.token, row, early);
    expect(adjust).toMatchObject({ serial: c.vatSerial.value, providerId: early.key, existing: false });
    // A double click or a lost answer: the same key answers the same invoice.
    expect((await c.adapter.correctInvoice(c.token, row, early)).eivCode).toBe(adjust.eivCode);
    const adjusted = await c.rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      status: '5',
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq, reason: 'Khách trả lại 1 chai bia' },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);

    const replace = correctionOf('replace', sampleExport('r', c.vatSerial), 'Sai tên hàng');
    const replaced = await c.rowOf((await c.adapter.correctInvoice(c.token, row, replace)).eivCode);
    expect(replaced).toMatchObject({
      status: '3',
      total: 1_900_000,
      corrects: { kind: 'replace', adjustKind: null, serial: row.serial, seq: row.seq },
    });
    const again = correctionOf('replace', sampleExport('r', c.vatSerial), 'Lần nữa');
    expect(await rejection(c.adapter.correctInvoice(c.token, row, again))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'replaced' },
    });
    expect(await rejection(c.adapter.correctInvoice(c.token, { ...row, seq: 99_999 }, again))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
  });
});

describe('Viettel adapter against the emulator: login, two rates, sending, the SSO token', () => {
  it('a malformed tax code never reaches the login', async () => {
    expect(await rejection(c.adapter.login({ taxCode: '0100233480', ...c.m.account('viettel') }))).toMatchObject({
      code: 'EINV_TAX_CODE_INVALID',
      status: 400,
    });
  });

  it('issue 25 §2: exports an invoice at two rates, stating its own tax, kept as sent', async () => {
    // Two rates on any day: 5 % and 10 % are not dated (the 8 % cut ends with 2026, and this test
    // runs on the real date).
    const lines = [
      { name: 'Nước sạch', unit: 'm3', quantity: 10, unitPriceGross: 150_000, taxClass: 'FIVE' as const },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 16, unitPriceGross: 25_000, taxClass: 'STANDARD' as const },
    ];
    const input = sampleExport(c.ref(), c.vatSerial, { lines });
    expect(input.tax.breakdown.map((r) => r.rateCode)).toEqual(['10%', '5%']);
    const row = await c.rowOf((await c.adapter.createInvoice(c.token, input)).eivCode);
    expect(row.total).toBe(1_900_000);
    // The VAT the portal worked out (D226), kept as sent: 71,429 at 5 % and 36,364 at 10 %.
    expect(row.vat).toBe(input.tax.totals.vat);
    expect(row.vat).toBe(107_793);
  });

  it('signs (sends) an invoice not sent; once sent the rule and the adapter refuse without a call; the code arrives later', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = await c.rowOf(made.eivCode);
    expect(row).toMatchObject({ status: '1', statusReceived: '1', taxAuthorityCode: null });
    expect(new Date(row.invoiceDate + 7 * 3_600_000).toISOString().slice(0, 10)).toBe(vnToday());
    expect(cqtStatus('viettel', row.statusReceived).labelKey).toBe('status.cqt.notSentWithCode');
    expect(invoiceStatus('viettel', row.status)?.labelKey).toBe('status.invoice.original');
    expect(canSign('viettel', row)).toBe(true);
    expect((await c.adapter.listInvoices(c.token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(1);

    await c.adapter.sign(c.token, row);
    const sent = await c.rowOf(made.eivCode);
    expect(sent.statusReceived).toBe('4');
    expect(canSign('viettel', sent)).toBe(false);
    expect(await rejection(c.adapter.sign(c.token, sent))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 0 });
    // A stale row (still "not sent") reaches Viettel, which refuses it the same way.
    expect(await rejection(c.adapter.sign(c.token, row))).toMatchObject({ code: 'EINV_SIGN_REFUSED', status: 400 });
    expect(await rejection(c.adapter.sign(c.token, { ...row, id: 'no-such-uuid' }))).toMatchObject({
      code: 'EINV_SIGN_REFUSED',
      status: 404,
    });
    expect((await c.adapter.listInvoices(c.token, query({ released: 'released', q: row.searchCode }))).rows.map((r) => r.id)).toEqual([
      row.id,
    ]);
  });

  it('works with the token the product backend hands out for an SSO set-up (D189)', async () => {
    const backend = createEinvoiceBackend(c.m);
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
    expect((await c.adapter.listSerials(sellerToken(issued.token, issued.taxCode))).length).toBe(3 * offeredYears().length);
  });
});
