import { BANK_CHANNEL, RECON_GROUPS, type BankMethod, type ReconGroup } from '../../../src/rules/reconciliation';
import type { Database } from '../../platform/db/database';
import { PAID_STATUSES } from '../../platform/transactions/channels';
import { wireId } from '../../platform/transactions/wire-id';
import { DAY_MS } from '../../platform/vn-time';

/**
 * One store's day reconciled against the bank (issue 27 §5, D308): every VietQR, card and link
 * payment of an order paid that Vietnam day in that store is matched to the bank's record of it in the
 * virtual-account, card and e-commerce reports (`transactions`), by the bank's report (the way), the
 * reference the money carried (the order code, D117) and the amount, one record for one payment.
 * Money is integer đồng throughout.
 */

export interface ReconRow {
  group: ReconGroup;
  /** A payment the bank credits, or a refund it sent back (D320: signed, amount and credited negative). */
  kind: 'PAYMENT' | 'REFUND';
  method: BankMethod | null;
  channel: 'va' | 'card' | 'ecom';
  /** Our side: null for a bank credit no payment accounts for. */
  payment_id: number | null;
  refund_id: number | null;
  order_code: string | null;
  invoice_id: number | null;
  paid_at: number | null;
  /** The bank's side: null for a payment the bank has no record of. */
  bank_id: string | null;
  reference: string | null;
  bank_at: number | null;
  amount: number;
  fee: number;
  credited: number;
  credit_date: number | null;
}

export interface ReconTotals {
  count: number;
  gross: number;
  fee: number;
  net: number;
}

export interface ReconDay {
  rows: ReconRow[];
  totals: Record<ReconGroup | 'ALL', ReconTotals>;
}

interface Ours {
  id: number;
  method: BankMethod;
  amount: number;
  paid_at: number;
  order_code: string;
  invoice_id: number;
}

interface Bank {
  id: number;
  channel: 'va' | 'card' | 'ecom';
  created_at: number;
  bill_id: string;
  amount: number;
  commission_fee: number;
  credit_status: string;
  credit_amount: number | null;
  credit_date: number | null;
}

/**
 * The store an order (alias `o`) belongs to, for merchant $1: its own, or when it has none (or its store
 * is gone) the merchant's first store (D297). Needs the `first` CTE (FIRST_STORE) in the same query.
 */
export const FIRST_STORE = 'first AS (SELECT min(id) AS id FROM stores WHERE merchant_id = $1)';
export const ORDER_STORE =
  '(CASE WHEN EXISTS (SELECT 1 FROM stores s WHERE s.id = o.store_id AND s.merchant_id = $1) THEN o.store_id ELSE (SELECT id FROM first) END)';

/** A day holds at most this many rows a side; a store's day has far fewer. */
const SIDE_LIMIT = 20_000;
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(Number(ms) / 1000));

async function readOurs(db: Database, merchantId: string, storeId: number, from: number, to: number): Promise<Ours[]> {
  // An order without a store (or whose store is gone) is the merchant's first store's (D297).
  const rows = await db.query<Ours & Record<string, unknown>>(
    `WITH ${FIRST_STORE}
     SELECT p.id, p.method, p.amount::float8 AS amount, p.updated_at::float8 AS paid_at, o.order_code, o.invoice_id
       FROM sale_payments p JOIN sale_orders o ON o.id = p.order_id
      WHERE p.merchant_id = $1 AND p.status = 'SUCCESS' AND p.method IN ('QR', 'CARD', 'LINK')
        AND p.updated_at >= $3 AND p.updated_at < $4
        AND ${ORDER_STORE} = $2
      ORDER BY p.updated_at, p.id LIMIT ${SIDE_LIMIT}`,
    [merchantId, storeId, from, to],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount), paid_at: Number(r.paid_at) }));
}

async function readBank(db: Database, merchantId: string, storeId: number, from: number, to: number): Promise<Bank[]> {
  // What the bank received that day: its paid rows (a failed or cancelled attempt moved no money); a
  // generated row later than the clock has not happened yet (the reports hide it too).
  const rows = await db.query<Bank & Record<string, unknown>>(
    `SELECT id::int AS id, channel, created_at::float8 AS created_at, bill_id, amount::float8 AS amount,
            commission_fee::float8 AS commission_fee, credit_status, credit_amount::float8 AS credit_amount, credit_date::float8 AS credit_date
       FROM transactions
      WHERE merchant_id = $1 AND store_id = $2 AND channel IN ('va', 'card', 'ecom') AND created_at >= $3 AND created_at < $4
        AND status = ANY($5::text[])
      ORDER BY created_at, id LIMIT ${SIDE_LIMIT}`,
    [merchantId, storeId, from, to, PAID_STATUSES],
  );
  return rows.map((r) => ({
    ...r,
    amount: Number(r.amount),
    commission_fee: Number(r.commission_fee),
    credit_amount: r.credit_amount === null ? null : Number(r.credit_amount),
    credit_date: r.credit_date === null ? null : Number(r.credit_date),
  }));
}

interface OurRefund {
  id: number;
  method: BankMethod;
  amount: number;
  at: number;
  order_code: string;
  invoice_id: number;
}

interface BankRefund {
  id: number;
  refund_id: number;
  channel: 'va' | 'card' | 'ecom';
  reference: string;
  amount: number;
  created_at: number;
}

/** Our refunds the bank sends back (D320): SUCCESS QR, card and link refunds of the store's orders that day. */
async function readOurRefunds(db: Database, merchantId: string, storeId: number, from: number, to: number): Promise<OurRefund[]> {
  const rows = await db.query<OurRefund & Record<string, unknown>>(
    `WITH ${FIRST_STORE}
     SELECT r.id, r.method, r.amount::float8 AS amount, r.updated_at::float8 AS at, o.order_code, o.invoice_id
       FROM sale_refunds r JOIN sale_orders o ON o.id = r.order_id
      WHERE r.merchant_id = $1 AND r.status = 'SUCCESS' AND r.method IN ('QR', 'CARD', 'LINK')
        AND r.updated_at >= $3 AND r.updated_at < $4
        AND ${ORDER_STORE} = $2
      ORDER BY r.updated_at, r.id LIMIT ${SIDE_LIMIT}`,
    [merchantId, storeId, from, to],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount), at: Number(r.at) }));
}

async function readBankRefunds(db: Database, merchantId: string, storeId: number, from: number, to: number): Promise<BankRefund[]> {
  const rows = await db.query<BankRefund & Record<string, unknown>>(
    `SELECT id, refund_id, channel, reference, amount::float8 AS amount, created_at::float8 AS created_at FROM bank_refunds
      WHERE merchant_id = $1 AND store_id = $2 AND created_at >= $3 AND created_at < $4 ORDER BY created_at, id LIMIT ${SIDE_LIMIT}`,
    [merchantId, storeId, from, to],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount), created_at: Number(r.created_at) }));
}

/**
 * The refunds of the day as signed rows (D320): a refund of ours is matched to the bank's record of
 * it (by the refund's id, which the request carried); the bank keeps its fee, so fee 0, and the money
 * left the account when the bank sent it (credited = −amount, credit date = the bank's time). Ours
 * with no bank record: flagged like a payment; the bank's with no refund of ours that day: bank only.
 */
function refundRows(ours: OurRefund[], bank: BankRefund[]): ReconRow[] {
  const free = new Map(bank.map((b) => [b.refund_id, b]));
  const bankSide = (b: BankRefund) => ({
    bank_id: `RF${b.id}`,
    reference: b.reference,
    bank_at: seconds(b.created_at),
    fee: 0,
    credited: -b.amount,
    credit_date: seconds(b.created_at),
  });
  const rows: ReconRow[] = ours.map((r) => {
    const found = free.get(r.id);
    free.delete(r.id);
    const mine = { kind: 'REFUND' as const, method: r.method, channel: BANK_CHANNEL[r.method], payment_id: null, refund_id: r.id };
    const at = { order_code: r.order_code, invoice_id: r.invoice_id, paid_at: seconds(r.at), amount: -r.amount };
    if (found) return { group: 'MATCHED', ...mine, ...at, ...bankSide(found) };
    return { group: 'OURS_ONLY', ...mine, ...at, bank_id: null, reference: null, bank_at: null, fee: 0, credited: 0, credit_date: null };
  });
  for (const b of free.values()) {
    const base = { kind: 'REFUND' as const, method: null, channel: b.channel, payment_id: null, refund_id: b.refund_id };
    rows.push({ group: 'BANK_ONLY', ...base, order_code: null, invoice_id: null, paid_at: null, amount: -b.amount, ...bankSide(b) });
  }
  return rows;
}

const bankPart = (b: Bank) => {
  const credited = b.credit_status === 'credited';
  return {
    bank_id: wireId(b.channel, b.id),
    reference: b.bill_id || null,
    bank_at: seconds(b.created_at),
    fee: b.commission_fee,
    credited: credited ? (b.credit_amount ?? b.amount - b.commission_fee) : 0,
    credit_date: credited ? seconds(b.credit_date) : null,
  };
};

export function totalsOf(rows: readonly ReconRow[]): ReconDay['totals'] {
  const zero = (): ReconTotals => ({ count: 0, gross: 0, fee: 0, net: 0 });
  const totals = Object.fromEntries([...RECON_GROUPS, 'ALL'].map((g) => [g, zero()])) as ReconDay['totals'];
  for (const r of rows) {
    for (const t of [totals[r.group], totals.ALL]) {
      t.count += 1;
      t.gross += r.amount;
      t.fee += r.fee;
      t.net += r.credited;
    }
  }
  return totals;
}

/** The day [from, from + 1 day) of one store, reconciled. */
export async function reconcileDay(db: Database, merchantId: string, storeId: number, from: number, now: number): Promise<ReconDay> {
  const to = Math.min(from + DAY_MS, now + 1);
  const [ours, bank, ourRefunds, bankRefunds] = await Promise.all([
    readOurs(db, merchantId, storeId, from, to),
    readBank(db, merchantId, storeId, from, to),
    readOurRefunds(db, merchantId, storeId, from, to),
    readBankRefunds(db, merchantId, storeId, from, to),
  ]);
  const free = new Map<string, Bank[]>();
  for (const b of bank) {
    const key = `${b.channel}|${b.bill_id}|${b.amount}`;
    free.set(key, [...(free.get(key) ?? []), b]);
  }
  const rows: ReconRow[] = [];
  for (const p of ours) {
    const channel = BANK_CHANNEL[p.method];
    const found = free.get(`${channel}|${p.order_code}|${p.amount}`)?.shift();
    const mine = {
      kind: 'PAYMENT' as const,
      method: p.method,
      channel,
      payment_id: p.id,
      refund_id: null,
      order_code: p.order_code,
      invoice_id: p.invoice_id,
      paid_at: seconds(p.paid_at),
    };
    if (found) {
      const b = bankPart(found);
      rows.push({ group: b.credit_date === null ? 'WAITING' : 'MATCHED', ...mine, ...b, amount: p.amount });
    } else {
      rows.push({
        group: 'OURS_ONLY',
        ...mine,
        bank_id: null,
        reference: null,
        bank_at: null,
        amount: p.amount,
        fee: 0,
        credited: 0,
        credit_date: null,
      });
    }
  }
  for (const rest of free.values()) {
    for (const b of rest) {
      const base = {
        kind: 'PAYMENT' as const,
        method: null,
        channel: b.channel,
        payment_id: null,
        refund_id: null,
        order_code: null,
        invoice_id: null,
        paid_at: null,
      };
      rows.push({ group: 'BANK_ONLY', ...base, ...bankPart(b), amount: b.amount });
    }
  }
  rows.push(...refundRows(ourRefunds, bankRefunds));
  const order = (r: ReconRow) => r.paid_at ?? r.bank_at ?? 0;
  rows.sort((a, b) => RECON_GROUPS.indexOf(a.group) - RECON_GROUPS.indexOf(b.group) || order(a) - order(b));
  return { rows, totals: totalsOf(rows) };
}
