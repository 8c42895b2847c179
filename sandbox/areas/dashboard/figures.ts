import type { Database } from '../../platform/db/database';
import { PAID_STATUSES, type Channel } from '../../platform/transactions/channels';
import { DAY_MS, vnDate, vnMonthStart, vnParts } from '../../platform/vn-time';

/** Dashboard figures (contract §4): successful payments of every channel, split card / QR / other. */

interface Figures {
  revenue: number;
  count: number;
}
interface Split {
  revenue: { card: number; qr: number; other: number };
  count: { card: number; qr: number; other: number };
}

const PAID_SQL = PAID_STATUSES.map((s) => `'${s}'`).join(',');

async function byChannel(db: Database, merchantId: string, from: number, to: number) {
  if (to <= from) return [];
  return db.query<{ channel: Channel; n: number; amount: number }>(
    `SELECT channel, count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS amount FROM transactions
     WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 AND status IN (${PAID_SQL}) GROUP BY channel`,
    [merchantId, from, to],
  );
}

async function figures(db: Database, merchantId: string, from: number, to: number): Promise<Figures> {
  const rows = await byChannel(db, merchantId, from, to);
  return rows.reduce((acc, r) => ({ revenue: acc.revenue + Number(r.amount), count: acc.count + r.n }), { revenue: 0, count: 0 });
}

export async function dayChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const rows = await byChannel(db, merchantId, dayStart, Math.min(dayStart + DAY_MS, cap));
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
  const previous = await figures(db, merchantId, dayStart - DAY_MS, Math.min(dayStart, cap));
  return { kind: 'day' as const, period: vnDate(dayStart), current, previous: { period: vnDate(dayStart - DAY_MS), ...previous }, split };
}

export async function monthChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const { year, month } = vnParts(dayStart);
  const start = vnMonthStart(year, month);
  const prevStart = vnMonthStart(year, month - 1);
  const end = Math.min(dayStart + DAY_MS, cap);
  const label = (ms: number) => vnDate(ms).slice(0, 7);
  return {
    kind: 'month' as const,
    period: label(start),
    current: await figures(db, merchantId, start, end),
    previous: { period: label(prevStart), ...(await figures(db, merchantId, prevStart, Math.min(start, cap))) },
  };
}

export async function yearChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const { year } = vnParts(dayStart);
  const start = vnMonthStart(year, 1);
  const prevStart = vnMonthStart(year - 1, 1);
  return {
    kind: 'year' as const,
    period: String(year),
    current: await figures(db, merchantId, start, Math.min(dayStart + DAY_MS, cap)),
    previous: { period: String(year - 1), ...(await figures(db, merchantId, prevStart, Math.min(start, cap))) },
  };
}

export async function recentChunk(db: Database, merchantId: string, dayStart: number, cap: number) {
  const rows = await db.query<{ id: number; channel: string; store_name: string; amount: number; created_at: number }>(
    `SELECT t.id, t.channel, s.name AS store_name, t.amount, t.created_at FROM transactions t JOIN stores s ON s.id = t.store_id
     WHERE t.merchant_id = $1 AND t.created_at < $2 ORDER BY t.created_at DESC, t.id DESC LIMIT 10`,
    [merchantId, Math.min(dayStart + DAY_MS, cap)],
  );
  return {
    kind: 'recent' as const,
    transactions: rows.map((r) => ({
      id: `${r.channel}-${String(r.id).padStart(7, '0')}`,
      store_name: r.store_name,
      type: r.channel,
      amount: Number(r.amount),
      created_at: Number(r.created_at),
    })),
  };
}
