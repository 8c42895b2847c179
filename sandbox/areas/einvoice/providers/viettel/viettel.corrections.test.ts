// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getAccount, updateAccount } from '../../core/accounts';
import { vnDay } from '../../core/vat';
import { VIETTEL_CODE_DELAY_MS } from './common';
import { doneStatus, notSentStatus, sentStatus, VIETTEL_CQT, viettelMaySign } from './statuses';
import {
  t,
  API,
  PHOCO_TAX,
  type Merchant,
  freshMerchant,
  newUuid,
  item,
  invoiceBody,
  create,
  search,
  send,
  file,
  pdfText,
  useViettelFixture,
} from './viettel.fixture';

useViettelFixture();

describe('Viettel S-Invoice: issue 25 §5, corrections instead of cancellations (D244, D245)', () => {
  /** An original with pho at 8 % and beer at 10 %, sent to the tax authority; its references as Odoo sends them. */
  async function sentOriginal(m: Merchant) {
    const body = invoiceBody(m, { items: [item('Phở bò', 2, 50_000, 8), item('Bia Hà Nội', 4, 20_000, 10)], breakdown: undefined });
    expect((await create(m, body)).status).toBe(200);
    expect((await send(m, body.generalInvoiceInfo.transactionUuid)).status).toBe(200);
    const found = (await search(m, body.generalInvoiceInfo.transactionUuid)).body.result[0];
    const refs = {
      originalInvoiceId: found.invoiceNo,
      originalInvoiceIssueDate: found.issueDate,
      originalTemplateCode: '1/001',
      additionalReferenceDesc: 'Thông báo điều chỉnh cho khách hàng',
      additionalReferenceDate: found.issueDate,
      adjustedNote: 'Khách trả lại 2 chai bia',
    };
    return { body, found, refs };
  }

  it('issue 25 §5: a refund-shaped adjustment brings the invoice to the new total (the list and the PDF text show it)', async () => {
    const m = await freshMerchant();
    const { found, refs } = await sentOriginal(m);
    // 100,000 + 8,000 of pho and 80,000 + 8,000 of beer: 196,000. Two beers back: 40,000 + 4,000 less.
    expect(found.total).toBe(196_000);
    const back = item('Bia Hà Nội', 2, 20_000, 10, { isIncreaseItem: false });
    const adjustment = invoiceBody(m, {
      general: { adjustmentType: '5', adjustmentInvoiceType: '1', ...refs },
      items: [back],
      breakdown: [{ taxPercentage: 10, taxableAmount: 40_000, taxAmount: 4_000, taxableAmountPos: false, taxAmountPos: false }],
    });
    const made = await create(m, adjustment);
    expect(made.status).toBe(200);
    const row = (await search(m, adjustment.generalInvoiceInfo.transactionUuid)).body.result[0];
    expect(row).toMatchObject({
      adjustmentType: '5',
      adjustmentInvoiceType: '1',
      originalInvoiceId: found.invoiceNo,
      adjustedNote: 'Khách trả lại 2 chai bia',
      totalBeforeTax: -40_000,
      taxAmount: -4_000,
      total: -44_000,
    });
    // The list carries both; the original's total with its adjustment is the new total.
    const listed = await t.api('POST', `${API}/InvoiceUtilsWS/getInvoices`, {
      token: m.token,
      body: { supplierTaxCode: PHOCO_TAX, startDate: found.issueDate - 86_400_000, endDate: t.sandbox.clock.now() + 86_400_000 },
    });
    const invoices = listed.body.invoices as { invoiceNo: string; total: number; originalInvoiceId?: string }[];
    const original = invoices.find((i) => i.invoiceNo === found.invoiceNo)!;
    const linked = invoices.filter((i) => i.originalInvoiceId === found.invoiceNo);
    expect(original.total + linked.reduce((sum, i) => sum + i.total, 0)).toBe(152_000);
    // The PDF names the original and the reason, the difference and the total after it.
    expect((await file(m, made.body.result.invoiceNo)).body.errorCode).toBe('INVOICE_FILE_NOT_READY');
    const pdf = await file(m, made.body.result.invoiceNo);
    const text = pdfText(pdf.body.fileToBytes);
    if (text === null) return;
    const day = vnDay(found.issueDate).split('-');
    expect(text).toContain(
      `Điều chỉnh cho hóa đơn Mẫu số 1 ký hiệu ${m.vatSeries} số ${found.invoiceNumber} ngày ${day[2]} tháng ${day[1]} năm ${day[0]}`,
    );
    expect(text).toContain('Khách trả lại 2 chai bia');
    expect(text).toMatch(/-44[.,]000/);
    expect(text).toMatch(/sau điều chỉnh[^\n]*152[.,]000/);
  });

  it("issue 25 §5: refuses a correction of an unknown original, one not sent, a second replacement, another merchant's original, and one without its reason", async () => {
    const m = await freshMerchant();
    const { body, found, refs } = await sentOriginal(m);
    const replacement = (general: Record<string, unknown> = {}) =>
      invoiceBody(m, { general: { adjustmentType: '3', ...refs, ...general }, items: [item('Phở bò', 2, 50_000, 8)] });
    const refused = async (what: string, request: unknown, message: string) => {
      const res = await create(m, request);
      expect([what, res.status, res.body.errorCode]).toEqual([what, 400, 'BAD_REQUEST']);
      expect(res.body.description).toContain(message);
    };
    await refused('unknown', replacement({ originalInvoiceId: `${m.vatSeries}999` }), 'ORIGINAL_INVOICE_NOT_FOUND');
    await refused(
      'wrong date',
      replacement({ originalInvoiceIssueDate: found.issueDate - 3 * 86_400_000 }),
      'ORIGINAL_INVOICE_INFO_INVALID',
    );
    await refused('no reason', replacement({ adjustedNote: null, additionalReferenceDesc: null }), 'additionalReferenceDesc');
    // Not sent yet: it is still the seller's to change; nothing corrects it.
    const draft = invoiceBody(m);
    const draftNo = (await create(m, draft)).body.result.invoiceNo;
    await refused('not sent', replacement({ originalInvoiceId: draftNo }), 'ORIGINAL_INVOICE_NOT_SENT');
    // Another merchant (its own login, no invoices yet) naming this merchant's original: unknown to it.
    const other = await freshMerchant();
    const theirs = await create(other, {
      ...replacement(),
      generalInvoiceInfo: { ...replacement().generalInvoiceInfo, transactionUuid: newUuid() },
    });
    expect([theirs.status, theirs.body.description]).toEqual([400, expect.stringContaining('ORIGINAL_INVOICE_NOT_FOUND')]);
    // One replacement; the same request again answers it; a second one is refused.
    const first = replacement();
    const made = await create(m, first);
    expect(made.status).toBe(200);
    expect((await create(m, first)).body.result.invoiceNo).toBe(made.body.result.invoiceNo);
    await refused('second replacement', replacement(), 'ORIGINAL_INVOICE_REPLACED');
    await refused(
      'adjusting a replaced one',
      invoiceBody(m, {
        general: { adjustmentType: '5', adjustmentInvoiceType: '2', ...refs },
        items: [{ itemName: 'Điều chỉnh địa chỉ' }],
        breakdown: null,
      }),
      'ORIGINAL_INVOICE_REPLACED',
    );
    expect(body.generalInvoiceInfo.transactionUuid).toBeTruthy();
  });
});

describe('Viettel S-Invoice: sending to the tax authority (signing)', () => {
  it('sends only while not sent; a C series gets its tax-authority code after a delay', async () => {
    expect([1, 2].map(viettelMaySign)).toEqual([true, true]);
    expect([3, 4, 5, 6, 7, 8].map(viettelMaySign)).toEqual(Array(6).fill(false));
    expect([notSentStatus('C26TVT'), sentStatus('C26TVT'), doneStatus('C26TVT')]).toEqual([1, 4, 5]);
    expect([notSentStatus('K26TVT'), sentStatus('K26TVT'), doneStatus('K26TVT')]).toEqual([2, 3, 6]);

    const m = await freshMerchant();
    const body = invoiceBody(m);
    await create(m, body);
    const uuid = body.generalInvoiceInfo.transactionUuid;
    const sent = await send(m, uuid);
    expect(sent.status).toBe(200);
    expect(sent.body.result).toMatchObject({ status: VIETTEL_CQT.sentWithCode, statusName: 'INVOICE_HAS_CODE_SENT', codeOfTax: null });
    expect(typeof sent.body.result.sentDate).toBe('number');
    const again = await send(m, uuid);
    expect([again.status, again.body.errorCode]).toEqual([400, 'INVOICE_ALREADY_SENT']);
    t.sandbox.clock.advance(VIETTEL_CODE_DELAY_MS / 1000);
    try {
      const coded = (await search(m, uuid)).body.result[0];
      expect(coded).toMatchObject({ status: VIETTEL_CQT.codeGranted, statusName: 'INVOICE_HAS_CODE_APPROVED' });
      expect(coded.codeOfTax).toMatch(/^[0-9A-F]{34}$/);
    } finally {
      t.sandbox.clock.advance(-VIETTEL_CODE_DELAY_MS / 1000);
    }
    expect((await send(m, uuid)).body.errorCode).toBe('INVOICE_ALREADY_SENT');
  });

  it('a K series (no tax-authority code) walks 2 → 3 → 6 and never gets a code', async () => {
    const m = await freshMerchant();
    // The seed registers the K series inactive; this merchant's account turns it on.
    const account = (await getAccount(t.sandbox.db, m.id, 'viettel'))!;
    await updateAccount(t.sandbox.db, m.id, 'viettel', { series: account.series.map((s) => ({ ...s, active: true })) });
    const body = invoiceBody(m, { general: { invoiceSeries: m.inactiveSeries } });
    expect((await create(m, body)).body.result.invoiceNo).toBe(`${m.inactiveSeries}1`);
    const uuid = body.generalInvoiceInfo.transactionUuid;
    expect((await search(m, uuid)).body.result[0]).toMatchObject({
      status: VIETTEL_CQT.notSentNoCode,
      statusName: 'INVOICE_NO_CODE_NOT_SENT',
    });
    expect((await send(m, uuid)).body.result).toMatchObject({ status: VIETTEL_CQT.sentNoCode });
    t.sandbox.clock.advance(VIETTEL_CODE_DELAY_MS / 1000);
    try {
      expect((await search(m, uuid)).body.result[0]).toMatchObject({ status: VIETTEL_CQT.accepted, codeOfTax: null });
    } finally {
      t.sandbox.clock.advance(-VIETTEL_CODE_DELAY_MS / 1000);
    }
  });

  it('another merchant can neither read nor send it; an unknown uuid reads the same', async () => {
    const m = await freshMerchant();
    const other = await freshMerchant();
    const body = invoiceBody(m);
    await create(m, body);
    const uuid = body.generalInvoiceInfo.transactionUuid;
    const foreignRead = await search(m, uuid, other.token);
    const unknown = await search(m, 'no-such-uuid');
    expect([foreignRead.status, foreignRead.body.errorCode]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect(foreignRead.body).toEqual(unknown.body);
    expect((await send(m, uuid, other.token)).body.errorCode).toBe('INVOICE_NOT_FOUND');
    expect((await search(m, uuid)).body.result[0].status).toBe(VIETTEL_CQT.notSentWithCode);
  });
});
