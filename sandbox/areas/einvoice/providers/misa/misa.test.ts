// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../../platform/test/harness';
import { EINV_PASSWORD } from '../../core/accounts';
import { MISA_APP_ID, MISA_ERRORS, MISA_ITEM_ERRORS } from './wire';
import { offeredYears } from '../../../../../src/services/einvoice/core/testing/offered-years';

/** The MISA meInvoice emulator against a running sandbox (docs/areas/einvoice.md → "MISA meInvoice"). */

let t: TestSandbox;
const BASE = '/api/einvoice/misa';
const PHOCO_TAX = '0108123455';
const COLAN_TAX = '079185001234';

interface Seller {
  token: string;
  taxCode: string;
  vat: string;
  sales: string;
  inactive: string;
}
let phoco: Seller;
let colan: Seller;
/** A throwaway copy of phoco: approved, unlike colan's pending MISA registration. */
let other: Seller;
let otherUser: string;

const tokenCall = (body: Record<string, unknown>) => t.api('POST', `${BASE}/api/integration/auth/token`, { body });
const login = (username: string, taxcode: string, password = EINV_PASSWORD) =>
  tokenCall({ appid: MISA_APP_ID, taxcode, username, password });

function call(method: string, path: string, who: { token: string; taxCode: string }, body?: unknown) {
  return t.api(method, `${BASE}${path}`, {
    token: who.token,
    headers: { CompanyTaxCode: who.taxCode },
    ...(body !== undefined ? { body } : {}),
  });
}

/** `data` of a MISA answer, parsed the second time (MISA serialises it as JSON text). */
const dataOf = (res: { body: { data: string } }) => JSON.parse(res.body.data);

async function seller(username: string, taxCode: string): Promise<Seller> {
  const res = await login(username, taxCode);
  expect(res.body).toMatchObject({ success: true, errorCode: null });
  const who = { token: res.body.data as string, taxCode };
  const templates = dataOf(await call('GET', '/api/integration/invoice/templates', who)) as Array<{
    InvSeries: string;
    InvoiceType: number;
    Inactive: boolean;
  }>;
  return {
    ...who,
    vat: templates.find((e) => e.InvoiceType === 1 && !e.Inactive)!.InvSeries,
    sales: templates.find((e) => e.InvoiceType === 2 && !e.Inactive)!.InvSeries,
    inactive: templates.find((e) => e.Inactive)!.InvSeries,
  };
}

interface Line {
  name: string;
  unit: string;
  quantity: number;
  /** Before tax (MISA UnitPrice). */
  price: number;
  rate: string;
}
const PERCENT: Record<string, number> = { '10%': 10, '8%': 8, '5%': 5, '0%': 0, KCT: 0, KKKNT: 0 };
/** doc's hot pot at 8 % and 16 beers at 10 %, at their prices before tax. */
const DEFAULT_LINES: Line[] = [
  { name: 'Lẩu cá kèo', unit: 'nồi', quantity: 1, price: 1_388_889, rate: '8%' },
  { name: 'Bia Hà Nội', unit: 'chai', quantity: 16, price: 22_727, rate: '10%' },
];

/**
 * An InvoiceData item as MISA's published fields mean them (D232): net unit prices, each line's
 * amount, rate and VAT, the breakdown by rate and the totals, all adding up. A sales-invoice series
 * (template 2) gets no rate, no VAT and no breakdown.
 */
function item(series: string, over: Record<string, unknown> = {}, lines: Line[] = DEFAULT_LINES) {
  const sales = series.startsWith('2');
  const details = lines.map((l, i) => {
    const amount = Math.round(l.quantity * l.price);
    const vat = Math.round((amount * PERCENT[l.rate]!) / 100);
    return {
      ItemType: 1,
      LineNumber: i + 1,
      ItemName: l.name,
      UnitName: l.unit,
      Quantity: l.quantity,
      UnitPrice: l.price,
      AmountOC: amount,
      Amount: amount,
      AmountWithoutVATOC: amount,
      AmountWithoutVAT: amount,
      ...(sales ? {} : { VATRateName: l.rate, VATAmountOC: vat, VATAmount: vat }),
    };
  });
  const rates = sales
    ? []
    : [...new Set(details.map((d) => d.VATRateName!))].map((rate) => {
        const mine = details.filter((d) => d.VATRateName === rate);
        return {
          VATRateName: rate,
          AmountWithoutVATOC: mine.reduce((sum, d) => sum + d.AmountWithoutVATOC, 0),
          VATAmountOC: mine.reduce((sum, d) => sum + d.VATAmountOC!, 0),
        };
      });
  const net = details.reduce((sum, d) => sum + d.AmountWithoutVATOC, 0);
  const vat = rates.reduce((sum, r) => sum + r.VATAmountOC, 0);
  return {
    RefID: randomUUID(),
    InvSeries: series,
    InvDate: today(),
    CurrencyCode: 'VND',
    ExchangeRate: 1.0,
    PaymentMethodName: 'CK',
    BuyerFullName: 'Khách lẻ',
    OriginalInvoiceDetail: details,
    TaxRateInfo: rates,
    TotalSaleAmountOC: net,
    TotalSaleAmount: net,
    TotalDiscountAmountOC: 0,
    TotalDiscountAmount: 0,
    TotalAmountWithoutVATOC: net,
    TotalAmountWithoutVAT: net,
    TotalVATAmountOC: vat,
    TotalVATAmount: vat,
    TotalAmountOC: net + vat,
    TotalAmount: net + vat,
    ...over,
  };
}
/** The default item's totals: 1,752,521 before tax, 147,474 VAT, 1,899,995 to pay. */
const DEFAULT_TOTALS = { net: 1_752_521, vat: 147_474, gross: 1_899_995 };

/** Today in Vietnam by the sandbox clock (the tests move it). */
let clockOffsetMs = 0;
const today = () => new Date(Date.now() + clockOffsetMs + 7 * 3_600_000).toISOString().slice(0, 10);

const publish = (who: Seller, items: unknown[]) =>
  call('POST', '/api/integration/invoice', who, { SignType: 2, InvoiceData: items, PublishInvoiceData: null });

async function publishOne(who: Seller, body: Record<string, unknown>) {
  const res = await publish(who, [body]);
  expect(res.body.success).toBe(true);
  return dataOf(res)[0];
}

const trigger = (name: string, body: Record<string, string>) => t.api('POST', `/sandbox/triggers/${name}`, { body });

beforeAll(async () => {
  t = await startTestSandbox();
  phoco = await seller('phoco-misa', PHOCO_TAX);
  colan = await seller('colan-misa', COLAN_TAX);
  const m = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
  otherUser = `phoco-${m.alias}-misa`;
  other = await seller(otherUser, PHOCO_TAX);
});
afterAll(() => t.close());

describe('token', () => {
  it('answers the token in data, and refuses a wrong app id, password, user or tax code at HTTP 200', async () => {
    const good = await login('PHOCO-MISA', PHOCO_TAX);
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ success: true, errorCode: null, descriptionErrorCode: null, errors: [], data: expect.any(String) });
    const wrongApp = await tokenCall({ appid: 'someone-else', taxcode: PHOCO_TAX, username: 'phoco-misa', password: EINV_PASSWORD });
    expect(wrongApp.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_APP_ID, data: null });
    for (const bad of [
      await login('phoco-misa', PHOCO_TAX, 'Wrong@2026'),
      await login('nobody-misa', PHOCO_TAX),
      await login('phoco-misa', COLAN_TAX),
      await login('phoco-m-invoice', PHOCO_TAX),
    ]) {
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.LOGIN_FAILED, data: null });
      expect(JSON.stringify(bad.body)).not.toContain(EINV_PASSWORD);
    }
    const missing = await tokenCall({ appid: MISA_APP_ID, username: 'phoco-misa' });
    expect(missing.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_PARAMETER, errors: ['taxcode', 'password'] });
  });

  it('refuses a missing, bad, mismatched or expired token with InvalidTokenCode', async () => {
    const path = '/api/integration/invoice/templates';
    expect((await t.api('GET', `${BASE}${path}`, { headers: { CompanyTaxCode: PHOCO_TAX } })).body.errorCode).toBe(
      MISA_ERRORS.INVALID_TOKEN,
    );
    expect((await call('GET', path, { token: 'nope', taxCode: PHOCO_TAX })).body.errorCode).toBe(MISA_ERRORS.INVALID_TOKEN);
    expect((await call('GET', path, { token: phoco.token, taxCode: COLAN_TAX })).body.errorCode).toBe(MISA_ERRORS.INVALID_TOKEN);
    const own = await seller('phoco-misa', PHOCO_TAX);
    await trigger('einvoice-expire-tokens', { provider: 'misa', merchant: 'phoco' });
    const expired = await call('GET', path, own);
    expect(expired.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_TOKEN, descriptionErrorCode: 'Token expired' });
    phoco = await seller('phoco-misa', PHOCO_TAX);
  });
});

describe('tax codes and series', () => {
  it('checks tax codes by the check digit without a token', async () => {
    for (const code of ['0100109106', '0100233488', '0314409058-002', COLAN_TAX]) {
      const res = await t.api('GET', `${BASE}/api/integration/company/check-taxcode?taxcode=${code}`);
      expect(JSON.parse(res.body.data), code).toEqual({ TaxCode: code, Valid: true });
    }
    for (const code of ['0100233480', '0314409058-000', '12345']) {
      const res = await t.api('GET', `${BASE}/api/integration/company/check-taxcode?taxcode=${code}`);
      expect(res.body, code).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_TAX_CODE });
    }
  });

  it('looks up a company with a token', async () => {
    const known = await call('GET', '/api/integration/company/info?taxcode=0105872463', phoco);
    expect(dataOf(known)).toMatchObject({
      TaxCode: '0105872463',
      CompanyName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
      LegalRepresentative: 'Lê Hoàng Nam',
    });
    expect((await call('GET', '/api/integration/company/info?taxcode=0100233488', phoco)).body.errorCode).toBe(
      MISA_ERRORS.TAX_CODE_NOT_FOUND,
    );
    expect((await call('GET', '/api/integration/company/info?taxcode=0100233480', phoco)).body.errorCode).toBe(
      MISA_ERRORS.INVALID_TAX_CODE,
    );
  });

  it("issue 25 §4: lists every series as JSON text, the inactive one flagged, the cash-register one, and from December next year's (D253)", async () => {
    const res = await call('GET', '/api/integration/invoice/templates', phoco);
    expect(typeof res.body.data).toBe('string');
    const entry = (digit: string, symbol: string, name: string, inactive = false) => ({
      IPTemplateID: `${PHOCO_TAX}-${digit}${symbol}`,
      TemplateName: name,
      InvTemplateNo: digit,
      InvSeries: `${digit}${symbol}`,
      InvoiceType: Number(digit),
      Inactive: inactive,
    });
    const year = (yy: string) => [
      entry('1', `C${yy}TMS`, 'Hóa đơn giá trị gia tăng'),
      entry('2', `C${yy}TMH`, 'Hóa đơn bán hàng'),
      entry('1', `K${yy}TMK`, 'Hóa đơn giá trị gia tăng', true),
      entry('1', `C${yy}MMS`, 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền'),
    ];
    expect(dataOf(res)).toEqual(offeredYears().flatMap(year));
  });
});

describe('publishing', () => {
  it('issues, signs and sends in one call: coded at once, with the figures the request states (D232)', async () => {
    const result = await publishOne(phoco, item(phoco.vat));
    expect(result).toMatchObject({ ErrorCode: '', InvSeries: phoco.vat, InvoiceCode: expect.stringMatching(/^00[0-9A-F]{32}$/) });
    expect(result.InvNo).toMatch(/^\d{8}$/);
    const status = dataOf(await call('POST', '/api/integration/invoice/status', phoco, [result.TransactionID]));
    expect(status).toEqual([
      expect.objectContaining({
        RefID: result.RefID,
        TransactionID: result.TransactionID,
        PublishStatus: 1,
        EInvoiceStatus: 1,
        SendTaxStatus: 1,
        TotalAmount: DEFAULT_TOTALS.gross,
        TotalSaleAmount: DEFAULT_TOTALS.net,
        TotalVATAmount: DEFAULT_TOTALS.vat,
        TotalAmountInWords: 'Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng',
        TaxRateInfo: [
          { VATRateName: '8%', AmountWithoutVATOC: 1_388_889, VATAmountOC: 111_111 },
          { VATRateName: '10%', AmountWithoutVATOC: 363_632, VATAmountOC: 36_363 },
        ],
        PaymentMethodName: 'CK',
        ErrorCode: '',
      }),
    ]);
  });

  it('RefID is the idempotency key: the same RefID answers DuplicateInvoiceRefID with the invoice already made', async () => {
    const body = item(phoco.vat);
    const first = await publishOne(phoco, body);
    const again = await publishOne(phoco, { ...body, BuyerFullName: 'Someone else' });
    expect(again).toMatchObject({ ErrorCode: MISA_ITEM_ERRORS.DUPLICATE_REF, TransactionID: first.TransactionID, InvNo: first.InvNo });
    const next = await publishOne(phoco, item(phoco.vat));
    expect(Number(next.InvNo)).toBe(Number(first.InvNo) + 1);
    const byRef = dataOf(await call('POST', '/api/integration/invoice/status?inputType=2', phoco, [body.RefID]));
    expect(byRef[0]).toMatchObject({ BuyerFullName: 'Khách lẻ', TransactionID: first.TransactionID });
  });

  it('answers per invoice: one bad item does not stop the others', async () => {
    const good = item(phoco.vat);
    const results = dataOf(
      await publish(phoco, [
        item(phoco.inactive),
        item('1C99TZZ'),
        good,
        item(phoco.vat, { BuyerLegalName: 'Công ty A', BuyerTaxCode: '0100233480' }),
        item(phoco.vat, { OriginalInvoiceDetail: [] }),
        item(phoco.vat, {}, [{ ...DEFAULT_LINES[0]!, rate: 'KHAC:3.5%' }]),
        'not an invoice',
      ]),
    );
    expect(results.map((r: { ErrorCode: string }) => r.ErrorCode)).toEqual([
      MISA_ITEM_ERRORS.TEMPLATE_NOT_USING,
      MISA_ITEM_ERRORS.TEMPLATE_NOT_FOUND,
      '',
      MISA_ITEM_ERRORS.INVALID_BUYER_TAX_CODE,
      MISA_ITEM_ERRORS.INVALID_DATA,
      MISA_ITEM_ERRORS.INVALID_DATA,
      MISA_ITEM_ERRORS.INVALID_DATA,
    ]);
    expect(results[2].RefID).toBe(good.RefID);
    expect(results[4].DescriptionErrorCode).toContain('OriginalInvoiceDetail');
  });

  it('a sales-invoice series carries no VAT; a business buyer keeps company and person apart', async () => {
    const sales = await publishOne(
      phoco,
      item(phoco.sales, {
        BuyerLegalName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        BuyerTaxCode: '0105872463',
        BuyerFullName: 'Lê Hoàng Nam',
      }),
    );
    const [row] = dataOf(await call('POST', '/api/integration/invoice/status', phoco, [sales.TransactionID]));
    expect(row).toMatchObject({
      TotalVATAmount: 0,
      TotalSaleAmount: DEFAULT_TOTALS.net,
      TotalAmount: DEFAULT_TOTALS.net,
      TaxRateInfo: [],
      BuyerLegalName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
      BuyerTaxCode: '0105872463',
      BuyerFullName: 'Lê Hoàng Nam',
    });
    const person = await publishOne(
      phoco,
      item(phoco.vat, {
        BuyerFullName: 'Nguyễn Văn Khách',
        BuyerTaxCode: COLAN_TAX,
        BuyerEmail: 'khach@example.vn',
        BuyerPhoneNumber: '0912345678',
      }),
    );
    const [personRow] = dataOf(await call('POST', '/api/integration/invoice/status', phoco, [person.TransactionID]));
    expect(personRow).toMatchObject({
      BuyerFullName: 'Nguyễn Văn Khách',
      BuyerLegalName: '',
      BuyerTaxCode: COLAN_TAX,
      BuyerEmail: 'khach@example.vn',
      BuyerPhoneNumber: '0912345678',
    });
  });

  it('refuses a date after today or before the series’ last invoice, and more than 50 invoices in one call', async () => {
    await publishOne(phoco, item(phoco.vat));
    const [dated] = dataOf(await publish(phoco, [item(phoco.vat, { InvDate: '2026-01-01' })]));
    expect(dated).toMatchObject({ ErrorCode: MISA_ITEM_ERRORS.INVALID_DATA, DescriptionErrorCode: expect.stringContaining('InvDate') });
    const [future] = dataOf(await publish(phoco, [item(phoco.vat, { InvDate: '2099-01-01' })]));
    expect(future).toMatchObject({ ErrorCode: MISA_ITEM_ERRORS.INVALID_DATA, DescriptionErrorCode: expect.stringContaining('InvDate') });
    const many = await publish(
      phoco,
      Array.from({ length: 51 }, () => item(phoco.vat)),
    );
    expect(many.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.TOO_MANY });
  });

  it('never signs separately (doc 2 §4: misa never)', async () => {
    const made = await publishOne(phoco, item(phoco.vat));
    const res = await call('POST', '/api/integration/invoice/sign', phoco, [made.TransactionID]);
    expect(res.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.SIGN_NOT_SUPPORTED });
  });
});

/** Issue 25's restaurant bill before tax: phở 65,000 ₫ × 2 at 8 % and beer 25,000 ₫ × 3 at 10 % (205,000 ₫ paid). */
const MIXED: Line[] = [
  { name: 'Phở bò tái', unit: 'bát', quantity: 2, price: 60_185, rate: '8%' },
  { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, price: 22_727.3, rate: '10%' },
];

describe('issue 25 §2: MISA’s published meanings (D232)', () => {
  it('issue 25 §2: a mixed-rate invoice keeps each line’s net price, rate and VAT, the breakdown and the totals', async () => {
    const result = await publishOne(phoco, item(phoco.vat, {}, MIXED));
    expect(result.ErrorCode).toBe('');
    const [row] = dataOf(await call('POST', '/api/integration/invoice/status', phoco, [result.TransactionID]));
    expect(row).toMatchObject({
      OriginalInvoiceDetail: [
        { ItemName: 'Phở bò tái', Quantity: 2, UnitPrice: 60_185, AmountOC: 120_370, VATRateName: '8%', VATAmountOC: 9_630 },
        { ItemName: 'Bia Hà Nội', Quantity: 3, UnitPrice: 22_727.3, AmountOC: 68_182, VATRateName: '10%', VATAmountOC: 6_818 },
      ],
      TaxRateInfo: [
        { VATRateName: '8%', AmountWithoutVATOC: 120_370, VATAmountOC: 9_630 },
        { VATRateName: '10%', AmountWithoutVATOC: 68_182, VATAmountOC: 6_818 },
      ],
      TotalAmountWithoutVATOC: 188_552,
      TotalVATAmountOC: 16_448,
      TotalAmountOC: 205_000,
      TotalAmountInWords: 'Hai trăm lẻ năm nghìn đồng',
    });
  });

  it('issue 25 §2: refuses sums that do not add up, an amount that is not quantity × unit price, a rate outside MISA’s list', async () => {
    const good = item(phoco.vat, {}, MIXED);
    const lines = good.OriginalInvoiceDetail;
    const cases: [Record<string, unknown>, string][] = [
      [{ TaxRateInfo: [good.TaxRateInfo[0], { ...good.TaxRateInfo[1]!, VATAmountOC: 9_000 }] }, 'TaxRateInfo[1].VATAmountOC'],
      [
        { TaxRateInfo: [good.TaxRateInfo[0], { ...good.TaxRateInfo[1]!, AmountWithoutVATOC: 120_000 }] },
        'TaxRateInfo[1].AmountWithoutVATOC',
      ],
      [{ TaxRateInfo: [good.TaxRateInfo[1]] }, 'TaxRateInfo'],
      [{ TotalAmountOC: 205_001, TotalAmount: 205_001 }, 'TotalAmountOC'],
      [{ TotalVATAmountOC: 16_000, TotalVATAmount: 16_000 }, 'TotalVATAmountOC'],
      [{ TotalSaleAmountOC: 188_000, TotalSaleAmount: 188_000 }, 'TotalSaleAmountOC'],
      // Prices including VAT in the fields MISA reads before tax (what D177 sent): the sums break.
      [{ OriginalInvoiceDetail: [{ ...lines[0]!, UnitPrice: 65_000 }, lines[1]] }, 'OriginalInvoiceDetail[0].AmountOC'],
      [
        {
          OriginalInvoiceDetail: [
            { ...lines[0]!, AmountOC: 120_372, Amount: 120_372, AmountWithoutVATOC: 120_372, AmountWithoutVAT: 120_372 },
            lines[1],
          ],
        },
        'OriginalInvoiceDetail[0].AmountOC',
      ],
      [
        { OriginalInvoiceDetail: [{ ...lines[0]!, VATAmountOC: 9_700, VATAmount: 9_700 }, lines[1]] },
        'OriginalInvoiceDetail[0].VATAmountOC',
      ],
      [{ OriginalInvoiceDetail: [{ ...lines[0]!, Amount: 120_000 }, lines[1]] }, 'OriginalInvoiceDetail[0].Amount'],
      [{ OriginalInvoiceDetail: [{ ...lines[0]!, VATRateName: '7%' }, lines[1]] }, 'OriginalInvoiceDetail.0.VATRateName'],
      [{ OriginalInvoiceDetail: [{ ...lines[0]!, VATRateName: undefined }, lines[1]] }, 'OriginalInvoiceDetail[0].VATRateName'],
      [{ CurrencyCode: undefined }, 'CurrencyCode'],
      [{ InvDate: undefined }, 'InvDate'],
    ];
    const before = Number((await publishOne(phoco, item(phoco.vat))).InvNo);
    const results = dataOf(
      await publish(
        phoco,
        cases.map(([over]) => ({ ...good, RefID: randomUUID(), ...over })),
      ),
    );
    results.forEach((r: { ErrorCode: string; DescriptionErrorCode: string }, i: number) => {
      expect(r.ErrorCode, cases[i]![1]).toBe(MISA_ITEM_ERRORS.INVALID_DATA);
      expect(r.DescriptionErrorCode, cases[i]![1]).toContain(cases[i]![1]);
    });
    // Nothing stored, no number used.
    expect(Number((await publishOne(phoco, item(phoco.vat))).InvNo)).toBe(before + 1);
  });

  it('issue 25 §2: a sales invoice (template 2) has no VAT lines; a rate on one is refused', async () => {
    const sales = item(phoco.sales, {}, MIXED);
    expect(sales.OriginalInvoiceDetail[0]).not.toHaveProperty('VATRateName');
    expect((await publishOne(phoco, sales)).ErrorCode).toBe('');
    const [taxed] = dataOf(
      await publish(phoco, [item(phoco.sales, { OriginalInvoiceDetail: item(phoco.vat, {}, MIXED).OriginalInvoiceDetail }, MIXED)]),
    );
    expect(taxed).toMatchObject({ ErrorCode: MISA_ITEM_ERRORS.INVALID_DATA, DescriptionErrorCode: expect.stringContaining('VATRateName') });
  });

  it('issue 25 §2: a next-year invoice on this year’s symbol (a 2027 invoice on “C26”) is refused; the new year’s symbol is taken', async () => {
    const now = (await t.api('GET', '/sandbox/clock')).body.now as number;
    // The coming new year, not 2027 itself: the test runs on the real date, in any year.
    const next = Number(today().slice(0, 4)) + 1;
    const seconds = Math.ceil((Date.parse(`${next}-01-01T00:05:00+07:00`) - now) / 1000);
    if (seconds > 0) {
      await t.api('POST', '/sandbox/clock/advance', { body: { seconds } });
      clockOffsetMs = seconds * 1000;
    }
    try {
      expect(today() >= `${next}-01-01`).toBe(true);
      // The token outlives no month of the moved clock: log in again.
      const fresh = await seller(otherUser, PHOCO_TAX);
      expect(fresh.vat).toBe(other.vat);
      const [old] = dataOf(await publish(fresh, [item(fresh.vat, {}, MIXED)]));
      expect(old).toMatchObject({ ErrorCode: MISA_ITEM_ERRORS.INVALID_DATA, DescriptionErrorCode: expect.stringContaining('InvSeries') });
      expect(old.DescriptionErrorCode).toContain(String(next));
    } finally {
      await t.api('POST', '/sandbox/clock/reset', { body: {} });
      clockOffsetMs = 0;
    }
  });
});

describe('status in batches, download, paging, scoping', () => {
  it('status takes at most 50 ids; unknown and other sellers’ ids answer InvoiceNotFound', async () => {
    const mine = await publishOne(other, item(other.vat));
    const phocos = await publishOne(phoco, item(phoco.vat));
    const res = dataOf(await call('POST', '/api/integration/invoice/status', other, [mine.TransactionID, phocos.TransactionID, 'NOPE']));
    expect(res.map((r: { ErrorCode: string }) => r.ErrorCode)).toEqual(['', MISA_ITEM_ERRORS.NOT_FOUND, MISA_ITEM_ERRORS.NOT_FOUND]);
    expect(res[1]).toEqual({ TransactionID: phocos.TransactionID, ErrorCode: MISA_ITEM_ERRORS.NOT_FOUND });
    const tooMany = await call(
      'POST',
      '/api/integration/invoice/status',
      other,
      Array.from({ length: 51 }, (_, i) => `T${i}`),
    );
    expect(tooMany.body.errorCode).toBe(MISA_ERRORS.TOO_MANY);
    const fifty = await call(
      'POST',
      '/api/integration/invoice/status',
      other,
      Array.from({ length: 50 }, (_, i) => `T${i}`),
    );
    expect(dataOf(fifty)).toHaveLength(50);
    expect((await call('POST', '/api/integration/invoice/status', other, { ids: [] })).body.errorCode).toBe(MISA_ERRORS.INVALID_PARAMETER);
    expect((await call('POST', '/api/integration/invoice/status?inputType=9', other, ['x'])).body.errorCode).toBe(
      MISA_ERRORS.INVALID_PARAMETER,
    );
  });

  it('downloads a real PDF as base64 (buyer, total and Vietnamese intact) and the XML', async () => {
    const made = await publishOne(phoco, item(phoco.vat, { BuyerFullName: 'Đặng Thị Hường' }));
    const [pdf] = dataOf(await call('POST', '/api/integration/invoice/download?downloadDataType=pdf', phoco, [made.TransactionID]));
    expect(pdf.ErrorCode).toBe('');
    const bytes = Buffer.from(pdf.Data, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    if (text !== null) {
      expect(text).toContain('Đặng Thị Hường');
      expect(text).toContain('Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng');
      expect(text).toMatch(/1[.,]899[.,]995/);
      expect(text).toContain(made.TransactionID);
    }
    const [xml] = dataOf(await call('POST', '/api/integration/invoice/download?downloadDataType=xml', phoco, [made.TransactionID]));
    expect(Buffer.from(xml.Data, 'base64').toString('utf8')).toContain(`<MCCQT>${made.InvoiceCode}</MCCQT>`);
    expect((await call('POST', '/api/integration/invoice/download?downloadDataType=doc', phoco, [made.TransactionID])).body.errorCode).toBe(
      MISA_ERRORS.INVALID_PARAMETER,
    );
    const [elsewhere] = dataOf(await call('POST', '/api/integration/invoice/download?downloadDataType=pdf', other, [made.TransactionID]));
    expect(elsewhere).toEqual({ TransactionID: made.TransactionID, Data: null, ErrorCode: MISA_ITEM_ERRORS.NOT_FOUND });
  });

  it('pages by day range, series, keyword and publish status, newest first', async () => {
    const fresh = other;
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const before = dataOf(await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today })).Total;
    const a = await publishOne(fresh, item(fresh.vat, { BuyerFullName: 'Nguyễn Thị Lựu' }));
    const b = await publishOne(fresh, item(fresh.vat, { BuyerFullName: 'Trần Văn Ba' }));
    const page = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, PageSize: 1 }),
    );
    expect(page.Total).toBe(before + 2);
    expect(page.Data.map((r: { RefID: string }) => r.RefID)).toEqual([b.RefID]);
    const second = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, PageSize: 1, PageIndex: 2 }),
    );
    expect(second.Data[0].RefID).toBe(a.RefID);
    const found = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, Keyword: 'lựu' }),
    );
    expect(found.Data.map((r: { RefID: string }) => r.RefID)).toEqual([a.RefID]);
    const unpublished = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, PublishStatus: 0 }),
    );
    expect(unpublished.Total).toBe(0);
    const sales = dataOf(
      await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: '2020-01-01', ToDate: today, InvSeries: fresh.sales }),
    );
    expect(sales.Total).toBe(0);
    const bad = await call('POST', '/api/integration/invoice/paging', fresh, { FromDate: today, ToDate: '2020-01-01' });
    expect(bad.body).toMatchObject({ success: false, errorCode: MISA_ERRORS.INVALID_PARAMETER });
  });
});

describe('the order’s e-invoice code', () => {
  it('InvoiceCode::TransactionID::Number(InvNo) is what the sale service accepts as eiv_code', async () => {
    const portal = (await t.login('phoco', 'Phoco@2026')).access_token;
    const [order] = await t.sandbox.db.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM sale_orders WHERE merchant_id = '10000001' AND status = 0 AND eiv_code IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const made = await publishOne(phoco, item(phoco.vat));
    const eiv = `${made.InvoiceCode}::${made.TransactionID}::${Number(made.InvNo)}`;
    const res = await t.api('POST', `/api/sale/invoice/eiv/${order!.invoice_id}`, { token: portal, body: { eiv_code: eiv } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ eiv_code: eiv, cqt_code: made.InvoiceCode, is_eiv_exported: true });
  });
});

describe('declarations', () => {
  it('colan’s MISA registration is pending: the status says so and publishing is refused', async () => {
    const res = dataOf(await call('GET', '/api/integration/declaration/status', colan));
    expect(res).toMatchObject({ TaxCode: COLAN_TAX, Status: 'PENDING', Declarations: [{ status: 'PENDING' }] });
    expect((await publishOne(colan, item(colan.vat))).ErrorCode).toBe(MISA_ITEM_ERRORS.DECLARATION_PENDING);
    expect(dataOf(await call('GET', '/api/integration/declaration/status', phoco)).Status).toBe('APPROVED');
    const year = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4);
    const earlier = dataOf(
      await call('GET', `/api/integration/declaration/status?fromDate=${Number(year) - 1}-01-01&toDate=${Number(year) - 1}-12-31`, phoco),
    );
    expect(earlier.Declarations).toEqual([]);
  });
});

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

function pdfText(bytes: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'misa-pdf-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.warn('pdftotext (poppler-utils) is not installed: the PDF text checks are skipped; `npm run test:all` installs it');
      return null;
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
