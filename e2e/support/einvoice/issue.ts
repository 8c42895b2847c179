import { toExportInput, walkInBuyer } from '../../../src/services/orders/einvoice/mapping';
import { orderDetailSchema, type OrderDetail } from '../../../src/services/orders/schemas';
import {
  createFptAdapter,
  createMInvoiceAdapter,
  createMisaAdapter,
  createViettelAdapter,
  type ExportInput,
  type ExportResult,
  type Serial,
} from '../../../src/services/einvoice';
import { expectOk, providerAccount, type EinvoiceMerchant, type PortalApi, type ProviderRoute } from './portal';

/**
 * Orders and invoices (support/einvoice.ts): completed orders, and invoices issued through the
 * portal's own provider adapters, so a spec has real invoices without driving the export.
 */

/** An order as GET /api/sale/order answers it (the fields these helpers read). */
export interface OrderSummary {
  order_id: number;
  order_code: string;
  invoice_id: number;
  status: number;
  total_money: number;
  payment_method: 'QR' | 'CASH' | 'CARD' | 'LINK' | null;
  eiv_code: string | null;
  is_eiv_exported: boolean;
  name: string;
}

/** Completed orders not exported yet, newest first (GET /api/sale/order?order_status=0&is_eiv_exported=0). */
export async function completedOrders(api: PortalApi, count = 10): Promise<OrderSummary[]> {
  const body = expectOk(
    await api.request('GET', `/api/sale/order?order_status=0&is_eiv_exported=0&page=1&page_size=${count}`),
    'completed orders',
  );
  return body.data as OrderSummary[];
}

export interface IssuedInvoice {
  provider: ProviderRoute;
  /** The provider's own id (hoadon68_id, TransactionID, sid, transactionID) as the portal's rows carry it. */
  providerId: string;
  /** The series without the template digit (C26TFP). */
  serial: string;
  number: number;
  lookupCode: string;
  cqtCode: string | null;
  /** `{cqt}::{lookup}::{number}`, saved on the order. */
  eivCode: string;
}

/**
 * The dated VAT table the sandbox publishes to the portal (config.json's `vatRates`, D226), as the
 * export reads it: e2e takes the deployment's table rather than a copy of its own.
 */
export async function vatRatesOf(api: PortalApi): Promise<Parameters<typeof toExportInput>[4]> {
  const res = await fetch(`${api.baseURL}/portal/config.json`);
  if (!res.ok) throw new Error(`config.json → HTTP ${res.status}`);
  return ((await res.json()) as { vatRates: Parameters<typeof toExportInput>[4] }).vatRates;
}

const ADAPTERS = { 'm-invoice': createMInvoiceAdapter, misa: createMisaAdapter, fpt: createFptAdapter, viettel: createViettelAdapter };

/**
 * Issues an invoice through the portal's own adapter of the provider (the same request the export
 * sends, D229: the figures worked once by invoiceTotals in the provider's fields), logged in
 * with the merchant's own provider account, on the account's VAT series. So e2e fixtures never
 * carry a second, hand-written copy of four providers' request shapes.
 */
export async function issueThroughAdapter(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  route: ProviderRoute,
  build: (serial: Serial) => ExportInput,
): Promise<ExportResult & { number: number; lookupCode: string; cqtCode: string | null }> {
  const adapter = ADAPTERS[route]({ baseURL: `${api.baseURL}/api/einvoice/${route}` });
  const { username, password, taxCode } = providerAccount(merchant, route);
  const token = (await adapter.login({ taxCode, username, password })).token;
  const serials = await adapter.listSerials(token);
  const serial = serials.find((e) => e.templateCode === '1' && /^\d?C/.test(e.value));
  if (!serial) throw new Error(`${route}: no active VAT series`);
  const result = await adapter.createInvoice(token, build(serial));
  const [cqt, lookupCode, number] = result.eivCode.split('::');
  return { ...result, number: Number(number), lookupCode: lookupCode!, cqtCode: cqt ? cqt : null };
}

/**
 * A paid order of one line as the sale service would answer it, to issue an invoice for a sale that
 * has no order here (the list specs' named buyers): one dish at `total` đồng VAT included, paid now.
 */
export function oneLineSale(ref: string, item: string, total: number): OrderDetail {
  const now = Math.floor(Date.now() / 1000);
  return {
    invoice_data: {
      order_id: 1,
      order_code: ref,
      invoice_id: 1,
      invoice_code: ref,
      status: 0,
      payment_status: 1,
      total_price: total,
      total_money: total,
      sub_total: total,
      point: 0,
      updated_at: now,
      created_at: now,
      paid_at: now,
      table_id: null,
      table_name: null,
      customer_id: 0,
      name: 'Khách lẻ',
      phone_number: null,
      payment_method: 'CASH',
      receive_amount: total,
      return_amount: 0,
      eiv_code: null,
      cqt_code: null,
      is_eiv_exported: false,
      product_amount: 1,
      source: 'IN_STORE',
    },
    products_data: [{ product_id: 1, code: 'SP1', name: item, img: null, amount: 1, price: total, tax_class: 'REDUCED_ELIGIBLE' }],
  };
}

/** An invoice for a one-line sale to a named buyer, its own reference as the provider's key (as another till's export would send its order id). */
export async function issueOneLineSale(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  route: ProviderRoute,
  sale: { ref: string; buyer: string; item: string; total: number },
): ReturnType<typeof issueThroughAdapter> {
  const detail = oneLineSale(sale.ref, sale.item, sale.total);
  const rates = await vatRatesOf(api);
  return issueThroughAdapter(api, merchant, route, (serial) => ({
    ...toExportInput(detail, { isIndividual: true, name: sale.buyer }, { serial }, Date.now(), rates),
    orderId: sale.ref,
  }));
}

/**
 * Issues an invoice for a completed order through the provider's adapter (walk-in buyer, the order's
 * lines at their prices and tax classes, the rates of its payment's day; the order id is the
 * idempotency key, as the export sends it) and saves its eiv_code on the order (POST
 * /api/sale/invoice/eiv/{id}), so a list spec has real invoices without driving the export.
 */
export async function issueInvoiceFor(
  api: PortalApi,
  merchant: EinvoiceMerchant,
  provider: ProviderRoute,
  orderId: number | string,
): Promise<IssuedInvoice> {
  const detail = orderDetailSchema.parse(expectOk(await api.request('GET', `/api/sale/order/${orderId}`), `order ${orderId}`).data);
  const order = detail.invoice_data;
  if (order.status !== 0) throw new Error(`order ${orderId} is not completed (status ${order.status})`);
  const rates = await vatRatesOf(api);
  const issued = await issueThroughAdapter(api, merchant, provider, (serial) =>
    toExportInput(detail, walkInBuyer(), { serial }, Date.now(), rates),
  );
  const serial = issued.serial ?? '';
  const eivCode = issued.eivCode;
  expectOk(
    await api.request('POST', `/api/sale/invoice/eiv/${order.order_id}?is_orderid=true`, { body: { eiv_code: eivCode } }),
    `saving ${eivCode} on order ${orderId}`,
  );
  return {
    provider,
    eivCode,
    providerId: issued.providerId,
    // The symbol without the template digit (C26TFP), as the settings keep it.
    serial: serial.replace(/^\d(?=[CK])/, ''),
    number: issued.number,
    lookupCode: issued.lookupCode,
    cqtCode: issued.cqtCode,
  };
}
