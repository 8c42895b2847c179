// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EINV_PASSWORD, getAccount, updateAccount } from '../../core/accounts';
import { vnDay } from '../../core/vat';
import { VIETTEL_STATUS } from './statuses';
import {
  t,
  V,
  API,
  PHOCO_TAX,
  freshMerchant,
  item,
  breakdownOf,
  invoiceBody,
  salesBody,
  create,
  search,
  send,
  file,
  useViettelFixture,
} from './viettel.fixture';

useViettelFixture();

describe('Viettel S-Invoice: issue 25 §2, the figures as Viettel reads and checks them (D231)', () => {
  /** phở 65,000 ₫ × 2 at 8 % and beer 25,000 ₫ × 3 at 10 % as the portal states them: 205,000 ₫ paid. */
  const mixed = () => [
    item('Phở bò tái', 2, 60_185, 8, { unitName: 'bát' }),
    item('Bia Hà Nội', 3, 22_727.33, 10, { unitName: 'chai', itemTotalAmountWithoutTax: 68_182, taxAmount: 6_818 }),
  ];

  it('accepts several rates on one invoice, keeps each line and the breakdown, and answers no single taxPercentage', async () => {
    const m = await freshMerchant();
    const body = invoiceBody(m, { items: mixed() });
    expect(body.taxBreakdowns).toEqual([
      { taxPercentage: 8, taxableAmount: 120_370, taxAmount: 9_630 },
      { taxPercentage: 10, taxableAmount: 68_182, taxAmount: 6_818 },
    ]);
    const res = await create(m, body);
    expect([res.status, res.body.errorCode]).toEqual([200, null]);
    expect((await search(m, body.generalInvoiceInfo.transactionUuid)).body.result[0]).toMatchObject({
      totalBeforeTax: 188_552,
      taxAmount: 16_448,
      total: 205_000,
      taxPercentage: null,
    });
  });

  it('accepts -2 (not subject, KCT) and -1 (not declared, KKKNT) lines with no VAT, and no breakdown (Viettel works it out)', async () => {
    const m = await freshMerchant();
    const items = [item('Vé gửi xe', 1, 5_000, -2), item('Phí dịch vụ', 1, 10_000, -1), item('Phở bò', 1, 60_000, 10)];
    const withRows = invoiceBody(m, { items });
    expect(withRows.taxBreakdowns).toHaveLength(3);
    expect((await create(m, withRows)).status).toBe(200);
    const without = invoiceBody(m, { items, breakdown: null });
    expect((await create(m, without)).status).toBe(200);
    expect((await search(m, without.generalInvoiceInfo.transactionUuid)).body.result[0]).toMatchObject({
      totalBeforeTax: 75_000,
      taxAmount: 6_000,
      total: 81_000,
    });
  });

  it("a four-digit template the account registered ('1/0224') is listed and accepted; '1/001' is then not that series' template", async () => {
    const m = await freshMerchant();
    const account = (await getAccount(t.sandbox.db, m.id, 'viettel'))!;
    await updateAccount(t.sandbox.db, m.id, 'viettel', {
      series: account.series.map((s) => (s.value === m.vatSeries ? { ...s, provider_template: '1/0224' } : s)),
    });
    const listed = await t.api('POST', `${API}/InvoiceUtilsWS/getInvoiceTemplates`, { token: m.token, body: { taxCode: PHOCO_TAX } });
    expect(listed.body.template[0]).toMatchObject({ templateCode: '1/0224', invoiceSeries: m.vatSeries });
    const body = invoiceBody(m, { general: { templateCode: '1/0224' } });
    expect((await create(m, body)).body.result.invoiceNo).toBe(`${m.vatSeries}1`);
    expect((await search(m, body.generalInvoiceInfo.transactionUuid)).body.result[0].templateCode).toBe('1/0224');
    expect((await file(m, `${m.vatSeries}1`, '1/0224')).body.errorCode).toBe('INVOICE_FILE_NOT_READY');
    expect((await create(m, invoiceBody(m))).body.errorCode).toBe('TEMPLATE_NOT_FOUND');
  });

  it('accepts the shape of an adjustment (5) and a replacement (3) naming their original, stores their kind; refuses one without its references', async () => {
    const m = await freshMerchant();
    const original = invoiceBody(m);
    await create(m, original);
    // Only an invoice sent to the tax authority is corrected (D244); one not sent is still the seller's to change.
    await send(m, original.generalInvoiceInfo.transactionUuid);
    const found = (await search(m, original.generalInvoiceInfo.transactionUuid)).body.result[0];
    const refs = {
      originalInvoiceId: found.invoiceNo,
      originalInvoiceIssueDate: found.issueDate,
      originalTemplateCode: '1/001',
      additionalReferenceDesc: 'Biên bản điều chỉnh số 01',
      additionalReferenceDate: found.issueDate,
    };
    // Odoo's credit note: the decrease's unit price negative, isIncreaseItem false, the breakdown marked negative.
    const decrease = item('Lẩu cua đồng', 1, 100_000, 8, { unitPrice: -100_000, isIncreaseItem: false, adjustmentTaxAmount: 8_000 });
    const adjustment = invoiceBody(m, {
      general: { adjustmentType: '5', adjustmentInvoiceType: '1', ...refs },
      items: [decrease],
      breakdown: [{ taxPercentage: 8, taxableAmount: 100_000, taxAmount: 8_000, taxableAmountPos: false, taxAmountPos: false }],
    });
    expect((await create(m, adjustment)).status).toBe(200);
    expect((await search(m, adjustment.generalInvoiceInfo.transactionUuid)).body.result[0].adjustmentType).toBe(
      String(VIETTEL_STATUS.adjusted),
    );
    // Odoo's body carries no adjustedNote: the agreement named (additionalReferenceDesc) is the reason printed.
    expect((await search(m, adjustment.generalInvoiceInfo.transactionUuid)).body.result[0].adjustedNote).toBe('Biên bản điều chỉnh số 01');
    const replacement = invoiceBody(m, { general: { adjustmentType: '3', ...refs } });
    expect((await create(m, replacement)).status).toBe(200);
    expect((await search(m, replacement.generalInvoiceInfo.transactionUuid)).body.result[0].adjustmentType).toBe(
      String(VIETTEL_STATUS.replaced),
    );
    const bare = await create(m, invoiceBody(m, { general: { adjustmentType: '5', adjustmentInvoiceType: '1' } }));
    expect([bare.status, bare.body.errorCode]).toEqual([400, 'BAD_REQUEST']);
    expect(bare.body.description).toContain('originalInvoiceId');
  });

  it("refuses what Viettel refuses, in its own error form, taking no number: sums that do not add up, a line amount ≠ quantity × unit price, a rate off its list, a VAT off its rate, no net price, a short uuid, a date before the series' last", async () => {
    const m = await freshMerchant();
    const [pho, beer] = mixed();
    const cases: [string, unknown, string][] = [
      [
        'taxableAmount is not the sum of its lines',
        invoiceBody(m, {
          items: [pho, beer],
          breakdown: [
            { taxPercentage: 8, taxableAmount: 120_371, taxAmount: 9_630 },
            { taxPercentage: 10, taxableAmount: 68_182, taxAmount: 6_818 },
          ],
        }),
        'taxableAmount',
      ],
      [
        'a breakdown VAT is not the sum of its lines',
        invoiceBody(m, {
          items: [pho, beer],
          breakdown: [
            { taxPercentage: 8, taxableAmount: 120_370, taxAmount: 9_629 },
            { taxPercentage: 10, taxableAmount: 68_182, taxAmount: 6_818 },
          ],
        }),
        'VAT_AMOUNT_INVALID',
      ],
      [
        'a rate appears twice',
        invoiceBody(m, { items: [pho], breakdown: [...breakdownOf([pho!]), ...breakdownOf([pho!])] }),
        'VAT_PERCENTAGE_INVALID',
      ],
      [
        'a line amount 6 đồng off quantity × unit price',
        invoiceBody(m, { items: [{ ...pho!, itemTotalAmountWithoutTax: 120_376, taxAmount: 9_630 }], breakdown: null }),
        'IVI_TOTAL_A_WITHOUT_TAX_AND_UP_QUAN_NOT_COMPARED',
      ],
      ['a rate off the list', invoiceBody(m, { items: [item('Phở bò', 1, 60_000, 7)] }), 'VAT_PERCENTAGE_INVALID'],
      ['a VAT 2 đồng off its rate', invoiceBody(m, { items: [{ ...pho!, taxAmount: 9_632 }], breakdown: null }), 'VAT_AMOUNT_INVALID'],
      [
        'a VAT line without taxAmount (0)',
        invoiceBody(m, { items: [{ ...pho!, taxAmount: undefined }], breakdown: null }),
        'VAT_AMOUNT_INVALID',
      ],
      [
        'the gross price only (unitPriceWithTax, the fuel draft API)',
        invoiceBody(m, { items: [{ itemName: 'Phở bò', quantity: 2, unitPriceWithTax: 65_000, taxPercentage: 8 }], breakdown: null }),
        'unitPrice',
      ],
      [
        'no rate on a VAT invoice',
        invoiceBody(m, { items: [{ ...pho!, taxPercentage: undefined }], breakdown: null }),
        'VAT_PERCENTAGE_INVALID',
      ],
      ['a rate on a sales invoice', salesBody(m, { items: [item('Phở bò', 1, 65_000, 8)] }), 'VAT_PERCENTAGE_INVALID'],
      ['a transactionUuid of 9 characters', invoiceBody(m, { general: { transactionUuid: '123456789' } }), 'transactionUuid'],
      ['no paymentStatus', invoiceBody(m, { general: { paymentStatus: undefined } }), 'paymentStatus'],
    ];
    for (const [what, body, said] of cases) {
      const res = await create(m, body);
      expect([what, res.status, res.body.errorCode, res.body.result]).toEqual([what, 400, 'BAD_REQUEST', null]);
      expect([what, res.body.description]).toEqual([what, expect.stringContaining(said)]);
    }
    expect((await create(m, invoiceBody(m))).body.result.invoiceNo).toBe(`${m.vatSeries}1`);
    const earlier = await create(m, invoiceBody(m, { general: { invoiceIssuedDate: t.sandbox.clock.now() - 3_600_000 } }));
    expect([earlier.status, earlier.body.errorCode]).toEqual([400, 'INVOICE_ISSUED_DATE_INVALID']);
    expect((await create(m, invoiceBody(m))).body.result.invoiceNo).toBe(`${m.vatSeries}2`);
  });

  it("refuses a next-year invoice on this year's series (a 2027 invoice on 'C26'), on 1 January as on any later day", async () => {
    const m = await freshMerchant();
    // The coming new year, not 2027 itself: the test runs on the real date, in any year.
    const year = Number(vnDay(t.sandbox.clock.now()).slice(0, 4));
    const next = year + 1;
    const firstMinute = Date.parse(`${next}-01-01T00:01:00+07:00`);
    const shift = Math.ceil((Date.parse(`${next}-01-01T00:05:00+07:00`) - t.sandbox.clock.now()) / 1000);
    expect(m.vatSeries.slice(1, 3)).toBe(String(year).slice(2));
    t.sandbox.clock.advance(shift);
    try {
      // A token lives 30 minutes of the sandbox clock: a new one on New Year's night.
      const login = await t.api('POST', `${V}/auth/login`, { body: { username: m.username, password: EINV_PASSWORD } });
      const res = await create({ ...m, token: login.body.access_token }, invoiceBody(m, { general: { invoiceIssuedDate: firstMinute } }));
      expect([res.status, res.body.errorCode, res.body.result]).toEqual([400, 'BAD_REQUEST', null]);
      expect(res.body.description).toMatch(new RegExp(`series .*${m.vatSeries}.* ${next}`));
    } finally {
      t.sandbox.clock.advance(-shift);
    }
  });

  it("accepts Odoo's expected request body unchanged but for the seller's tax code (l10n_vn_edi_viettel tests/test_edi.py, test_json_data_generation)", async () => {
    const m = await freshMerchant();
    // The account registers Odoo's symbol K24TUT under template 1/001, so the body keeps them as Odoo sends them.
    const account = (await getAccount(t.sandbox.db, m.id, 'viettel'))!;
    await updateAccount(t.sandbox.db, m.id, 'viettel', {
      series: [...account.series, { value: 'K24TUT', inv_type_name: 'Hóa đơn giá trị gia tăng', template_code: '1', active: true }],
    });
    // Copied from odoo/odoo addons/l10n_vn_edi_viettel/tests/test_edi.py (commit 051cd2e341426b1f2e1162e0509579136a0f28ef),
    // test_json_data_generation's expected dict. Changed: sellerTaxCode '0100109106-506' → this account's (Viettel
    // refuses a seller that is not the login's, integration document §6.3); transactionUuid, mock.ANY there, a uuid4.
    const odoo = {
      generalInvoiceInfo: {
        transactionUuid: randomUUID(),
        templateCode: '1/001',
        invoiceSeries: 'K24TUT',
        invoiceIssuedDate: 1704067200000,
        currencyCode: 'VND',
        adjustmentType: '1',
        paymentStatus: false,
        cusGetInvoiceRight: true,
        validation: 1,
      },
      buyerInfo: {
        buyerName: 'partner_a',
        buyerLegalName: 'partner_a',
        buyerTaxCode: '0100109106-505',
        buyerAddressLine: '121 Hang Bac Street, Hà Nội, Hà Nội Vietnam',
        buyerPhoneNumber: '38257670',
        buyerEmail: 'partner_a@gmail.com',
        buyerCityName: 'Hà Nội',
        buyerCountryCode: 'VN',
        buyerNotGetInvoice: 0,
      },
      sellerInfo: {
        sellerLegalName: 'company_1_data',
        sellerTaxCode: PHOCO_TAX,
        sellerAddressLine: '3 Alley 45 Phan Dinh Phung, Quan Thanh Ward, Hà Nội Vietnam',
        sellerPhoneNumber: '62661275',
        sellerEmail: 'test_company@gmail.com',
        sellerDistrictName: 'Hà Nội',
        sellerCountryCode: 'VN',
        sellerWebsite: 'http://test_company.com',
      },
      payments: [{ paymentMethodName: 'TM/CK' }],
      itemInfo: [
        {
          itemCode: 'BN/1035',
          itemName: '[BN/1035] product_a',
          unitName: 'Units',
          unitPrice: 1000.0,
          quantity: 1.0,
          itemTotalAmountWithoutTax: 1000.0,
          taxPercentage: 10.0,
          taxAmount: 100.0,
          discount: 0.0,
          itemTotalAmountAfterDiscount: 1000.0,
          itemTotalAmountWithTax: 1100.0,
          selection: 1,
        },
      ],
      taxBreakdowns: [{ taxPercentage: 10.0, taxableAmount: 1000.0, taxAmount: 100.0, taxableAmountPos: true, taxAmountPos: true }],
    };
    const res = await create(m, odoo);
    expect([res.status, res.body.errorCode, res.body.result?.invoiceNo]).toEqual([200, null, 'K24TUT1']);
    expect((await search(m, odoo.generalInvoiceInfo.transactionUuid)).body.result[0]).toMatchObject({
      issueDate: 1704067200000,
      buyerLegalName: 'partner_a',
      buyerTaxCode: '0100109106-505',
      totalBeforeTax: 1000,
      taxAmount: 100,
      total: 1100,
      taxPercentage: 10,
    });
    // Odoo's seller, as it sends it, is not this account: Viettel refuses it (§6.3).
    const foreignSeller = await create(m, {
      ...odoo,
      generalInvoiceInfo: { ...odoo.generalInvoiceInfo, transactionUuid: randomUUID() },
      sellerInfo: { ...odoo.sellerInfo, sellerTaxCode: '0100109106-506' },
    });
    expect([foreignSeller.status, foreignSeller.body.errorCode]).toEqual([403, 'SUPPLIER_TAX_CODE_INVALID']);
  });
});
