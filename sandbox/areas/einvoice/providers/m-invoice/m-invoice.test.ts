// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../../platform/test/harness';
import { EINV_PASSWORD } from '../../core/accounts';
import { MI_CODES, MI_CODING_DELAY_MS } from './wire';
import { offeredYears } from '../../../../../src/services/einvoice/core/testing/offered-years';

/** The M-Invoice emulator against a running sandbox (docs/areas/einvoice.md → "M-Invoice"). */

let t: TestSandbox;
const BASE = '/api/einvoice/m-invoice';
const PHOCO_TAX = '0108123455';
const COLAN_TAX = '079185001234';

interface Seller {
  token: string;
  taxCode: string;
  vat: string;
  sales: string;
}
let phoco: Seller;
let colan: Seller;

async function login(username: string, taxCode: string, password = EINV_PASSWORD, unit = 'VP') {
  return t.api('POST', `${BASE}/api/Account/Login`, { body: { username, password, ma_dvcs: unit }, headers: { TaxCode: taxCode } });
}

async function seller(username: string, taxCode: string): Promise<Seller> {
  const res = await login(username, taxCode);
  expect(res.body).toMatchObject({ code: '00' });
  const token = res.body.token as string;
  const series = await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', { token, taxCode });
  const entries = series.body.data as Array<{ khhdon: string; khmshdon: string }>;
  return {
    token,
    taxCode,
    vat: entries.find((e) => e.khmshdon === '1')!.khhdon,
    sales: entries.find((e) => e.khmshdon === '2')!.khhdon,
  };
}

function call(method: string, path: string, who: { token: string; taxCode: string }, body?: unknown) {
  return t.api(method, `${BASE}${path}`, { token: who.token, headers: { TaxCode: who.taxCode }, ...(body !== undefined ? { body } : {}) });
}

interface Line {
  ten: string;
  dvtinh: string;
  sluong: number;
  /** Before tax. */
  dgia: number;
  tsuat: string;
}
const PERCENT: Record<string, number> = { '10%': 10, '8%': 8, '5%': 5, '0%': 0, KCT: 0, KKKNT: 0 };
/** doc's hot pot at 8 % and 16 beers at 10 %, before tax: 1,752,521 + 147,474 VAT = 1,899,995. */
const DEFAULT_LINES: Line[] = [
  { ten: 'Lẩu cá kèo', dvtinh: 'nồi', sluong: 1, dgia: 1_388_889, tsuat: '8%' },
  { ten: 'Bia Hà Nội', dvtinh: 'chai', sluong: 16, dgia: 22_727, tsuat: '10%' },
];
/** Issue 25's bill before tax: phở 65,000 ₫ × 2 at 8 % and beer 25,000 ₫ × 3 at 10 % (205,000 ₫ paid). */
const MIXED: Line[] = [
  { ten: 'Phở bò tái', dvtinh: 'bát', sluong: 2, dgia: 60_185, tsuat: '8%' },
  { ten: 'Bia Hà Nội', dvtinh: 'chai', sluong: 3, dgia: 22_727.3, tsuat: '10%' },
];

let refs = 0;
/** Today on the sandbox clock, as a Vietnam day: the date the invoices of these tests carry. */
let today = '';
/** ma_thue of the tax authority's rate codes (D259). */
const MA_THUE: Record<string, string> = { '10%': '10', '8%': '8', '5%': '5', '0%': '0', KCT: '-1', KKKNT: '-2' };

/**
 * A Save body in M-Invoice's API 2.0 names (D259): lines and totals that add up, dated today; no VAT
 * on a sales series (its total alone, as M-Invoice's sample).
 */
function invoice(series: string, over: Record<string, unknown> = {}, lines: Line[] = DEFAULT_LINES) {
  refs += 1;
  const sales = series.startsWith('2');
  const data = lines.map((l, i) => {
    const net = Math.round(l.sluong * l.dgia);
    const vat = Math.round((net * PERCENT[l.tsuat]!) / 100);
    return {
      stt_rec0: String(i + 1).padStart(4, '0'),
      tchat: 1,
      inv_itemName: l.ten,
      inv_unitCode: l.dvtinh,
      inv_quantity: l.sluong,
      inv_unitPrice: l.dgia,
      inv_TotalAmountWithoutVat: net,
      ...(sales ? {} : { ma_thue: MA_THUE[l.tsuat], inv_vatAmount: vat, inv_TotalAmount: net + vat }),
    };
  });
  const net = data.reduce((sum, l) => sum + l.inv_TotalAmountWithoutVat, 0);
  const vat = data.reduce((sum, l) => sum + (l.inv_vatAmount ?? 0), 0);
  return {
    inv_invoiceSeries: series,
    inv_invoiceIssuedDate: today,
    inv_currencyCode: 'VND',
    inv_exchangeRate: 1,
    key_api: `DH-${Date.now()}-${refs}`,
    so_benh_an: `DH-${refs}`,
    inv_paymentMethodName: 'TM',
    inv_buyerDisplayName: 'Khách lẻ',
    details: [{ data }],
    ...(sales ? {} : { inv_TotalAmountWithoutVat: net, inv_vatAmount: vat }),
    inv_TotalAmount: net + vat,
    ...over,
  };
}

const save = (who: Seller, body: unknown, sign = false) =>
  call('POST', `/api/InvoiceApi78/${sign ? 'SaveSign' : 'Save'}`, who, { editmode: 1, data: [body] });

const trigger = (name: string, body: Record<string, string>) => t.api('POST', `/sandbox/triggers/${name}`, { body });

beforeAll(async () => {
  t = await startTestSandbox();
  const clock = (await t.api('GET', '/sandbox/clock')).body as { now: number };
  today = new Date(clock.now + 7 * 3_600_000).toISOString().slice(0, 10);
  phoco = await seller('phoco-m-invoice', PHOCO_TAX);
  colan = await seller('colan-m-invoice', COLAN_TAX);
});
afterAll(() => t.close());

describe('login', () => {
  it('answers a token with code 00 and refuses wrong details with code 03 at HTTP 200, never echoing the password', async () => {
    const good = await login('PHOCO-m-invoice', PHOCO_TAX);
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ code: '00', expires_in: 86_400 });
    expect(good.body.token).toMatch(/^[\w-]{40,}$/);
    for (const bad of [
      await login('phoco-m-invoice', PHOCO_TAX, 'Wrong@2026'),
      await login('nobody-m-invoice', PHOCO_TAX),
      await login('phoco-m-invoice', COLAN_TAX),
      await login('phoco-m-invoice', PHOCO_TAX, EINV_PASSWORD, 'XX'),
      await login('phoco-misa', PHOCO_TAX),
    ]) {
      expect(bad.status).toBe(200);
      expect(bad.body).toEqual({ code: MI_CODES.LOGIN_FAILED, message: expect.any(String) });
    }
    const noHeader = await t.api('POST', `${BASE}/api/Account/Login`, {
      body: { username: 'phoco-m-invoice', password: EINV_PASSWORD, ma_dvcs: 'VP' },
    });
    expect(noHeader.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['TaxCode'] });
    expect(JSON.stringify(noHeader.body)).not.toContain(EINV_PASSWORD);
  });

  it('refuses calls without a token, with a bad one, with another seller’s TaxCode header and after expiry (code 02)', async () => {
    const path = '/api/Invoice68/GetTypeInvoiceSeries';
    expect((await t.api('GET', `${BASE}${path}`, { headers: { TaxCode: PHOCO_TAX } })).body.code).toBe(MI_CODES.UNAUTHORIZED);
    expect((await call('GET', path, { token: 'x'.repeat(43), taxCode: PHOCO_TAX })).body.code).toBe(MI_CODES.UNAUTHORIZED);
    expect((await call('GET', path, { token: phoco.token, taxCode: COLAN_TAX })).body.code).toBe(MI_CODES.UNAUTHORIZED);
    const own = await seller('phoco-m-invoice', PHOCO_TAX);
    expect((await call('GET', path, own)).body.code).toBe('00');
    await trigger('einvoice-expire-tokens', { provider: 'm-invoice', merchant: 'phoco' });
    const expired = await call('GET', path, own);
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual({ code: MI_CODES.UNAUTHORIZED, message: expect.stringContaining('hết hạn') });
    phoco = await seller('phoco-m-invoice', PHOCO_TAX);
  });
});

describe('tax codes', () => {
  it('checks the check digit before login (no token): valid organisations, branches and personal codes pass', async () => {
    for (const mst of ['0100109106', '0100233488', '0314409058-002', PHOCO_TAX, COLAN_TAX]) {
      const res = await t.api('GET', `${BASE}/api/Company/CheckTaxCode?mst=${mst}`);
      expect(res.body, mst).toEqual({ code: '00', message: expect.any(String), data: { mst, valid: true } });
    }
    const cases: Array<[string, string]> = [
      ['0100233480', 'check-digit'],
      ['0314409058-000', 'branch'],
      ['0000000019', 'province'],
      ['01002334', 'format'],
      ['<b>0100233488</b>', 'format'],
    ];
    for (const [mst, reason] of cases) {
      const res = await t.api('GET', `${BASE}/api/Company/CheckTaxCode?mst=${encodeURIComponent(mst)}`);
      expect(res.body, mst).toMatchObject({ code: MI_CODES.TAX_CODE_INVALID, data: { valid: false, reason } });
    }
    expect((await t.api('GET', `${BASE}/api/Company/CheckTaxCode`)).body).toMatchObject({ code: MI_CODES.INVALID, errors: ['mst'] });
  });

  it('looks a company up in the register (with a token): known, unknown and invalid', async () => {
    const known = await call('GET', '/api/Company/GetInfoByTaxCode?mst=0105872463', phoco);
    expect(known.body).toMatchObject({
      code: '00',
      data: {
        mst: '0105872463',
        ten_cty: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        nguoi_dai_dien: 'Lê Hoàng Nam',
        dia_chi: expect.any(String),
      },
    });
    expect((await call('GET', '/api/Company/GetInfoByTaxCode?mst=0100233488', phoco)).body.code).toBe(MI_CODES.TAX_CODE_UNKNOWN);
    expect((await call('GET', '/api/Company/GetInfoByTaxCode?mst=0100233480', phoco)).body.code).toBe(MI_CODES.TAX_CODE_INVALID);
    expect((await t.api('GET', `${BASE}/api/Company/GetInfoByTaxCode?mst=0105872463`)).body.code).toBe(MI_CODES.UNAUTHORIZED);
  });
});

describe('series', () => {
  it("issue 25 §4: lists the active series with the template digit in khhdon (the inactive K series is left out), the cash-register one, and from December next year's (D253)", async () => {
    const res = await call('GET', '/api/Invoice68/GetTypeInvoiceSeries', phoco);
    expect(res.body).toEqual({
      code: '00',
      message: expect.any(String),
      data: offeredYears().flatMap((yy) => [
        { khhdon: `1C${yy}TMV`, khmshdon: '1', ky_hieu: `C${yy}TMV`, ten_loai: 'Hóa đơn giá trị gia tăng' },
        { khhdon: `2C${yy}TMB`, khmshdon: '2', ky_hieu: `C${yy}TMB`, ten_loai: 'Hóa đơn bán hàng' },
        { khhdon: `1C${yy}MMV`, khmshdon: '1', ky_hieu: `C${yy}MMV`, ten_loai: 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền' },
      ]),
    });
  });
});

describe('issuing, idempotency and signing', () => {
  it('issue 25 §2: Save issues an invoice waiting for its signature, with the figures the API 2.0 request states (D259), answered under both names', async () => {
    const res = await save(phoco, invoice(phoco.vat));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('00');
    const data = res.body.data;
    expect(data).toMatchObject({
      khieu: phoco.vat,
      inv_invoiceSeries: phoco.vat,
      inv_invoiceNumber: data.shdon,
      inv_invoiceAuth_id: data.hoadon68_id,
      inv_invoiceIssuedDate: `${today}T00:00:00`,
      nlap: today,
      trang_thai: 1,
      tthai: 'Chờ ký',
      inv_TotalAmount: 1_899_995,
      trang_thai_hd: 0,
      macqt: null,
      tgtttbso: 1_899_995,
      tgtcthue: 1_752_521,
      tgtthue: 147_474,
      tgtttbchu: 'Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng',
      thue_suat: [
        { tsuat: '10%', thtien: 363_632, tthue: 36_363 },
        { tsuat: '8%', thtien: 1_388_889, tthue: 111_111 },
      ],
      tnmua: 'Khách lẻ',
      ten: '',
      htttoan: 'TM',
    });
    expect(data.hoadon68_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.sobaomat).toMatch(/^[A-Z2-9]{10}$/);
    expect(data.details[0].data).toHaveLength(2);
  });

  it('issue 25 §2: a sales-invoice series (template 2) has no VAT lines; a rate on one is refused', async () => {
    const sales = await save(phoco, invoice(phoco.sales));
    expect(sales.body.data).toMatchObject({ khmshdon: '2', tgtthue: 0, tgtcthue: 1_752_521, thue_suat: [] });
    const taxed = await save(phoco, invoice(phoco.sales, { details: invoice(phoco.vat).details }));
    expect(taxed.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.details.0.data.0.ma_thue'] });
  });

  it('issue 25 §2: a mixed-rate invoice keeps each line’s net price, rate and VAT; the breakdown is worked from the lines', async () => {
    const res = await save(phoco, invoice(phoco.vat, {}, MIXED));
    expect(res.body).toMatchObject({
      code: '00',
      data: {
        details: [
          {
            data: [
              { ten: 'Phở bò tái', sluong: 2, dgia: 60_185, thtien: 120_370, tsuat: '8%', tthue: 9_630 },
              { ten: 'Bia Hà Nội', sluong: 3, dgia: 22_727.3, thtien: 68_182, tsuat: '10%', tthue: 6_818 },
            ],
          },
        ],
        thue_suat: [
          { tsuat: '10%', thtien: 68_182, tthue: 6_818 },
          { tsuat: '8%', thtien: 120_370, tthue: 9_630 },
        ],
        tgtcthue: 188_552,
        tgtthue: 16_448,
        tgtttbso: 205_000,
      },
    });
  });

  it('issue 25 §2: refuses sums that do not add up, an amount that is not quantity × unit price, a rate outside the list, missing totals', async () => {
    const good = invoice(phoco.vat, {}, MIXED);
    const [phoLine, beerLine] = good.details[0]!.data;
    const withLines = (a: unknown, b: unknown) => ({ details: [{ data: [a, b] }] });
    const lines = 'data.0.details.0.data.0';
    const cases: [Record<string, unknown>, string][] = [
      [{ inv_TotalAmount: 205_001 }, 'data.0.inv_TotalAmount'],
      [{ inv_vatAmount: 16_000, inv_TotalAmount: 204_552 }, 'data.0.inv_vatAmount'],
      [{ inv_TotalAmountWithoutVat: 188_000, inv_TotalAmount: 204_448 }, 'data.0.inv_TotalAmountWithoutVat'],
      // Prices including VAT in the fields read before tax (what D177 sent).
      [withLines({ ...phoLine, inv_unitPrice: 65_000 }, beerLine), `${lines}.inv_TotalAmountWithoutVat`],
      [
        withLines({ ...phoLine, inv_TotalAmountWithoutVat: 120_372, inv_TotalAmount: 130_002 }, beerLine),
        `${lines}.inv_TotalAmountWithoutVat`,
      ],
      [withLines({ ...phoLine, inv_vatAmount: 9_700, inv_TotalAmount: 130_070 }, beerLine), `${lines}.inv_vatAmount`],
      [withLines({ ...phoLine, inv_TotalAmount: 130_100 }, beerLine), `${lines}.inv_TotalAmount`],
      [withLines({ ...phoLine, ma_thue: '7' }, beerLine), `${lines}.ma_thue`],
      [withLines({ ...phoLine, ma_thue: '8%' }, beerLine), `${lines}.ma_thue`],
      [withLines({ ...phoLine, ma_thue: undefined }, beerLine), `${lines}.ma_thue`],
      [withLines({ ...phoLine, inv_discountAmount: 5_000 }, beerLine), `${lines}.inv_discountAmount`],
      [{ inv_TotalAmountWithoutVat: undefined }, 'data.0.inv_TotalAmountWithoutVat'],
      [{ inv_vatAmount: undefined }, 'data.0.inv_vatAmount'],
      [{ key_api: undefined }, 'data.0.key_api'],
      [{ inv_invoiceIssuedDate: undefined }, 'data.0.inv_invoiceIssuedDate'],
      [{ inv_invoiceIssuedDate: '31/12/2026' }, 'data.0.inv_invoiceIssuedDate'],
    ];
    const before = (await save(phoco, invoice(phoco.vat))).body.data.shdon as number;
    for (const [over, field] of cases) {
      const res = await save(phoco, { ...good, key_api: `DH-bad-${randomUUID()}`, ...over });
      expect(res.status, field).toBe(200);
      expect(res.body, field).toMatchObject({ code: MI_CODES.INVALID, errors: [field] });
    }
    expect((await save(phoco, invoice(phoco.vat))).body.data.shdon).toBe(before + 1);
  });

  it('issue 25 §2: the lower-case body of D233 (khieu, sdhang, dgia, tsuat…) is refused: an adapter sending the old shape fails (D259)', async () => {
    const old = {
      khieu: phoco.vat,
      sdhang: `DH-old-${randomUUID()}`,
      htttoan: 'TM',
      tnmua: 'Khách lẻ',
      details: [{ data: [{ stt: 1, ten: 'Bia Hà Nội', sluong: 1, dgia: 22_727, thtien: 22_727, tsuat: '10%', tthue: 2_273 }] }],
      tgtcthue: 22_727,
      tgtthue: 2_273,
      tgtttbso: 25_000,
    };
    const res = await save(phoco, old);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(MI_CODES.INVALID);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(['data.0.inv_invoiceSeries', 'data.0.key_api', 'data.0.details.0.data.0.inv_itemName']),
    );
    expect(res.body.data).toBeUndefined();
  });

  it('issue 25 §2: ma_thue as a number or a string, -1 not subject (KCT) and -2 not declared (KKKNT) at no VAT', async () => {
    const body = invoice(phoco.vat, {}, [
      { ten: 'Rau', dvtinh: 'kg', sluong: 2, dgia: 10_000, tsuat: 'KCT' },
      { ten: 'Phí', dvtinh: 'lần', sluong: 1, dgia: 5_000, tsuat: 'KKKNT' },
      { ten: 'Phở', dvtinh: 'bát', sluong: 1, dgia: 50_000, tsuat: '8%' },
    ]);
    const lines = body.details[0]!.data;
    lines[2] = { ...lines[2]!, ma_thue: 8 as unknown as string };
    const res = await save(phoco, body);
    expect(res.body).toMatchObject({
      code: '00',
      data: {
        thue_suat: expect.arrayContaining([
          { tsuat: 'KCT', thtien: 20_000, tthue: 0 },
          { tsuat: 'KKKNT', thtien: 5_000, tthue: 0 },
        ]),
      },
    });
    expect(res.body.data.details[0].data.map((l: { tsuat: string }) => l.tsuat)).toEqual(['KCT', 'KKKNT', '8%']);
  });

  it('issue 25 §3, §4: the invoice carries inv_invoiceIssuedDate; refused after today, before the series’ latest invoice, or on a symbol of another year (D261)', async () => {
    const m = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    const own = await seller(`phoco-${m.alias}-m-invoice`, PHOCO_TAX);
    const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = await save(own, invoice(own.vat, { inv_invoiceIssuedDate: day(1) }));
    expect(tomorrow.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceIssuedDate'] });
    const yesterday = await save(own, invoice(own.vat, { inv_invoiceIssuedDate: day(-1) }));
    if (day(-1).slice(2, 4) === today.slice(2, 4)) {
      expect(yesterday.body).toMatchObject({ code: '00', data: { nlap: day(-1), inv_invoiceIssuedDate: `${day(-1)}T00:00:00` } });
      const made = await save(own, invoice(own.vat));
      expect(made.body.data.nlap).toBe(today);
      // Numbers and dates rise together in a series (Decree 123 art. 10).
      const back = await save(own, invoice(own.vat, { inv_invoiceIssuedDate: day(-1) }));
      expect(back.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceIssuedDate'] });
      // A repeat of the key answers its invoice, whatever the date.
      const again = await save(own, { ...invoice(own.vat), key_api: yesterday.body.data.key_api, inv_invoiceIssuedDate: day(-1) });
      expect(again.body).toMatchObject({ code: MI_CODES.DUPLICATE, data: { hoadon68_id: yesterday.body.data.hoadon68_id } });
    } else {
      // 1 January: yesterday is last year's, not on this year's symbol.
      expect(yesterday.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceSeries'] });
    }
    // A date of another year than the symbol's: a year back, on this year's symbol.
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    const m2 = (await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } })).body;
    const fresh = await seller(`phoco-${m2.alias}-m-invoice`, PHOCO_TAX);
    const wrongYear = await save(fresh, invoice(fresh.vat, { inv_invoiceIssuedDate: lastYear }));
    expect(wrongYear.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_invoiceSeries'] });
  });

  it('one invoice per key_api: the same key answers 06 with the invoice already made, and numbers have no gaps', async () => {
    const body = invoice(phoco.vat);
    const first = await save(phoco, body);
    const again = await save(phoco, { ...body, inv_buyerDisplayName: 'Someone else' });
    expect(again.body).toMatchObject({
      code: MI_CODES.DUPLICATE,
      data: { hoadon68_id: first.body.data.hoadon68_id, shdon: first.body.data.shdon },
    });
    expect(again.body.data.tnmua).toBe('Khách lẻ');
    const next = await save(phoco, invoice(phoco.vat));
    expect(next.body.data.shdon).toBe(first.body.data.shdon + 1);
  });

  it('signs only an invoice waiting for its signature (doc 2 §4: status 1); macqt arrives after the coding delay', async () => {
    const made = (await save(phoco, invoice(phoco.vat))).body.data;
    const signed = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.hoadon68_id });
    expect(signed.body).toMatchObject({ code: '00', data: { trang_thai: 3, tthai: 'Đã gửi', macqt: null } });
    expect(signed.body.data.ngay_ky).toEqual(expect.any(Number));
    // Sent is not coded yet; a second signature is refused.
    const twice = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.hoadon68_id });
    expect(twice.body).toMatchObject({ code: MI_CODES.SIGN_REFUSED, data: { trang_thai: 3 } });
    expect((await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${made.hoadon68_id}`, phoco)).body.data).toMatchObject({
      trang_thai: 3,
      macqt: null,
    });
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: MI_CODING_DELAY_MS / 1000 } });
    // Two reads settling it at once agree on the code (it is derived, not drawn twice).
    const [coded, twin] = (
      await Promise.all([
        call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${made.hoadon68_id}`, phoco),
        call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=2099-12-31&tim_kiem=${made.sobaomat}`, phoco),
      ])
    ).map((res, i) => (i === 0 ? res.body.data : res.body.data[0]));
    expect(twin.macqt).toBe(coded.macqt);
    expect(coded.trang_thai).toBe(4);
    expect(coded.macqt).toMatch(/^00[0-9A-F]{32}$/);
    // The code stays what it was on later reads.
    expect((await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${made.hoadon68_id}`, phoco)).body.data.macqt).toBe(coded.macqt);
    const after = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.hoadon68_id });
    expect(after.body).toMatchObject({ code: MI_CODES.SIGN_REFUSED, data: { trang_thai: 4 } });
  });

  it('SaveSign issues signed and sent; signing it again is refused', async () => {
    const made = (await save(phoco, invoice(phoco.vat), true)).body;
    expect(made).toMatchObject({ code: '00', data: { trang_thai: 3 } });
    const sign = await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: made.data.hoadon68_id });
    expect(sign.body.code).toBe(MI_CODES.SIGN_REFUSED);
  });

  it('refuses series that are not the seller’s or not in use, business buyers without a valid tax code, and unknown ids', async () => {
    const yy = phoco.vat.slice(2, 4);
    expect((await save(phoco, invoice(`1K${yy}TMX`))).body.code).toBe(MI_CODES.SERIES_UNKNOWN);
    expect((await save(phoco, invoice(`1C${yy}TMS`))).body.code).toBe(MI_CODES.SERIES_UNKNOWN);
    expect((await save(phoco, invoice(phoco.vat, { inv_buyerLegalName: 'Công ty A', inv_buyerTaxCode: '0100233480' }))).body).toMatchObject(
      {
        code: MI_CODES.TAX_CODE_INVALID,
        errors: ['data.0.inv_buyerTaxCode'],
      },
    );
    const noTax = await save(phoco, invoice(phoco.vat, { inv_buyerLegalName: 'Công ty A' }));
    expect(noTax.body).toMatchObject({ code: MI_CODES.INVALID, errors: ['data.0.inv_buyerTaxCode'] });
    const business = await save(
      phoco,
      invoice(phoco.vat, {
        inv_buyerLegalName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        inv_buyerTaxCode: '0105872463',
        inv_buyerDisplayName: 'Lê Hoàng Nam',
      }),
    );
    expect(business.body.data).toMatchObject({ ten: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG', mst: '0105872463', tnmua: 'Lê Hoàng Nam' });
    // A tax code without a company is a person's own (12 digits): still an individual buyer.
    const person = await save(
      phoco,
      invoice(phoco.vat, {
        inv_buyerDisplayName: 'Nguyễn Văn Khách',
        inv_buyerTaxCode: COLAN_TAX,
        inv_buyerEmail: 'khach@example.vn',
        buyerTel: '0912345678',
        cccdan: '079185001234',
      }),
    );
    expect(person.body.data).toMatchObject({
      tnmua: 'Nguyễn Văn Khách',
      ten: '',
      mst: COLAN_TAX,
      email: 'khach@example.vn',
      sdtnmua: '0912345678',
      cccdan: '079185001234',
    });
    expect((await call('POST', '/api/InvoiceApi78/Sign', phoco, { hoadon68_id: 'nope' })).body.code).toBe(MI_CODES.NOT_FOUND);
    expect((await call('GET', '/api/InvoiceApi78/GetInfoInvoice?id=nope', phoco)).body.code).toBe(MI_CODES.NOT_FOUND);
  });

  it('another seller’s token reaches none of phoco’s invoices (answers as if the id did not exist)', async () => {
    const made = (await save(phoco, invoice(phoco.vat))).body.data;
    const id = made.hoadon68_id;
    for (const res of [
      await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${id}`, colan),
      await call('POST', '/api/InvoiceApi78/Sign', colan, { hoadon68_id: id }),
      await call('GET', `/api/InvoiceApi78/PrintInvoice?id=${id}`, colan),
      await call('GET', `/api/InvoiceApi78/ExportXml?id=${id}`, colan),
    ]) {
      expect(res.body).toEqual({ code: MI_CODES.NOT_FOUND, message: expect.any(String) });
    }
    const list = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=2030-12-31&tim_kiem=${made.sobaomat}`, colan);
    expect(list.body).toMatchObject({ code: '00', data: [], total: 0 });
    // And the invoice is still waiting for phoco's own signature.
    expect((await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${id}`, phoco)).body.data.trang_thai).toBe(1);
  });
});

describe('the order’s e-invoice code', () => {
  it('macqt::sobaomat::shdon is what the sale service accepts as eiv_code, before and after coding', async () => {
    const portal = (await t.login('phoco', 'Phoco@2026')).access_token;
    const orders = await t.sandbox.db.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM sale_orders WHERE merchant_id = '10000001' AND status = 0 AND eiv_code IS NULL ORDER BY id LIMIT 2`,
    );
    expect(orders).toHaveLength(2);
    const saveCode = (invoiceId: number, eiv: string) =>
      t.api('POST', `/api/sale/invoice/eiv/${invoiceId}`, { token: portal, body: { eiv_code: eiv } });
    const waiting = (await save(phoco, invoice(phoco.vat))).body.data;
    const early = await saveCode(orders[0]!.invoice_id, `${waiting.macqt ?? ''}::${waiting.sobaomat}::${waiting.shdon}`);
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ cqt_code: null, is_eiv_exported: true });
    const signed = (await save(phoco, invoice(phoco.vat), true)).body.data;
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: MI_CODING_DELAY_MS / 1000 } });
    const coded = (await call('GET', `/api/InvoiceApi78/GetInfoInvoice?id=${signed.hoadon68_id}`, phoco)).body.data;
    const late = await saveCode(orders[1]!.invoice_id, `${coded.macqt}::${coded.sobaomat}::${coded.shdon}`);
    expect(late.status).toBe(200);
    expect(late.body.data.cqt_code).toBe(coded.macqt);
  });
});

describe('list, PDF and XML', () => {
  it('lists by day range, series, search and released, newest first, with paging', async () => {
    const today = new Date(Date.now() + 7 * 3600_000 + 3600_000).toISOString().slice(0, 10);
    const mine = (await save(colan, invoice(colan.vat, { inv_buyerDisplayName: 'Nguyễn Thị Lựu' }))).body.data;
    const signed = (await save(colan, invoice(colan.vat, { inv_buyerDisplayName: 'Trần Văn Ba' }), true)).body.data;
    const all = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&so_dong=1`, colan);
    expect(all.body).toMatchObject({ code: '00', total: 2 });
    expect(all.body.data.map((r: { hoadon68_id: string }) => r.hoadon68_id)).toEqual([signed.hoadon68_id]);
    const page2 = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&so_dong=1&trang=2`, colan);
    expect(page2.body.data[0].hoadon68_id).toBe(mine.hoadon68_id);
    const released = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&da_phat_hanh=1`, colan);
    expect(released.body.data.map((r: { tnmua: string }) => r.tnmua)).toEqual(['Trần Văn Ba']);
    const waiting = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&da_phat_hanh=0`, colan);
    expect(waiting.body.data.map((r: { tnmua: string }) => r.tnmua)).toEqual(['Nguyễn Thị Lựu']);
    const search = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&tim_kiem=lựu`, colan);
    expect(search.body.total).toBe(1);
    const series = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=${today}&khieu=${colan.sales}`, colan);
    expect(series.body.total).toBe(0);
    const past = await call('GET', '/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01&den_ngay=2020-01-31', colan);
    expect(past.body.total).toBe(0);
    const backwards = await call('GET', `/api/InvoiceApi78/GetInvoices?tu_ngay=${today}&den_ngay=2020-01-01`, colan);
    expect(backwards.body.code).toBe(MI_CODES.INVALID);
    expect((await call('GET', '/api/InvoiceApi78/GetInvoices?tu_ngay=2020-01-01', colan)).body).toMatchObject({
      code: MI_CODES.INVALID,
      errors: ['den_ngay'],
    });
  });

  it('PrintInvoice answers a real PDF whose text has the buyer, the total and Vietnamese intact; failures are JSON', async () => {
    const made = (await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: 'Đặng Thị Hường' }))).body.data;
    const res = await fetch(`${t.url}${BASE}/api/InvoiceApi78/PrintInvoice?id=${made.hoadon68_id}`, {
      headers: { authorization: `Bearer ${phoco.token}`, TaxCode: PHOCO_TAX },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    if (text !== null) {
      expect(text).toContain('Đặng Thị Hường');
      expect(text).toContain('Một triệu tám trăm chín mươi chín nghìn chín trăm chín mươi lăm đồng');
      expect(text).toMatch(/1[.,]899[.,]995/);
      expect(text).toContain(made.sobaomat);
      expect(text).toContain('Lẩu cá kèo');
    }
    const missing = await call('GET', '/api/InvoiceApi78/PrintInvoice?id=nope', phoco);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(missing.body.code).toBe(MI_CODES.NOT_FOUND);
  });

  it('ExportXml answers the HDon with buyer text escaped', async () => {
    const made = (await save(phoco, invoice(phoco.vat, { inv_buyerDisplayName: '<script>alert("x")</script> & Co' }))).body.data;
    const res = await call('GET', `/api/InvoiceApi78/ExportXml?id=${made.hoadon68_id}`, phoco);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.body).toContain('<HDon><DLHDon');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain(`<SHDon>${made.shdon}</SHDon>`);
  });
});

describe('declarations', () => {
  it('answers the registration status and its records from a date range, newest first', async () => {
    const year = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4);
    const res = await call('GET', `/api/ToKhai/GetTrangThai?tu_ngay=${year}-01-01&den_ngay=${year}-12-31`, colan);
    expect(res.body).toMatchObject({ code: '00', data: { mst: COLAN_TAX, trang_thai: 'APPROVED', ds_to_khai: [{ status: 'APPROVED' }] } });
    const before = await call('GET', '/api/ToKhai/GetTrangThai?tu_ngay=2020-01-01&den_ngay=2020-12-31', colan);
    expect(before.body.data.ds_to_khai).toEqual([]);
    expect((await call('GET', '/api/ToKhai/GetTrangThai?tu_ngay=2020-02-30', colan)).body.code).toBe(MI_CODES.INVALID);
  });
});

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

/** pdftotext's text of a PDF, or null (with a note) when poppler-utils is not installed. */
function pdfText(bytes: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'mi-pdf-'));
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
