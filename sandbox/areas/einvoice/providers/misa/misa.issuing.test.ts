// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MISA_ERRORS, MISA_ITEM_ERRORS } from './wire';
import {
  t,
  PHOCO_TAX,
  COLAN_TAX,
  phoco,
  other,
  otherUser,
  call,
  dataOf,
  seller,
  DEFAULT_LINES,
  item,
  DEFAULT_TOTALS,
  today,
  publish,
  publishOne,
  MIXED,
  setClockOffset,
  useMisaFixture,
} from './misa.fixture';

useMisaFixture();

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
      setClockOffset(seconds * 1000);
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
      setClockOffset(0);
    }
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
