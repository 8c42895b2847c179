import { parseEivCode } from '../../../src/rules/einvoiceCode';
import { vnToday } from '../../../src/rules/vnTime';
import { paidAtOf, termsForYear, toExportInput, walkInBuyer } from '../../../src/services/orders/einvoice/mapping';
import { orderDetailSchema, type OrderDetail } from '../../../src/services/orders/schemas';
import { toServiceError } from '../../../src/services/http/errors';
import {
  sellerToken,
  type CorrectionRequest,
  type EinvoiceRow,
  type ProviderAdapter,
  type ProviderRoute,
} from '../../../src/services/einvoice';
import { issueToken } from '../../areas/einvoice/core/accounts';
import { orderDetail } from '../../areas/orders/model';
import type { SandboxContext } from '../context';
import type { Database } from '../db/database';
import { wakeInvoiceQueue } from './einvoice-wake';

/**
 * The e-invoice adjustment of a refund (issue 27 §1: "the e-invoice is corrected through the
 * adjustment of the e-invoice issue"; D243, D263, D313). Decree 70/2025 leaves no cancellation: money
 * given back on an invoiced order is an adjusting invoice that decreases the refunded lines, priced as
 * sold at the rates of the sale's day, and names the original. The refund's success queues it
 * (`queueRefundAdjustment`, in the refund's own path) and the sale service's e-invoice worker
 * (einvoice-queue.ts) issues it through the portal's own adapter and its `correctInvoice`, the call the
 * invoice list's correction makes, with a key of the refund's so a retry after a lost answer gets the
 * first adjustment back. A provider down or the original still being issued is tried again later; a
 * refusal fails it for the merchant to correct by hand from the invoice list.
 */

/** The provider's key of a refund's adjustment: 10 to 36 characters (CorrectionRequest.key). */
export const adjustmentKey = (refundId: number) => `refund-adj-${String(refundId).padStart(8, '0')}`;

const MAX_ATTEMPTS = 10;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 30 * 60_000;
const CLAIM_MS = 2 * 60_000;

/**
 * Called when a refund has given money back: queues its adjustment when the order has an invoice or
 * one queued at the sale (a refund before the sale's invoice is out waits for it). Once per refund.
 */
export async function queueRefundAdjustment(db: Database, refundId: number, now: number): Promise<void> {
  const queued = await db.query(
    `INSERT INTO sale_refund_adjustments (refund_id, merchant_id, order_id, state, next_at, created_at, updated_at)
     SELECT r.id, r.merchant_id, r.order_id, 'QUEUED', $2, $2, $2 FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id
      WHERE r.id = $1 AND r.status = 'SUCCESS'
        AND (o.eiv_code IS NOT NULL OR EXISTS (SELECT 1 FROM sale_einvoice_jobs j WHERE j.order_id = o.id AND j.state <> 'FAILED'))
     ON CONFLICT (refund_id) DO NOTHING RETURNING refund_id`,
    [refundId, now],
  );
  if (queued.length > 0) wakeInvoiceQueue(db);
}

export interface AdjustDeps {
  adapter: (route: ProviderRoute, baseURL: string) => ProviderAdapter;
  transient: (code: string, status: number) => boolean;
}

class AdjustFailure extends Error {
  constructor(
    readonly code: string,
    readonly transient: boolean,
    message: string,
  ) {
    super(message);
  }
}

interface AdjustJob {
  refund_id: number;
  merchant_id: string;
  order_id: number;
  attempts: number;
}

interface RefundRow {
  amount: number;
  note: string;
  lines: Array<{ item_id: number; product_id: number; code: string; name: string; price: number; quantity: number }>;
}

/** The original invoice as the provider lists it: its rows from the sale's day to today, by number and lookup code. */
async function originalRow(adapter: ProviderAdapter, token: string, eivCode: string, paidAt: number, now: number): Promise<EinvoiceRow> {
  const parts = parseEivCode(eivCode);
  if (!parts) throw new AdjustFailure('EINV_ORIGINAL_UNKNOWN', false, 'The order carries no invoice code');
  for (let page = 1; page <= 50; page++) {
    const query = { from: vnToday(paidAt), to: vnToday(now), q: '', serial: '', released: 'all' as const, page, pageSize: 100 };
    const { rows, total } = await adapter.listInvoices(token, query);
    const found = rows.find((r) => r.seq === parts.seq && r.searchCode === parts.searchCode);
    if (found) return found;
    if (page * 100 >= total) break;
  }
  throw new AdjustFailure('EINV_ORIGINAL_UNKNOWN', false, 'The provider lists no invoice with the order’s code');
}

/** The refunded lines as an invoice in the export's shape: each at its price as sold and its rate on the sale's day. */
async function refundedDetail(ctx: SandboxContext, detail: OrderDetail, refund: RefundRow): Promise<OrderDetail> {
  const classes = await ctx.db.query<{ id: number; tax_class: string }>(
    `SELECT id, tax_class FROM sale_order_items WHERE id = ANY($1::int[])`,
    [refund.lines.map((l) => l.item_id)],
  );
  const products = refund.lines.map((l) => ({
    product_id: l.product_id,
    code: l.code,
    name: l.name,
    img: null,
    amount: l.quantity,
    price: l.price,
    tax_class: classes.find((c) => c.id === l.item_id)?.tax_class,
  }));
  return orderDetailSchema.parse({ ...detail, products_data: products });
}

async function adjustOne(ctx: SandboxContext, baseUrl: string, job: AdjustJob, deps: AdjustDeps): Promise<string> {
  const [settings] = await ctx.db.query<{ provider: ProviderRoute; tax_code: string; serial: string | null; active: boolean }>(
    `SELECT provider, tax_code, serial, active FROM einv_settings WHERE merchant_id = $1`,
    [job.merchant_id],
  );
  if (!settings?.active) throw new AdjustFailure('EINV_NOT_SET_UP', false, 'The e-invoice set-up was cancelled');
  const detail = orderDetailSchema.parse(await orderDetail(ctx.db, job.merchant_id, { id: job.order_id }));
  const eivCode = detail.invoice_data.eiv_code;
  // The sale's own invoice is still being issued: the adjustment follows it.
  if (!eivCode) throw new AdjustFailure('EINV_ORIGINAL_PENDING', true, 'The order’s invoice is not issued yet');
  const [refund] = await ctx.db.query<RefundRow & Record<string, unknown>>(
    `SELECT amount::float8 AS amount, note, lines FROM sale_refunds WHERE id = $1`,
    [job.refund_id],
  );
  if (!refund) throw new AdjustFailure('NOT_FOUND', false, 'No such refund');
  const now = ctx.clock.now();
  const paidAt = paidAtOf(detail);
  const adapter = deps.adapter(settings.provider, `${baseUrl}/api/einvoice/${settings.provider}`);
  const token = sellerToken((await issueToken(ctx.db, settings.provider, job.merchant_id, now)).token, settings.tax_code);
  try {
    const serials = await adapter.listSerials(token);
    // D230: the adjustment is issued today, on the saved symbol of today's year.
    const terms = termsForYear(serials, settings.serial, now);
    if (terms === 'invalid' || terms === 'year')
      throw new AdjustFailure('EINV_SERIAL_INVALID', false, 'No serial of the provider for today');
    const original = await originalRow(adapter, token, eivCode, paidAt, now);
    const key = adjustmentKey(job.refund_id);
    const invoice = { ...toExportInput(await refundedDetail(ctx, detail, refund), walkInBuyer(), terms, now, ctx.options.vatRates) };
    const note = refund.note.trim();
    const correction: CorrectionRequest = {
      kind: 'adjust',
      adjustKind: 'amount',
      key,
      reason: `Điều chỉnh giảm do hoàn tiền đơn ${detail.invoice_data.order_code}${note ? `: ${note}` : ''}`.slice(0, 250),
      invoice: { ...invoice, orderId: key, orderCode: key },
      decreases: invoice.lines.map(() => true),
    };
    return (await adapter.correctInvoice(token, original, correction)).eivCode;
  } catch (error) {
    if (error instanceof AdjustFailure) throw error;
    const e = toServiceError(error);
    throw new AdjustFailure(e.code, deps.transient(e.code, e.status), e.serverMessage ?? e.message);
  }
}

/**
 * One round over the due adjustments (the e-invoice worker's, after its invoices): each claimed once
 * (`FOR UPDATE SKIP LOCKED`), issued, or put back with backoff, or failed. Answers the refunds adjusted.
 */
export async function runRefundAdjustments(ctx: SandboxContext, baseUrl: string, deps: AdjustDeps): Promise<number[]> {
  const [table] = await ctx.db.query<{ ok: boolean }>(`SELECT to_regclass('sale_refund_adjustments') IS NOT NULL AS ok`);
  if (!table?.ok) return [];
  const adjusted: number[] = [];
  const now = ctx.clock.now();
  const jobs = await ctx.db.query<AdjustJob & Record<string, unknown>>(
    `UPDATE sale_refund_adjustments a SET state = 'ISSUING', attempts = a.attempts + 1, claimed_until = $1::bigint + $2::bigint, updated_at = $1
      WHERE a.refund_id IN (
        SELECT refund_id FROM sale_refund_adjustments
         WHERE (state = 'QUEUED' AND next_at <= $1) OR (state = 'ISSUING' AND claimed_until <= $1)
         ORDER BY next_at, refund_id LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING a.refund_id, a.merchant_id, a.order_id, a.attempts`,
    [now, CLAIM_MS],
  );
  for (const job of jobs) {
    try {
      const code = await adjustOne(ctx, baseUrl, job, deps);
      await ctx.db.query(
        `UPDATE sale_refund_adjustments SET state = 'ISSUED', eiv_code = $2, error_code = NULL, error_message = NULL, claimed_until = NULL, updated_at = $3
          WHERE refund_id = $1`,
        [job.refund_id, code, ctx.clock.now()],
      );
      adjusted.push(job.refund_id);
    } catch (error) {
      const failure = error instanceof AdjustFailure ? error : new AdjustFailure('UNKNOWN_ERROR', true, String(error));
      const giveUp = !failure.transient || job.attempts >= MAX_ATTEMPTS;
      const at = ctx.clock.now();
      await ctx.db.query(
        `UPDATE sale_refund_adjustments SET state = $2, next_at = $3, error_code = $4, error_message = $5, claimed_until = NULL, updated_at = $6
          WHERE refund_id = $1`,
        [
          job.refund_id,
          giveUp ? 'FAILED' : 'QUEUED',
          giveUp ? at : at + Math.min(FIRST_DELAY_MS * 2 ** (job.attempts - 1), MAX_DELAY_MS),
          failure.code,
          failure.message.slice(0, 500),
          at,
        ],
      );
    }
  }
  return adjusted;
}
