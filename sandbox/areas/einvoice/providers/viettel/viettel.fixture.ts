/** What the Viettel emulator tests share (viettel.*.test.ts): one sandbox per file, throwaway phoco copies signed in to Viettel, invoice bodies and the calls. */
import { afterAll, beforeAll, expect } from 'vitest';
import { pdfText as pdfTextOf } from '../../../../platform/test/pdf-text';
import { startTestSandbox, type TestSandbox } from '../../../../platform/test/harness';
import { EINV_PASSWORD, einvUsername } from '../../core/accounts';
import { vnDay } from '../../core/vat';
import { VIETTEL_API } from './common';

export let t: TestSandbox;
/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useViettelFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox({ seedVolume: 'small' });
  });
  afterAll(() => t.close());
}

export const V = '/api/einvoice/viettel';
export const API = `${V}${VIETTEL_API}`;
export const PHOCO_TAX = '0108123455';

export interface Merchant {
  id: string;
  /** The portal sign-in of the copy's owner. */
  portal: { username: string; password: string };
  username: string;
  token: string;
  vatSeries: string;
  salesSeries: string;
  inactiveSeries: string;
}

export async function freshMerchant(): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  const username = einvUsername({ alias: made.body.alias, template: 'phoco' }, 'viettel');
  const login = await t.api('POST', `${V}/auth/login`, { body: { username, password: EINV_PASSWORD } });
  expect(login.status).toBe(200);
  const yy = vnDay(t.sandbox.clock.now()).slice(2, 4);
  return {
    id: made.body.merchant_id,
    portal: { username: made.body.username, password: made.body.password },
    username,
    token: login.body.access_token,
    vatSeries: `C${yy}TVT`,
    salesSeries: `C${yy}TVB`,
    inactiveSeries: `K${yy}TVX`,
  };
}

export let uuidCounter = 0;
/** A transactionUuid of 10 to 36 characters (integration document §6.2). */
export const newUuid = () => `tx-${process.pid}-${String(++uuidCounter).padStart(6, '0')}`;

/**
 * One goods line as Viettel reads it (§6.6, D231): unit price and amount before tax, the line's rate
 * and its VAT. `rate` null: a sales-invoice line (-2, no VAT).
 */
export function item(itemName: string, quantity: number, unitPrice: number, rate: number | null, more: Record<string, unknown> = {}) {
  const amount = Math.round(quantity * unitPrice);
  return {
    itemName,
    quantity,
    unitPrice,
    itemTotalAmountWithoutTax: amount,
    taxPercentage: rate ?? -2,
    taxAmount: rate === null || rate < 0 ? 0 : Math.round((amount * rate) / 100),
    ...more,
  };
}

/** The breakdown of goods lines (§6.7): each rate once, the sums of its lines. */
export function breakdownOf(items: ReturnType<typeof item>[]) {
  const rates = [...new Set(items.map((i) => i.taxPercentage))];
  return rates.map((taxPercentage) => {
    const members = items.filter((i) => i.taxPercentage === taxPercentage);
    return {
      taxPercentage,
      taxableAmount: members.reduce((sum, i) => sum + i.itemTotalAmountWithoutTax, 0),
      taxAmount: members.reduce((sum, i) => sum + i.taxAmount, 0),
    };
  });
}

/** doc 2's hot pot: 1,759,259 before tax at 8 % is 140,741 of VAT, 1,900,000 paid. */
export const HOT_POT = () => [item('Lẩu cua đồng', 1, 1_759_259, 8, { lineNumber: 1, unitName: 'nồi' })];

export function invoiceBody(
  m: Merchant,
  over: { general?: Record<string, unknown>; buyer?: Record<string, unknown>; items?: unknown[]; breakdown?: unknown[] | null } = {},
) {
  const sales = String(over.general?.templateCode ?? '').startsWith('2');
  const items = (over.items ?? (sales ? [item('Lẩu cua đồng', 1, 1_900_000, null)] : HOT_POT())) as ReturnType<typeof item>[];
  const breakdown = over.breakdown === undefined ? (sales || !Array.isArray(items) ? null : breakdownOf(items)) : over.breakdown;
  return {
    generalInvoiceInfo: {
      invoiceType: '1',
      templateCode: '1/001',
      invoiceSeries: m.vatSeries,
      currencyCode: 'VND',
      adjustmentType: '1',
      paymentStatus: true,
      cusGetInvoiceRight: true,
      transactionUuid: newUuid(),
      ...over.general,
    },
    buyerInfo: { buyerName: 'Khách lẻ', ...over.buyer },
    payments: [{ paymentMethodName: 'TM' }],
    itemInfo: items,
    ...(breakdown ? { taxBreakdowns: breakdown } : {}),
  };
}

/** A sales invoice (template 2): no VAT on its lines, no breakdown. */
export const salesBody = (m: Merchant, over: Parameters<typeof invoiceBody>[1] = {}) =>
  invoiceBody(m, { ...over, general: { invoiceType: '2', templateCode: '2/001', invoiceSeries: m.salesSeries, ...over.general } });

export const create = (m: Merchant, body: unknown, supplier = PHOCO_TAX) =>
  t.api('POST', `${API}/InvoiceWS/createInvoice/${supplier}`, { token: m.token, body });
export const search = (m: Merchant, transactionUuid: string, token = m.token) =>
  t.api('POST', `${API}/InvoiceWS/searchInvoiceByTransactionUuid`, { token, body: { supplierTaxCode: PHOCO_TAX, transactionUuid } });
export const send = (m: Merchant, transactionUuid: string, token = m.token) =>
  t.api('POST', `${API}/InvoiceWS/sendInvoiceByTransactionUuid`, { token, body: { supplierTaxCode: PHOCO_TAX, transactionUuid } });
export const file = (m: Merchant, invoiceNo: string, templateCode = '1/001') =>
  t.api('POST', `${API}/InvoiceUtilsWS/getInvoiceRepresentationFile`, {
    token: m.token,
    body: { supplierTaxCode: PHOCO_TAX, invoiceNo, templateCode, fileType: 'PDF' },
  });
export const fault = (m: Merchant, name: string, extra: Record<string, string> = {}) =>
  t.api('POST', '/sandbox/triggers/einvoice-fault', { body: { provider: 'viettel', fault: name, merchant: m.id, ...extra } });

/** The text of a base64 PDF laid out as on the page, or null when poppler-utils is missing. */
export const pdfText = (base64: string) => pdfTextOf(Buffer.from(base64, 'base64'), { layout: true });
