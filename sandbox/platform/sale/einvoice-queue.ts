import { issueDatedAtSale } from '../../../src/services/orders/einvoice/dating';
import { termsForYear, toExportInput, walkInBuyer } from '../../../src/services/orders/einvoice/mapping';
import { orderDetailSchema } from '../../../src/services/orders/schemas';
import { toServiceError } from '../../../src/services/http/errors';
import {
  datesAtSale,
  sellerToken,
  createFptAdapter,
  createMInvoiceAdapter,
  createMisaAdapter,
  createViettelAdapter,
  type ProviderAdapter,
  type ProviderRoute,
} from '../../../src/services/einvoice';
import { issueToken } from '../../areas/einvoice/core/accounts';
import { orderDetail } from '../../areas/orders/model';
import type { SandboxContext } from '../context';
import { registerInvoiceQueue, type InvoiceQueueHandle, type InvoiceRunResult } from './einvoice-wake';
import { runRefundAdjustments } from './refund-adjustment';

/**
 * The sale service's e-invoice worker (D248–D251). The payment's own statement queues
 * the order (settlement.ts, table sale_einvoice_jobs of einvoice/sql/003_auto_export.sql); this
 * worker claims due jobs (an UPDATE over a `FOR UPDATE SKIP LOCKED` pick, so two workers or two
 * rounds never take the same job), issues each at the merchant's provider through the portal's own
 * adapter (the same published request shape the emulator validates, D249), dated at the payment
 * (`paid_at`, whose Vietnam day also picks the rates, D251), with the order id as the provider's key
 * (D178: a retry after a lost answer gets the first invoice back, never a second), and saves the
 * code on the order as the manual export does. A provider that is down, a lost answer or an expired
 * token is retried with backoff on the sandbox clock (D250); a refusal the merchant must fix (no
 * set-up, a serial of another year, the provider's validation) fails at once, and a job that keeps
 * failing gives up after MAX_ATTEMPTS; either tells the merchant's sockets (`einvoice_failed`) and
 * shows on the order with a retry. Every step is a row, so a restart picks up what is due.
 */

/** Tries before a job that keeps meeting a down provider is given up (FAILED, with a retry for the merchant). */
export const MAX_ATTEMPTS = 10;
/** A claimed job whose worker died (a restart mid-call) is due again after this long. */
export const CLAIM_MS = 2 * 60_000;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 30 * 60_000;
/** Jobs one round claims at once. */
const BATCH = 20;

/**
 * D250: the wait after the n-th failed try: 30 s doubling each time (30 s, 1, 2, 4, 8, 16 min), at
 * most 30 min, so ten tries span about two hours of a provider's outage before the merchant is asked.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/** Failures a later try can outlive (the provider down or slow, a lost answer, a token ended between calls). */
const TRANSIENT = new Set(['EINV_PROVIDER_DOWN', 'NETWORK_ERROR', 'TIMEOUT', 'EINV_TOKEN_EXPIRED', 'UNKNOWN_ERROR', 'INVALID_RESPONSE']);

export function isTransient(code: string, status: number): boolean {
  return TRANSIENT.has(code) || status >= 500;
}

const ADAPTERS: Record<ProviderRoute, (options: { baseURL: string }) => ProviderAdapter> = {
  'm-invoice': createMInvoiceAdapter,
  misa: createMisaAdapter,
  fpt: createFptAdapter,
  viettel: createViettelAdapter,
};

interface Job {
  order_id: number;
  merchant_id: string;
  attempts: number;
}

interface SettingsRow {
  provider: ProviderRoute;
  tax_code: string;
  serial: string | null;
  active: boolean;
}

class JobFailure extends Error {
  constructor(
    readonly code: string,
    readonly transient: boolean,
    message: string,
  ) {
    super(message);
  }
}

type Outcome = { issued: { eivCode: string; serial: string | null; provider: ProviderRoute } };

/** Issues one claimed job's invoice, or throws JobFailure. */
async function issueOne(ctx: SandboxContext, baseUrl: string, job: Job): Promise<Outcome> {
  const [settings] = await ctx.db.query<SettingsRow & Record<string, unknown>>(
    `SELECT provider, tax_code, serial, active FROM einv_settings WHERE merchant_id = $1`,
    [job.merchant_id],
  );
  if (!settings?.active) throw new JobFailure('EINV_NOT_SET_UP', false, 'The e-invoice set-up was cancelled');
  // The order as the sale service answers it, read through the portal's schema as the export reads it.
  const detail = orderDetailSchema.parse(await orderDetail(ctx.db, job.merchant_id, { id: job.order_id }));
  const order = detail.invoice_data;
  if (order.eiv_code) return { issued: { eivCode: order.eiv_code, serial: null, provider: settings.provider } };
  if (order.status !== 0 || order.paid_at === null) throw new JobFailure('ORDER_NOT_COMPLETED', false, 'The order is not paid');
  const paidAt = order.paid_at * 1000;

  const adapter = ADAPTERS[settings.provider]({ baseURL: `${baseUrl}/api/einvoice/${settings.provider}` });
  // The product backend holds the merchant's provider access (D189): a token of its own for this round.
  const issued = await issueToken(ctx.db, settings.provider, job.merchant_id, ctx.clock.now());
  const token = sellerToken(issued.token, settings.tax_code);
  try {
    // D230, D254: the symbol's year is the invoice date's; the saved symbol is used for that year when the
    // provider offers it (C26TMS saved, a sale at 00:01 on 1 January goes on C27TMS). The date is the
    // payment's where the provider's create takes one (all four since M-Invoice's inv_invoiceIssuedDate, D261).
    const serials = await adapter.listSerials(token);
    const issue = async (dated: number) => {
      const terms = termsForYear(serials, settings.serial, dated);
      if (terms === 'invalid') throw new JobFailure('EINV_SERIAL_INVALID', false, 'The settings name no active serial of the provider');
      if (terms === 'year')
        throw new JobFailure('EINV_SERIAL_YEAR', false, 'The provider offers the saved serial for no invoice of that year');
      // D251: dated at the payment, at the rates of its Vietnam day (the rates stay the sale's whatever the date).
      const result = await adapter.createInvoice(token, toExportInput(detail, walkInBuyer(), terms, dated, ctx.options.vatRates));
      return { issued: { eivCode: result.eivCode, serial: result.serial, provider: settings.provider } };
    };
    // D254: dated at the payment where the provider takes a date; a date the provider refuses (a job
    // retried after an outage may come after a later sale's) is tried once more dated now, as the
    // manual export does.
    const dated = await issueDatedAtSale({ paidAt, now: ctx.clock.now(), providerDates: datesAtSale(settings.provider) }, issue, (error) =>
      error instanceof JobFailure ? error.code : toServiceError(error).code,
    );
    return dated.result;
  } catch (error) {
    if (error instanceof JobFailure) throw error;
    const e = toServiceError(error);
    throw new JobFailure(e.code, isTransient(e.code, e.status), e.serverMessage ?? e.message);
  }
}

/** The issued code on the order, as POST /invoice/eiv saves it; a code saved meanwhile (a manual export) stays. */
async function saveCode(ctx: SandboxContext, job: Job, eivCode: string): Promise<string> {
  const cqt = eivCode.split('::')[0] || null;
  const [saved] = await ctx.db.query<{ eiv_code: string }>(
    `UPDATE sale_orders SET eiv_code = $3, cqt_code = $4, is_eiv_exported = true
      WHERE id = $1 AND merchant_id = $2 AND eiv_code IS NULL RETURNING eiv_code`,
    [job.order_id, job.merchant_id, eivCode, cqt],
  );
  if (saved) return saved.eiv_code;
  const [now] = await ctx.db.query<{ eiv_code: string | null }>(`SELECT eiv_code FROM sale_orders WHERE id = $1`, [job.order_id]);
  return now?.eiv_code ?? eivCode;
}

/** Claims every due job (queued and due, or claimed by a worker that never came back). */
async function claim(ctx: SandboxContext): Promise<Job[]> {
  const now = ctx.clock.now();
  return ctx.db.query<Job & Record<string, unknown>>(
    `UPDATE sale_einvoice_jobs j SET state = 'ISSUING', attempts = j.attempts + 1, claimed_until = $1::bigint + $2::bigint, updated_at = $1
      WHERE j.order_id IN (
        SELECT order_id FROM sale_einvoice_jobs
         WHERE (state = 'QUEUED' AND next_at <= $1) OR (state = 'ISSUING' AND claimed_until <= $1)
         ORDER BY next_at, order_id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING j.order_id, j.merchant_id, j.attempts`,
    [now, CLAIM_MS, BATCH],
  );
}

async function round(ctx: SandboxContext, baseUrl: string): Promise<InvoiceRunResult> {
  const result: InvoiceRunResult = { issued: [], retrying: [], failed: [] };
  for (;;) {
    const jobs = await claim(ctx);
    if (jobs.length === 0) {
      // Then the refunds' adjusting invoices (D313), after the sales' invoices they adjust.
      const adjusted = await runRefundAdjustments(ctx, baseUrl, {
        adapter: (route, baseURL) => ADAPTERS[route]({ baseURL }),
        transient: isTransient,
      });
      return adjusted.length > 0 ? { ...result, adjusted } : result;
    }
    for (const job of jobs) {
      try {
        const { issued } = await issueOne(ctx, baseUrl, job);
        const code = await saveCode(ctx, job, issued.eivCode);
        await ctx.db.query(
          `UPDATE sale_einvoice_jobs SET state = 'ISSUED', eiv_code = $2, serial = $3, provider = $4, error_code = NULL,
             error_message = NULL, claimed_until = NULL, updated_at = $5 WHERE order_id = $1`,
          [job.order_id, code, code === issued.eivCode ? issued.serial : null, issued.provider, ctx.clock.now()],
        );
        result.issued.push(job.order_id);
        ctx.realtime.emitToMerchant('sale', job.merchant_id, 'einvoice_issued', { data: { order_id: job.order_id, eiv_code: code } });
      } catch (error) {
        const failure =
          error instanceof JobFailure
            ? error
            : new JobFailure('UNKNOWN_ERROR', true, error instanceof Error ? error.message : String(error));
        const now = ctx.clock.now();
        const giveUp = !failure.transient || job.attempts >= MAX_ATTEMPTS;
        await ctx.db.query(
          `UPDATE sale_einvoice_jobs SET state = $2, next_at = $3, error_code = $4, error_message = $5, claimed_until = NULL, updated_at = $6
            WHERE order_id = $1`,
          [
            job.order_id,
            giveUp ? 'FAILED' : 'QUEUED',
            giveUp ? now : now + retryDelayMs(job.attempts),
            failure.code,
            failure.message.slice(0, 500),
            now,
          ],
        );
        if (giveUp) {
          result.failed.push(job.order_id);
          ctx.realtime.emitToMerchant('sale', job.merchant_id, 'einvoice_failed', {
            data: { order_id: job.order_id, error_code: failure.code },
          });
          await notifyFailed(ctx, job, now);
        } else {
          result.retrying.push(job.order_id);
        }
      }
    }
  }
}

/** Bell notification type 3 (notifications/sql/003_einvoice_failed.sql, D257): an invoice the sale service could not issue. */
export const EINVOICE_FAILED_NOTIFICATION = 3;

/**
 * D257: a failure reaches the owner's bell as well as the cashier's order: a stored
 * notification of the order (type 3) and the sale socket's `notification` event, as a new order's
 * is. A sandbox without the notifications area skips it.
 */
async function notifyFailed(ctx: SandboxContext, job: Job, now: number): Promise<void> {
  const [bell] = await ctx.db.query<{ ok: boolean }>(`SELECT to_regclass('notifications') IS NOT NULL AS ok`);
  if (!bell?.ok) return;
  const [row] = await ctx.db.query<{ id: number; order_code: string; table_name: string | null }>(
    `INSERT INTO notifications (merchant_id, notification_type, order_id, order_code, table_name, created_at)
     SELECT o.merchant_id, $3, o.id, o.order_code, o.table_name, $4 FROM sale_orders o
      WHERE o.id = $1 AND o.merchant_id = $2
     RETURNING id, order_code, table_name`,
    [job.order_id, job.merchant_id, EINVOICE_FAILED_NOTIFICATION, now],
  );
  if (!row) return;
  ctx.realtime.emitToMerchant('sale', job.merchant_id, 'notification', {
    id: row.id,
    notification_type: EINVOICE_FAILED_NOTIFICATION,
    order_id: job.order_id,
    order_code: row.order_code,
    table_name: row.table_name,
    created_at: Math.floor(now / 1000),
  });
}

/** When the next job falls due (a queued job's next_at, a claim's end), or null when none waits. */
async function nextDue(ctx: SandboxContext): Promise<number | null> {
  const [adjustments] = await ctx.db.query<{ ok: boolean }>(`SELECT to_regclass('sale_refund_adjustments') IS NOT NULL AS ok`);
  const due = (table: string) =>
    `SELECT CASE state WHEN 'QUEUED' THEN next_at ELSE claimed_until END AS at FROM ${table} WHERE state IN ('QUEUED', 'ISSUING')`;
  const [row] = await ctx.db.query<{ at: number | null }>(
    `SELECT min(at)::float8 AS at FROM (${due('sale_einvoice_jobs')}${adjustments?.ok ? ` UNION ALL ${due('sale_refund_adjustments')}` : ''}) d`,
  );
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** The longest a timer sleeps (real ms) before it looks again; a moved clock or a payment wakes it earlier. */
const MAX_SLEEP_MS = 60_000;

export interface InvoiceQueueWorker extends InvoiceQueueHandle {
  stop(): Promise<void>;
}

/**
 * Starts the worker of one sandbox: a round now (what a restart left due), then a timer to the next
 * due job on the sandbox clock; a payment (settlement) and a moved clock wake it. `baseUrl` is where
 * this sandbox listens: the adapters call the emulators there, over HTTP, as the portal does.
 */
export function startInvoiceQueue(ctx: SandboxContext, baseUrl: string): InvoiceQueueWorker {
  let running: Promise<InvoiceRunResult> | null = null;
  /** The one round asked for while another ran: every caller meanwhile waits for it (a payment may have come in). */
  let queued: Promise<InvoiceRunResult> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = async () => {
    if (stopped) return;
    const at = await nextDue(ctx).catch(() => null);
    if (stopped || at === null) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void runDue(), Math.min(Math.max(0, at - ctx.clock.now()), MAX_SLEEP_MS));
    timer.unref?.();
  };

  function runDue(): Promise<InvoiceRunResult> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) {
      // `finally` below has cleared `running` before this runs, so this starts the next round.
      queued ??= running.then(() => {
        queued = null;
        return runDue();
      });
      return queued;
    }
    running = round(ctx, baseUrl)
      .catch((): InvoiceRunResult => ({ issued: [], retrying: [], failed: [] }))
      .finally(() => {
        running = null;
        if (!queued) void schedule();
      });
    return running;
  }

  const wake = () => {
    if (!stopped) void runDue();
  };
  const offClock = ctx.clock.onChange(wake);
  const handle: InvoiceQueueWorker = {
    wake,
    runDue: () => (stopped ? Promise.resolve({ issued: [], retrying: [], failed: [] }) : runDue()),
    async stop() {
      stopped = true;
      offClock();
      if (timer) clearTimeout(timer);
      registerInvoiceQueue(ctx.db, null);
      await running?.catch(() => undefined);
    },
  };
  registerInvoiceQueue(ctx.db, handle);
  wake();
  return handle;
}
