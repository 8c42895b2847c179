import type { Database } from '../../platform/db/database';
import { PAID_STATUSES, PAYMENT_CHANNELS, type Channel } from '../../platform/transactions/channels';
import { DAY_MS, vnDate, vnMonthStart, vnParts } from '../../platform/vn-time';

/**
 * Dashboard figures (docs/areas/dashboard.md): successful payments, split card / QR / other payment
 * channels (D62; saving and loan rows are not revenue). Each period is compared with the previous one
 * over the same span, and the whole previous period is sent beside it (D63).
 */

interface Figures {
  revenue: number;
  count: number;
}
interface Split {
  revenue: { card: number; qr: number; other: number };
  count: { card: number; qr: number; other: number };
}

const quoted = (values: readonly string[]) => values.map((s) => `'${s}'`).join(',');
const PAID_SQL = quoted(PAID_STATUSES);
const PAYMENT_SQL = quoted(PAYMENT_CHANNELS);

async function byChannel(db: Database, merchantId: string, from: number, to: number) {
  if (to <= from) return [];
  return db.query<{ channel: Channel; n: number; amount: number }>(
    `SELECT channel, count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount FROM transactions
     WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 AND status IN (${PAID_SQL}) AND channel IN (${PAYMENT_SQL})
     GROUP BY channel`,
    [merchantId, from, to],
  );
}

async function figures(db: Database, merchantId: string, from: number, to: number): Promise<Figures> {
  const rows = await byChannel(db, merchantId, from, to);
  return rows.reduce((acc, r) => ({ revenue: acc.revenue + Number(r.amount), count: acc.count + r.n }), { revenue: 0, count: 0 });
}

/**
 * The previous period [start, end) as a whole and up to `spanEnd` (the same span as the current
 * period so far), in one pass over its rows.
 */
async function previousPeriod(db: Database, merchantId: string, start: number, end: number, spanEnd: number) {
  const cut = Math.min(Math.max(spanEnd, start), end);
  const [row] = await db.query<{ n: number; amount: number; span_n: number; span_amount: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount,
            (count(*) FILTER (WHERE created_at < $4))::int AS span_n,
            coalesce(sum(amount) FILTER (WHERE created_at < $4), 0)::bigint AS span_amount
     FROM transactions
     WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 AND status IN (${PAID_SQL}) AND channel IN (${PAYMENT_SQL})`,
    [merchantId, start, end, cut],
  );
  return {
    whole: { revenue: Number(row?.amount ?? 0), count: row?.n ?? 0 },
    // 'YYYY-MM-DD' of the span's first and last day (the last one is the day of its last instant).
    span: { from: vnDate(start), to: vnDate(Math.max(cut - 1, start)), revenue: Number(row?.span_amount ?? 0), count: row?.span_n ?? 0 },
  };
}

/** The end of the figures of a chosen day: its midnight, or now (`cap`) when the day is today. */
const endOf = (dayStart: number, cap: number) => Math.min(dayStart + DAY_MS, cap);

export async function dayChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const end = endOf(dayStart, cap);
  const rows = await byChannel(db, merchantId, dayStart, end);
  const split: Split = { revenue: { card: 0, qr: 0, other: 0 }, count: { card: 0, qr: 0, other: 0 } };
  for (const r of rows) {
    const key = r.channel === 'card' ? 'card' : r.channel === 'va' ? 'qr' : 'other';
    split.revenue[key] += Number(r.amount);
    split.count[key] += r.n;
  }
  const current = {
    revenue: split.revenue.card + split.revenue.qr + split.revenue.other,
    count: split.count.card + split.count.qr + split.count.other,
  };
  const prevStart = dayStart - DAY_MS;
  // Today so far against the day before up to the same time.
  const previous = await previousPeriod(db, merchantId, prevStart, dayStart, prevStart + (end - dayStart));
  return {
    kind: 'day' as const,
    period: vnDate(dayStart),
    current,
    previous: { period: vnDate(prevStart), ...previous.whole },
    previous_span: previous.span,
    split,
  };
}

export async function monthChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const { year, month } = vnParts(dayStart);
  const start = vnMonthStart(year, month);
  const prevStart = vnMonthStart(year, month - 1);
  const end = endOf(dayStart, cap);
  const label = (ms: number) => vnDate(ms).slice(0, 7);
  // 1–23 November against 1–23 October: the same days and time, cut at the previous month's end.
  const previous = await previousPeriod(db, merchantId, prevStart, start, prevStart + (end - start));
  return {
    kind: 'month' as const,
    period: label(start),
    current: await figures(db, merchantId, start, end),
    previous: { period: label(prevStart), ...previous.whole },
    previous_span: previous.span,
  };
}

export async function yearChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const { year, month, day } = vnParts(dayStart);
  const start = vnMonthStart(year, 1);
  const prevStart = vnMonthStart(year - 1, 1);
  const end = endOf(dayStart, cap);
  // The same calendar date and time a year before; 29 February stops at the end of February.
  const sameDate = vnMonthStart(year - 1, month) + (day - 1) * DAY_MS + (end - dayStart);
  const spanEnd = Math.min(sameDate, vnMonthStart(year - 1, month + 1));
  const previous = await previousPeriod(db, merchantId, prevStart, start, spanEnd);
  return {
    kind: 'year' as const,
    period: String(year),
    current: await figures(db, merchantId, start, end),
    previous: { period: String(year - 1), ...previous.whole },
    previous_span: previous.span,
  };
}

/** The newest rows of every channel, each with its status (D64), up to the end of the chosen day. */
export async function recentChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const rows = await db.query<{ id: number; channel: string; store_name: string; amount: number; status: string; created_at: number }>(
    `SELECT t.id, t.channel, s.name AS store_name, t.amount, t.status, t.created_at FROM transactions t JOIN stores s ON s.id = t.store_id
     WHERE t.merchant_id = $1 AND t.created_at < $2 ORDER BY t.created_at DESC, t.id DESC LIMIT 10`,
    [merchantId, endOf(dayStart, cap)],
  );
  return {
    kind: 'recent' as const,
    transactions: rows.map((r) => ({
      id: `${r.channel}-${String(r.id).padStart(7, '0')}`,
      store_name: r.store_name,
      type: r.channel,
      amount: Number(r.amount),
      status: r.status,
      created_at: Number(r.created_at),
    })),
  };
}
