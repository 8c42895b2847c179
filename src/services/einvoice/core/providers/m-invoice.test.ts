// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { providerContract, providerSandbox, type ContractDriver } from '../contract';
import { canSign, cqtStatus, parseEivCode } from '../registry';
import {
  correctionOf,
  oneBeerBack,
  sampleExport,
  FIRST_MINUTE_2027,
  LAST_MINUTE_2026,
  exportOf,
  mixedRateExport,
  rejection,
  todayQuery as query,
} from '../testing/sandbox';
import type { EinvoiceRow, Serial } from '../types';
import { correctionInput, createMInvoiceAdapter } from './m-invoice';

/** M-Invoice as the provider contract meets it (contract/). */
const driver: ContractDriver = {
  route: 'm-invoice',
  name: 'M-Invoice',
  make: createMInvoiceAdapter,
  refPrefix: 'mi-test',
  validTaxCodes: ['0100109106', '0314409058-002'],
  checkDigitRefusal: { data: { reason: 'check-digit' } },
  tokenLifetime: { min: 23 * 3_600_000, max: 24 * 3_600_000 },
  // Another seller's tax code with this account is a failed login too (never told apart).
  otherCompanyLogin: { code: 'EINV_LOGIN_FAIL' },
  serials: { vat: /^1C\d\dTMV$/, sales: /^2C\d\dTMB$/, unusedSuffix: 'TMX' },
  listsEverySeries: true,
  declarationRecord: { type: '01/ĐKTĐ-HĐĐT', status: 'APPROVED', createDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
  bareToken: 'expired',
  codedAtOnce: false,
  duplicateIsExisting: true,
  shortSerialFilter: false,
  malformedRefusal: { data: { fields: ['data.0.details.0.data.0.inv_quantity', 'data.0.details.0.data.1.inv_quantity'] } },
  buyerFieldNamed: true,
  pdfFirstWaits: [],
  pdfText: false,
  keepsHostileBuyer: false,
  missing: (row) => ({ ...row, id: '00000000-0000-0000-0000-000000000000' }),
};

const c = providerSandbox(driver);

describe('M-Invoice adapter: the provider contract', () => providerContract(c, driver));

describe('M-Invoice adapter against the emulator', () => {
  it('lists the invoice as waiting for its signature, signs it once, and refuses a second signature', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = await c.rowOf(made.eivCode);
    expect(row).toMatchObject({ id: made.providerId, status: '0', statusReceived: '1' });
    expect(row.vat).toBeGreaterThan(0);
    expect(cqtStatus('m-invoice', row.statusReceived).labelKey).toBe('status.cqt.pendingSignature');
    expect(canSign('m-invoice', row)).toBe(true);

    await c.adapter.sign(c.token, row);
    const signed = await c.rowOf(made.eivCode);
    expect(signed.statusReceived).toBe('3');
    expect(canSign('m-invoice', signed)).toBe(false);
    expect(await rejection(c.adapter.sign(c.token, signed))).toMatchObject({ code: 'EINV_SIGN_REFUSED' });

    const released = await c.adapter.listInvoices(c.token, query({ released: 'released', q: row.searchCode }));
    expect(released.rows.map((r) => r.id)).toEqual([row.id]);
    expect((await c.adapter.listInvoices(c.token, query({ released: 'unreleased', q: row.searchCode }))).total).toBe(0);
  });

  it('after signing, the tax authority code arrives on the sandbox clock (the list refetches, the adapter does not poll)', async () => {
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const row = (await c.adapter.listInvoices(c.token, query({ q: parseEivCode(made.eivCode)!.searchCode }))).rows[0]!;
    await c.adapter.sign(c.token, row);
    await c.t.api('POST', '/sandbox/clock/advance', { body: { seconds: 6 } });
    try {
      const coded = (await c.adapter.listInvoices(c.token, query({ q: row.searchCode }))).rows[0]!;
      expect(coded.statusReceived).toBe('4');
      expect(coded.taxAuthorityCode).toMatch(/^00[0-9A-F]{32}$/);
      expect(cqtStatus('m-invoice', coded.statusReceived)).toMatchObject({ labelKey: 'status.cqt.success', color: 'green' });
    } finally {
      await c.t.api('POST', '/sandbox/clock/reset');
    }
  });

  it('hostile user text: markup and Vietnamese kept as text, control characters dropped, an over-long name refused', async () => {
    const name = '<img src=x onerror=alert(1)> Nguyễn\u0000 Thị\nĐào 😀';
    const made = await c.adapter.createInvoice(
      c.token,
      sampleExport(c.ref(), c.vatSerial, {
        buyer: { isIndividual: true, name },
        lines: [{ name: 'Phở\tbò <b>', quantity: 1, unitPriceGross: 90_000, taxClass: 'REDUCED_ELIGIBLE' }],
        total: 90_000,
      }),
    );
    const row = (await c.adapter.listInvoices(c.token, query({ q: parseEivCode(made.eivCode)!.searchCode }))).rows[0]!;
    expect(row.buyerName).toBe('<img src=x onerror=alert(1)> Nguyễn Thị Đào 😀');
    expect(row.total).toBe(90_000);
    const long = await rejection(
      c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial, { buyer: { isIndividual: true, name: 'A'.repeat(5000) } })),
    );
    expect(long).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
  });
});

/** An M-Invoice adapter whose Save calls are caught: the invoices it sends, answered as M-Invoice answers. */
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

describe('issue 25 §2: the M-Invoice request in its API 2.0 names and meanings (D259, D261)', () => {
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
});

describe('issue 25 §2: M-Invoice tax codes, the next year, sales invoices and the emulator (D259, D261)', () => {
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
    const input = exportOf(c.ref(), c.vatSerial, [
      { name: 'Nước sạch', unit: 'm3', quantity: 10, unitPriceGross: 15_000, taxClass: 'FIVE' },
      { name: 'Bia Hà Nội', unit: 'chai', quantity: 3, unitPriceGross: 25_000, taxClass: 'STANDARD' },
    ]);
    expect(input.tax.breakdown.map((r) => r.rateCode)).toEqual(['10%', '5%']);
    const made = await c.adapter.createInvoice(c.token, input);
    expect(made.existing).toBe(false);
    const page = await c.adapter.listInvoices(c.token, query({ pageSize: 100 }));
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
    const made = await c.adapter.createInvoice(c.token, sampleExport(c.ref(), c.vatSerial));
    const draft = await c.rowOf(made.eivCode);
    const back = correctionOf('adjust', oneBeerBack(c.vatSerial), 'Khách trả lại 1 chai bia', [true]);
    // Saved, not signed: nothing corrects it yet.
    expect(await rejection(c.adapter.correctInvoice(c.token, draft, back))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'not-issued' },
    });
    await c.adapter.sign(c.token, draft);
    const row = await c.rowOf(made.eivCode);
    const adjust = await c.adapter.correctInvoice(c.token, row, back);
    expect((await c.adapter.correctInvoice(c.token, row, back)).eivCode).toBe(adjust.eivCode);
    const adjusted = await c.rowOf(adjust.eivCode);
    expect(adjusted).toMatchObject({
      status: '2',
      total: -25_000,
      corrects: { kind: 'adjust', adjustKind: 'amount', serial: row.serial, seq: row.seq, reason: 'Khách trả lại 1 chai bia' },
    });
    expect(row.total + adjusted.total).toBe(1_875_000);
    expect((await c.rowOf(made.eivCode)).status).toBe('6');
    const info = await c.adapter.correctInvoice(
      c.token,
      row,
      correctionOf('info', sampleExport('i', c.vatSerial), 'Sai địa chỉ người mua'),
    );
    expect((await c.rowOf(info.eivCode)).corrects).toMatchObject({ kind: 'adjust', adjustKind: 'info' });

    const replaceIt = (target: EinvoiceRow, reason = 'Sai tên hàng') =>
      c.adapter.correctInvoice(c.token, target, correctionOf('replace', sampleExport('r', c.vatSerial), reason));
    expect(await rejection(replaceIt(adjusted))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'adjustment' } });
    expect(await rejection(replaceIt(row, ' '))).toMatchObject({ code: 'EINV_INVOICE_REFUSED' });
    const replaced = await c.rowOf((await replaceIt(row)).eivCode);
    expect(replaced).toMatchObject({ status: '3', corrects: { kind: 'replace', serial: row.serial, seq: row.seq } });
    expect((await c.rowOf(made.eivCode)).status).toBe('5');
    expect(await rejection(replaceIt(row))).toMatchObject({ code: 'EINV_CORRECTION_REFUSED', data: { reason: 'replaced' } });
    expect(await rejection(replaceIt({ ...row, id: 'not-an-invoice' }))).toMatchObject({
      code: 'EINV_CORRECTION_REFUSED',
      data: { reason: 'unknown' },
    });
  });
});
