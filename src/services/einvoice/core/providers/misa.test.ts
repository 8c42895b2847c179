// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../shared/testing/fake-server';
import { providerContract, providerSandbox, PHOCO_TAX, type ContractDriver } from '../contract';
import { canSign, cqtStatus, parseEivCode } from '../registry';
import {
  correctionOf,
  createMerchant,
  oneBeerBack,
  FIRST_MINUTE_2027,
  LAST_MINUTE_2026,
  mixedRateExport,
  sampleExport,
  vnToday,
  rejection,
  todayQuery as query,
} from '../testing/sandbox';
import type { EinvoiceRow, Serial } from '../types';
import { correctionItem, createMisaAdapter, MISA_TOKEN_LIFETIME_MS } from './misa';

const COLAN_TAX = '079185001234';

/** MISA as the provider contract meets it (contract/). */
const driver: ContractDriver = {
  route: 'misa',
  name: 'MISA',
  make: createMisaAdapter,
  refPrefix: 'misa-test',
  validTaxCodes: [PHOCO_TAX, COLAN_TAX],
  tokenLifetime: { min: MISA_TOKEN_LIFETIME_MS - 60_000, max: MISA_TOKEN_LIFETIME_MS },
  otherCompanyLogin: { code: 'EINV_LOGIN_FAIL' },
  // MISA lists its series not activated too; the adapter offers the activated ones.
  serials: { vat: /^1C\d\dTMS$/, sales: /^2C\d\dTMH$/, unusedSuffix: 'TMK' },
  listsEverySeries: false,
  declarationRecord: { status: 'APPROVED' },
  bareToken: 'expired',
  // Published signed: the tax-authority code is in the answer, the lookup code is the TransactionID.
  codedAtOnce: true,
  duplicateIsExisting: true,
  shortSerialFilter: false,
  malformedRefusal: {},
  buyerFieldNamed: true,
  pdfFirstWaits: [],
  pdfText: false,
  keepsHostileBuyer: false,
  missing: (row) => ({ ...row, id: 'NOSUCHID00' }),
};

const c = providerSandbox(driver);

describe('MISA adapter: the provider contract', () => providerContract(c, driver));

describe('MISA adapter against the emulator', () => {
  it('lists the invoice as sent and accepted; it can never be signed, and sign calls nothing', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { paymentMethod: 'QR' }));
    const page = await c.adapter.listInvoices(c.token, query({ q: made.providerId }));
    expect(page.total).toBe(1);
    const row = page.rows[0]!;
    expect(row).toMatchObject({ id: made.providerId, status: '1', statusReceived: '1' });
    expect(row.taxAuthorityCode).toBe(parseEivCode(made.eivCode)!.cqtCode);
    expect(cqtStatus('misa', row.statusReceived).labelKey).toBe('status.cqt.sentAccepted');
    expect(canSign('misa', row)).toBe(false);
    expect(await rejection(c.adapter.sign(c.token, row))).toMatchObject({ code: 'EINV_SIGN_REFUSED' });
    expect((await c.adapter.listInvoices(c.token, query({ released: 'unreleased' }))).total).toBe(0);
    expect((await c.adapter.listInvoices(c.token, query({ released: 'released', q: made.providerId }))).total).toBe(1);
  });

  it('a pending registration refuses publishing: colan (the fault is the contract’s)', async () => {
    const colan = await createMerchant(c.t, 'colan');
    const colanToken = (await c.adapter.login({ taxCode: COLAN_TAX, ...colan.account('misa') })).token;
    expect((await c.adapter.declarationStatus(colanToken, { from: `${vnToday().slice(0, 4)}-01-01`, to: vnToday() })).approved).toBe(false);
    const colanSerial = (await c.adapter.listSerials(colanToken)).find((s) => !s.isSalesInvoice)!;
    expect(await rejection(c.adapter.createInvoice(colanToken, sampleExport(c.ref(), colanSerial)))).toMatchObject({
      code: 'EINV_DECLARATION_PENDING',
    });
  });

  it('hostile user text: markup and Vietnamese kept as text, control characters dropped, too many lines refused', async () => {
    const made = await c.adapter.createInvoice(
      c.token,
      sampleExport(c.ref(), c.vatSerial, { buyer: { isIndividual: true, name: '"><script>alert(1)</script>\u0000 Lê Văn Ánh' } }),
    );
    expect((await c.adapter.listInvoices(c.token, query({ q: made.providerId }))).rows[0]!.buyerName).toBe(
      '"><script>alert(1)</script> Lê Văn Ánh',
    );
    const lines = Array.from({ length: 501 }, (_, i) => ({
      name: `Món ${i}`,
      quantity: 1,
      unitPriceGross: 1000,
      taxClass: 'STANDARD' as const,
    }));
    expect(await rejection(c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { lines })))).toMatchObject({
      code: 'EINV_INVOICE_REFUSED',
    });
  });
});

describe('MISA adapter: answers the emulator does not give', () => {
  const ok = (data: unknown) => ({
    body: { success: true, errorCode: null, descriptionErrorCode: null, errors: [], data: JSON.stringify(data) },
  });
  const serial: Serial = { value: '1C26TMS', templateCode: '1', invTypeName: 'VAT', isSalesInvoice: false };

  it('a duplicate without its ids is looked up by RefID', async () => {
    const server = createFakeServer();
    server.on('POST', 'http://m/api/integration/invoice', () =>
      ok([{ RefID: '42', ErrorCode: 'DuplicateInvoiceRefID', DescriptionErrorCode: 'dup' }]),
    );
    server.on('POST', 'http://m/api/integration/invoice/status', () =>
      ok([
        {
          RefID: '42',
          TransactionID: 'ABCDEF1234',
          InvSeries: '1C26TMS',
          InvNo: '00000007',
          InvDate: '2026-11-24',
          InvoiceCode: null,
          TotalAmount: 1,
          ErrorCode: '',
        },
      ]),
    );
    const misa = createMisaAdapter({ baseURL: 'http://m', fetch: server.fetch });
    expect(await misa.createInvoice('0108123455|tok', sampleExport('42', serial))).toEqual({
      eivCode: '::ABCDEF1234::7',
      serial: '1C26TMS',
      providerId: 'ABCDEF1234',
      existing: true,
    });
    const status = server.requests.find((r) => r.path.endsWith('/status'))!;
    expect(status.url).toContain('inputType=2');
    expect(status.body).toEqual(['42']);
  });

  it('a duplicate MISA cannot find is INVOICE_ALREADY_EXPORTED; data that is not JSON is INVALID_RESPONSE', async () => {
    const server = createFakeServer();
    server.on('POST', 'http://m/api/integration/invoice', () => ok([{ RefID: '42', ErrorCode: 'DuplicateInvoiceRefID' }]));
    server.on('POST', 'http://m/api/integration/invoice/status', () => ok([{ RefID: '42', ErrorCode: 'InvoiceNotFound' }]));
    server.on('GET', 'http://m/api/integration/invoice/templates', () => ({
      body: { success: true, errorCode: null, descriptionErrorCode: null, errors: [], data: '{not json' },
    }));
    const misa = createMisaAdapter({ baseURL: 'http://m', fetch: server.fetch });
    expect(await rejection(misa.createInvoice('0108123455|tok', sampleExport('42', serial)))).toMatchObject({
      code: 'INVOICE_ALREADY_EXPORTED',
    });
    expect(await rejection(misa.listSerials('0108123455|tok'))).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(server.requests.every((r) => !r.url.includes('0108123455|'))).toBe(true);
  });
});

/** The publish bodies the adapter sends, answered as MISA answers a published invoice. */
function capturing() {
  const bodies: Record<string, unknown>[] = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { InvoiceData: Record<string, unknown>[] };
    bodies.push(body.InvoiceData[0]!);
    const item = body.InvoiceData[0]!;
    const data = [
      { RefID: item.RefID, TransactionID: 'TX1', InvSeries: item.InvSeries, InvNo: '00000001', InvoiceCode: null, ErrorCode: '' },
    ];
    return new Response(
      JSON.stringify({ success: true, errorCode: null, descriptionErrorCode: null, errors: [], data: JSON.stringify(data) }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  }) as typeof globalThis.fetch;
  return { bodies, adapter: createMisaAdapter({ baseURL: 'https://misa.test/api', fetch }) };
}
const serial = (value: string, templateCode: '1' | '2' = '1'): Serial => ({
  value,
  templateCode,
  invTypeName: 'x',
  isSalesInvoice: templateCode === '2',
});

describe('issue 25 §2: the MISA request in MISA’s published meanings (D232)', () => {
  it('issue 25 §2: 31 December 2026 23:59: phở at 8 % and beer at 10 %, net unit prices, each line’s VAT, the breakdown and the totals', async () => {
    const { bodies, adapter: misa } = capturing();
    await misa.createInvoice('tok|0108123455', mixedRateExport('o-2026', serial('1C26TMS'), LAST_MINUTE_2026));
    expect(bodies[0]).toMatchObject({
      RefID: 'o-2026',
      InvSeries: '1C26TMS',
      InvDate: '2026-12-31',
      CurrencyCode: 'VND',
      ExchangeRate: 1,
      OriginalInvoiceDetail: [
        {
          ItemType: 1,
          LineNumber: 1,
          ItemName: 'Phở bò tái',
          Quantity: 2,
          UnitPrice: 60_185,
          AmountOC: 120_370,
          AmountWithoutVATOC: 120_370,
          VATRateName: '8%',
          VATAmountOC: 9_630,
        },
        {
          ItemType: 1,
          LineNumber: 2,
          ItemName: 'Bia Hà Nội',
          Quantity: 3,
          UnitPrice: 22_727.3,
          AmountOC: 68_182,
          AmountWithoutVATOC: 68_182,
          VATRateName: '10%',
          VATAmountOC: 6_818,
        },
      ],
      TaxRateInfo: [
        { VATRateName: '10%', AmountWithoutVATOC: 68_182, VATAmountOC: 6_818 },
        { VATRateName: '8%', AmountWithoutVATOC: 120_370, VATAmountOC: 9_630 },
      ],
      TotalSaleAmountOC: 188_552,
      TotalAmountWithoutVATOC: 188_552,
      TotalVATAmountOC: 16_448,
      TotalAmountOC: 205_000,
    });
    // No gross price in a field MISA reads before tax (what D177 sent).
    expect(JSON.stringify(bodies[0])).not.toContain('65000');
    expect(bodies[0]).not.toHaveProperty('VATRateName');
  });

  it('issue 25 §2: 1 January 2027 00:01: both at 10 %, dated 2027-01-01', async () => {
    const { bodies, adapter: misa } = capturing();
    await misa.createInvoice('tok|0108123455', mixedRateExport('o-2027', serial('1C27TMS'), FIRST_MINUTE_2027));
    expect(bodies[0]).toMatchObject({
      InvDate: '2027-01-01',
      OriginalInvoiceDetail: [
        { UnitPrice: 59_091, AmountOC: 118_182, VATRateName: '10%', VATAmountOC: 11_818 },
        { UnitPrice: 22_727.3, AmountOC: 68_182, VATRateName: '10%', VATAmountOC: 6_818 },
      ],
      TaxRateInfo: [{ VATRateName: '10%', AmountWithoutVATOC: 186_364, VATAmountOC: 18_636 }],
      TotalAmountWithoutVATOC: 186_364,
      TotalVATAmountOC: 18_636,
      TotalAmountOC: 205_000,
    });
  });

  it('issue 25 §2: a sales invoice (template 2) sends no rate, no VAT and no breakdown', async () => {
    const { bodies, adapter: misa } = capturing();
    await misa.createInvoice('tok|0108123455', mixedRateExport('o-sales', serial('2C26TMH', '2'), LAST_MINUTE_2026));
    const body = bodies[0] as { OriginalInvoiceDetail: Record<string, unknown>[] };
    expect(body).toMatchObject({ TaxRateInfo: [], TotalVATAmountOC: 0, TotalAmountOC: 205_000, TotalAmountWithoutVATOC: 205_000 });
    for (const line of body.OriginalInvoiceDetail) {
      expect(line).not.toHaveProperty('VATRateName');
      expect(line).not.toHaveProperty('VATAmountOC');
    }
  });

  it('issue 25 §2: the emulator takes the adapter’s mixed-rate body and keeps its figures', async () => {
    const made = await c.adapter.createInvoice(c.token, mixedRateExport(c.ref(), c.vatSerial, Date.now()));
    const page = await c.adapter.listInvoices(c.token, query({ q: made.providerId }));
    expect(page.rows[0]).toMatchObject({ total: 205_000 });
  });
});

describe("issue 25 §5: corrections in MISA's fields (ReferenceType, Org*, ChangeReason; D246)", () => {
  const serial: Serial = { value: '1C26TMS', templateCode: '1', invTypeName: 'Hóa đơn giá trị gia tăng', isSalesInvoice: false };
  const original = { serial: '1C26TMS', seq: 12, invoiceDate: Date.parse('2026-12-05T12:00:00+07:00') };

  it('an adjustment of amounts: ReferenceType 2, OrgInvoiceType 1, the original by template, series, number and date, the reason; the decrease negative in quantity, amounts, VAT, TaxRateInfo and totals', () => {
    const c = correctionOf('adjust', oneBeerBack(serial), 'Khách trả lại 1 chai bia', [true], 'misa-corr-0001');
    const item = correctionItem(original, c);
    expect(item).toMatchObject({
      RefID: 'misa-corr-0001',
      ReferenceType: 2,
      OrgInvoiceType: 1,
      OrgInvTemplateNo: '1',
      OrgInvSeries: 'C26TMS',
      OrgInvNo: '00000012',
      OrgInvDate: '2026-12-05',
      ChangeReason: 'Khách trả lại 1 chai bia',
      TypeChangeInvoice: 0,
      TaxRateInfo: [{ VATRateName: '10%', AmountWithoutVATOC: -22_727, VATAmountOC: -2_273 }],
      TotalAmountWithoutVATOC: -22_727,
      TotalVATAmountOC: -2_273,
      TotalAmountOC: -25_000,
    });
    expect(item.OriginalInvoiceDetail).toEqual([
      expect.objectContaining({
        ItemName: 'Bia Hà Nội',
        Quantity: -1,
        UnitPrice: 22_727,
        AmountOC: -22_727,
        VATRateName: '10%',
        VATAmountOC: -2_273,
      }),
    ]);
  });

  it('a replacement: ReferenceType 1 and the whole invoice unsigned; an adjustment of information: TypeChangeInvoice 1, one note line, no amounts', () => {
    const replace = correctionItem(original, correctionOf('replace', sampleExport('x', serial), 'Sai tên hàng', [], 'misa-corr-0002'));
    expect(replace).toMatchObject({ ReferenceType: 1, OrgInvNo: '00000012', TotalAmountOC: 1_900_000 });
    expect(replace).not.toHaveProperty('TypeChangeInvoice');
    const info = correctionItem(original, correctionOf('info', sampleExport('x', serial), 'Sai địa chỉ', [], 'misa-corr-0003'));
    expect(info).toMatchObject({ ReferenceType: 2, TypeChangeInvoice: 1, TotalAmountOC: 0, TaxRateInfo: [] });
    expect(info.OriginalInvoiceDetail).toEqual([expect.objectContaining({ ItemType: 4, AmountOC: 0 })]);
  });

  it('issue 25 §5: adjust and replace at the emulator; the original becomes "adjusted/replaced by another"; a refund-shaped adjustment brings it to the new total; the refusals', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = await c.rowOf(made.eivCode);
    const back = correctionOf('adjust', oneBeerBack(c.vatSerial), 'Khách trả lại 1 chai bia', [true]);
    const adjust = await c.adapter.correctInvoice(c.token, row, back);
    expect((await c.adapter.correctInvoice(c.token, row, back)).eivCode).toBe(adjust.eivCode);
    const adjusted = await c.rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      status: '4',
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);
    expect((await c.rowOf(made.eivCode)).status).toBe('6');

    const info = await c.adapter.correctInvoice(
      c.token,
      row,
      correctionOf('info', sampleExport('i', c.vatSerial), 'Sai địa chỉ người mua'),
    );
    expect((await c.rowOf(info.eivCode)).corrects).toMatchObject({ kind: 'adjust', adjustKind: 'info', reason: 'Sai địa chỉ người mua' });
    // An adjustment is not replaced (M-Invoice's and MISA's rule); the original is, once.
    const replaceIt = (target: EinvoiceRow, reason = 'Sai tên hàng') =>
      c.adapter.correctInvoice(c.token, target, correctionOf('replace', sampleExport('r', c.vatSerial), reason));
    expect(await rejection(replaceIt(adjusted))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'adjustment' } });
    expect(await rejection(replaceIt(row, ' '))).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    expect(await rejection(replaceIt({ ...row, invoiceDate: row.invoiceDate - 3 * 86_400_000 }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'mismatch' },
    });
    const replaced = await c.rowOf((await replaceIt(row)).eivCode);
    expect(replaced).toMatchObject({ status: '3', corrects: { kind: 'replace', serial: row.serial, seq: row.seq } });
    expect((await c.rowOf(made.eivCode)).status).toBe('5');
    expect(await rejection(replaceIt(row))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'replaced' } });
    expect(await rejection(replaceIt({ ...row, seq: 99_999 }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
    // Another merchant's invoice is unknown to this seller.
    const other = await createMerchant(c.t, 'phoco');
    const otherToken = (await c.adapter.login({ taxCode: PHOCO_TAX, ...other.account('misa') })).token;
    const theirs = await c.adapter.createInvoice(otherToken, sampleExport(c.ref(), c.vatSerial));
    const theirRow = (await c.adapter.listInvoices(otherToken, query({ q: parseEivCode(theirs.eivCode)!.searchCode }))).rows[0]!;
    const mine = await rejection(
      c.adapter.correctInvoice(
        c.token,
        { ...theirRow, seq: theirRow.seq + 1000 },
        correctionOf('replace', sampleExport('o', c.vatSerial), 'x'),
      ),
    );
    expect(mine).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'unknown' } });
  });
});
