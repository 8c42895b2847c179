// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { VIETTEL_CODE_DELAY_MS } from './common';
import { VIETTEL_CQT, VIETTEL_STATUS } from './statuses';
import {
  t,
  PHOCO_TAX,
  freshMerchant,
  item,
  invoiceBody,
  salesBody,
  create,
  search,
  send,
  fault,
  useViettelFixture,
} from './viettel.fixture';

useViettelFixture();

describe('Viettel S-Invoice: creating', () => {
  it('issue 25 §2: keeps the figures the request states (net unit price, amount, rate, VAT), numbers in order, and starts not sent', async () => {
    const m = await freshMerchant();
    const body = invoiceBody(m);
    const res = await create(m, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorCode: null, description: null });
    expect(res.body.result).toMatchObject({ supplierTaxCode: PHOCO_TAX, invoiceNo: `${m.vatSeries}1`, codeOfTax: null });
    expect(res.body.result.reservationCode).toMatch(/^[A-Z2-9]{10}$/);
    const found = (await search(m, body.generalInvoiceInfo.transactionUuid)).body.result[0];
    // As sent: 1,759,259 before tax and 140,741 of VAT (no net worked back from a gross, no rounding up).
    expect(found).toMatchObject({
      invoiceNo: `${m.vatSeries}1`,
      transactionID: res.body.result.transactionID,
      adjustmentType: String(VIETTEL_STATUS.original),
      status: VIETTEL_CQT.notSentWithCode,
      statusName: 'INVOICE_HAS_CODE_NOT_SENT',
      templateCode: '1/001',
      totalBeforeTax: 1_759_259,
      taxAmount: 140_741,
      total: 1_900_000,
      taxPercentage: 8,
      sentDate: null,
    });
    expect(typeof found.issueDate).toBe('number');
    const second = await create(m, invoiceBody(m));
    expect(second.body.result.invoiceNo).toBe(`${m.vatSeries}2`);
    const sales = await create(m, salesBody(m));
    expect(sales.body.result.invoiceNo).toBe(`${m.salesSeries}1`);
    const business = invoiceBody(m, {
      buyer: {
        buyerName: 'Trần Thị Hoa',
        buyerLegalName: 'Công ty TNHH Ánh Dương',
        buyerTaxCode: '0314409058-002',
        buyerAddressLine: '12 Lê Lợi, Quận 1',
        buyerEmail: 'ke.toan@anhduong.vn',
      },
    });
    expect((await create(m, business)).status).toBe(200);
    expect((await search(m, business.generalInvoiceInfo.transactionUuid)).body.result[0]).toMatchObject({
      buyerName: 'Trần Thị Hoa',
      buyerLegalName: 'Công ty TNHH Ánh Dương',
      buyerTaxCode: '0314409058-002',
      buyerAddressLine: '12 Lê Lợi, Quận 1',
      buyerEmail: 'ke.toan@anhduong.vn',
      buyerPhoneNumber: null,
    });
  });

  it('issue 25 §2: a repeated transactionUuid answers the first invoice, whatever the new body says (§6.2); already-exported stores it and answers TRANSACTION_UUID_INVALID once', async () => {
    const m = await freshMerchant();
    const body = invoiceBody(m);
    const first = await create(m, body);
    expect(first.status).toBe(200);
    const again = await create(m, {
      ...invoiceBody(m, { buyer: { buyerName: 'Người khác' } }),
      generalInvoiceInfo: body.generalInvoiceInfo,
    });
    expect([again.status, again.body]).toEqual([200, first.body]);
    await fault(m, 'already-exported');
    const exported = invoiceBody(m);
    expect((await create(m, exported)).body.errorCode).toBe('TRANSACTION_UUID_INVALID');
    expect((await search(m, exported.generalInvoiceInfo.transactionUuid)).body.result[0].invoiceNo).toBe(`${m.vatSeries}2`);
    expect((await create(m, exported)).body.result.invoiceNo).toBe(`${m.vatSeries}2`);
    expect((await create(m, invoiceBody(m))).body.result.invoiceNo).toBe(`${m.vatSeries}3`);
  });

  it('create-fails: the next `count` creates answer 400 BAD_REQUEST and store nothing; the transactionUuid stays usable', async () => {
    const m = await freshMerchant();
    const armed = await fault(m, 'create-fails', { count: '2' });
    expect(armed.body).toMatchObject({ fault: 'create-fails', on: true, count: 2 });
    const body = invoiceBody(m);
    for (let i = 0; i < 2; i += 1) {
      const res = await create(m, body);
      expect([res.status, res.body.errorCode, res.body.result]).toEqual([400, 'BAD_REQUEST', null]);
    }
    expect((await search(m, body.generalInvoiceInfo.transactionUuid)).status).toBe(404);
    expect((await create(m, body)).body.result.invoiceNo).toBe(`${m.vatSeries}1`);
    await fault(m, 'create-fails');
    expect((await create(m, invoiceBody(m))).status).toBe(400);
    expect((await create(m, invoiceBody(m))).body.result.invoiceNo).toBe(`${m.vatSeries}2`);
  });

  it("issue 24 §4: an invoice dated before 2000 answers Viettel's own 400 INVOICE_ISSUED_DATE_INVALID (was a 500), with or without a tax rate, taking no number", async () => {
    const m = await freshMerchant();
    const before2000 = Date.parse('1999-12-31T23:59:59+07:00');
    const bodies = [
      invoiceBody(m, { general: { invoiceIssuedDate: before2000 } }),
      invoiceBody(m, { general: { invoiceIssuedDate: 0 } }),
      invoiceBody(m, { general: { invoiceIssuedDate: before2000 }, items: [item('Phở bò', 1, 59_091, 10)] }),
    ];
    for (const body of bodies) {
      const res = await create(m, body);
      expect([res.status, res.body.errorCode, res.body.result]).toEqual([400, 'INVOICE_ISSUED_DATE_INVALID', null]);
      expect(res.body.description).toContain('2000-01-01');
    }
    expect((await create(m, invoiceBody(m))).body.result.invoiceNo).toBe(`${m.vatSeries}1`);
  });

  it('refuses what no invoice can be made from, taking no number', async () => {
    const m = await freshMerchant();
    const cases: [unknown, string, string?][] = [
      [invoiceBody(m, { general: { invoiceSeries: m.inactiveSeries } }), 'TEMPLATE_NOT_FOUND'],
      [invoiceBody(m, { general: { templateCode: '2/001' } }), 'TEMPLATE_NOT_FOUND'],
      [invoiceBody(m, { general: { invoiceType: '2' } }), 'INVOICE_TYPE_INVALID'],
      [invoiceBody(m, { general: { invoiceIssuedDate: Date.parse('2099-01-01T00:00:00Z') } }), 'INVOICE_ISSUED_DATE_INVALID'],
      [invoiceBody(m, { buyer: { buyerLegalName: 'Công ty X', buyerTaxCode: '0100233480' } }), 'BUYER_TAX_CODE_INVALID'],
      [invoiceBody(m, { buyer: { buyerTaxCode: '0100109106' } }), 'BUYER_INFO_INVALID'],
      [invoiceBody(m, { items: [item('A', 1, 10, 7)] }), 'BAD_REQUEST'],
      [invoiceBody(m, { items: [item('A', 2_000_000, 10, 10)] }), 'BAD_REQUEST'],
      [invoiceBody(m, { items: [] }), 'BAD_REQUEST'],
      [invoiceBody(m, { buyer: { buyerName: 'x'.repeat(401) } }), 'BAD_REQUEST'],
      [invoiceBody(m, { general: { transactionUuid: 'x'.repeat(37) } }), 'BAD_REQUEST'],
      [invoiceBody(m, { general: { transactionUuid: 'x'.repeat(9) } }), 'BAD_REQUEST'],
      [{ ...invoiceBody(m), payments: [{ paymentMethodName: 'IOU' }] }, 'BAD_REQUEST'],
      [{ ...invoiceBody(m), itemInfo: 'many' }, 'BAD_REQUEST'],
      ['text', 'BAD_REQUEST'],
    ];
    for (const [body, code] of cases) {
      const res = await create(m, body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body.errorCode]).toEqual([JSON.stringify(body).slice(0, 80), 400, code]);
    }
    const foreign = await create(m, invoiceBody(m), '0100109106');
    expect([foreign.status, foreign.body.errorCode]).toEqual([403, 'SUPPLIER_TAX_CODE_INVALID']);
    const nul = await create(m, invoiceBody(m, { buyer: { buyerName: 'a\u0000' } }));
    expect([nul.status, nul.body.error_code]).toEqual([400, 'BAD_REQUEST']);
    const html = '<script>alert(1)</script> Ông Bảy 🍜';
    const ok = await create(m, invoiceBody(m, { buyer: { buyerName: html } }));
    expect(ok.body.result.invoiceNo).toBe(`${m.vatSeries}1`);
  });
});

describe("the order's e-invoice code", () => {
  it('codeOfTax::reservationCode::invoiceNumber is what the sale service accepts as eiv_code, before and after coding', async () => {
    const m = await freshMerchant();
    const portal = (await t.login(m.portal.username, m.portal.password)).access_token;
    const orders = await t.sandbox.db.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM sale_orders WHERE merchant_id = $1 AND status = 0 AND eiv_code IS NULL ORDER BY id LIMIT 2`,
      [m.id],
    );
    expect(orders).toHaveLength(2);
    const saveCode = (invoiceId: number, row: { codeOfTax: string | null; reservationCode: string; invoiceNumber: string }) =>
      t.api('POST', `/api/sale/invoice/eiv/${invoiceId}`, {
        token: portal,
        body: { eiv_code: `${row.codeOfTax ?? ''}::${row.reservationCode}::${row.invoiceNumber}` },
      });
    const first = invoiceBody(m);
    await create(m, first);
    const waiting = (await search(m, first.generalInvoiceInfo.transactionUuid)).body.result[0];
    const early = await saveCode(orders[0]!.invoice_id, waiting);
    expect([early.status, early.body.data.cqt_code, early.body.data.is_eiv_exported]).toEqual([200, null, true]);
    const second = invoiceBody(m);
    await create(m, second);
    await send(m, second.generalInvoiceInfo.transactionUuid);
    t.sandbox.clock.advance(VIETTEL_CODE_DELAY_MS / 1000);
    try {
      const coded = (await search(m, second.generalInvoiceInfo.transactionUuid)).body.result[0];
      const late = await saveCode(orders[1]!.invoice_id, coded);
      expect([late.status, late.body.data.cqt_code]).toEqual([200, coded.codeOfTax]);
    } finally {
      t.sandbox.clock.advance(-VIETTEL_CODE_DELAY_MS / 1000);
    }
  });
});
