import type { ServiceClient } from '../http/client';
import { z } from '../../config/zod-classic';
import {
  cardPaymentSchema,
  connectionSchema,
  invoiceDetailSchema,
  paymentSchema,
  qrAnswerSchema,
  soundboxPushSchema,
  terminalListSchema,
  type QrAnswer,
  type SoundboxPush,
  type InvoiceDetail,
  type Payment,
  type Terminal,
  type TerminalStatus,
} from './schemas';

/** The payment screen's calls on the sale service (doc 2 §7; docs/areas/orderpayment.md). Every answer is validated. */

export interface CashBody {
  invoiceId: number;
  receiveAmount: number;
  returnAmount: number;
  merchantId: string;
}

export interface CardBody {
  invoiceId: number;
  serialNumber: string;
}

/** doc 2 §7: merchant_city and mcc are sent when known (the session does not carry them; the service has defaults). */
export interface QrQuery {
  invoiceId: number;
  merchantName: string;
  merchantCity?: string;
  mcc?: string;
}

export interface OrderPaymentApi {
  invoice(orderId: number, signal?: AbortSignal): Promise<InvoiceDetail>;
  qr(query: QrQuery, signal?: AbortSignal): Promise<QrAnswer>;
  /** core §7 POST /payment/push-qr-terminal: the order's current QR to one of its store's Soundboxes (D298). */
  pushQr(body: { qr: string; serialNumber: string; orderId: number }, signal?: AbortSignal): Promise<SoundboxPush>;
  payCash(body: CashBody, idempotencyKey: string, signal?: AbortSignal): Promise<Payment>;
  payCard(body: CardBody, idempotencyKey: string, signal?: AbortSignal): Promise<Payment>;
  /** Newest first: what happened to a call whose answer was lost. */
  payments(invoiceId: number, signal?: AbortSignal): Promise<Payment[]>;
  terminals(signal?: AbortSignal): Promise<Terminal[]>;
  connection(serialNumber: string, signal?: AbortSignal): Promise<TerminalStatus>;
}

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function createOrderPaymentApi(client: ServiceClient): OrderPaymentApi {
  return {
    invoice: (orderId, signal) =>
      client.data({
        name: 'orderpayment.invoice',
        path: `/invoice/${orderId}`,
        query: { is_orderid: 'true' },
        schema: invoiceDetailSchema,
        signal,
      }),
    qr: ({ invoiceId, merchantName, merchantCity, mcc }, signal) =>
      client.data({
        name: 'orderpayment.qr',
        path: `/payment/qr/${invoiceId}`,
        query: { merchant_name: merchantName, merchant_city: merchantCity, mcc },
        schema: qrAnswerSchema,
        signal,
      }),
    // Safe to repeat: the service keeps one push per Soundbox, order and QR (D298), so no key is needed.
    pushQr: ({ qr, serialNumber, orderId }, signal) =>
      client.data({
        name: 'orderpayment.pushQr',
        method: 'POST',
        path: '/payment/push-qr-terminal',
        body: { qr, serial_number: serialNumber, order_id: orderId },
        schema: soundboxPushSchema,
        signal,
      }),
    payCash: ({ invoiceId, receiveAmount, returnAmount, merchantId }, idempotencyKey, signal) =>
      client.data({
        name: 'orderpayment.payCash',
        method: 'POST',
        path: '/payment/cash',
        body: {
          invoice_id: invoiceId,
          payment_method: 'CASH',
          receive_amount: receiveAmount,
          return_amount: returnAmount,
          merchant_id: merchantId,
        },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        schema: paymentSchema,
        signal,
      }),
    async payCard({ invoiceId, serialNumber }, idempotencyKey, signal) {
      const data = await client.data({
        name: 'orderpayment.payCard',
        method: 'POST',
        path: '/payment/pos',
        body: { invoice_id: invoiceId, serial_number: serialNumber, payment_method: 'CARD' },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        schema: cardPaymentSchema,
        signal,
      });
      return data.payment;
    },
    payments: (invoiceId, signal) =>
      client.data({
        name: 'orderpayment.payments',
        path: '/payment',
        query: { invoice_id: invoiceId },
        schema: z.array(paymentSchema),
        signal,
      }),
    async terminals(signal) {
      const body = await client.list({
        name: 'orderpayment.terminals',
        path: '/payment/device',
        query: { page_size: 10000 },
        schema: terminalListSchema,
        signal,
      });
      return body.data;
    },
    async connection(serialNumber, signal) {
      const data = await client.data({
        name: 'orderpayment.connection',
        path: '/payment/device/connection',
        query: { serial_number: serialNumber },
        schema: connectionSchema,
        signal,
      });
      return data.status;
    },
  };
}
