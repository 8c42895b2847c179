import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';
import { PAID_STATUSES, STATUSES, type Channel, type Status } from '../../platform/transactions/channels';
import { DEFAULT_PAGE_SIZE } from './columns';
import { DAY_MS, vnDayStart, vnIso, vnMonthStart, vnParts } from '../../platform/vn-time';
import { wireId } from '../../platform/transactions/wire-id';

/** A report filter read from the query string (contract §3). */
export interface ReportQuery {
  channel: Channel;
  page: number;
  pageSize: number;
  /** Unix ms, inclusive. */
  start: number;
  /** Unix ms, exclusive. */
  endExclusive: number;
  status: Status | null;
  storeId: number | null;
  billId: string | null;
  sort: 'created_at' | 'amount';
  order: 'asc' | 'desc';
  exportFile: boolean;
}

export const MAX_PAGE_SIZE = 100;
export const MAX_EXPORT_ROWS = 200_000;
const MAX_SECONDS = 32_503_680_000; // year 3000: beyond it a "time" is an attack or a bug

/**
 * Core §5: a range spans at most 30 days, measured as the client does (src/rules/
 * timeRange.ts, decisions D16, D17): from 00:00 of the first day to the true end of the last,
 * 23:59:59.999, at most 2,592,000,000 ms. On the wire end_time is the last second included, so the
 * range's true end is endExclusive - 1.
 */
export const MAX_RANGE_MS = 2_592_000_000;

/**
 * The client's presets that may exceed 30 days are calendar ranges: thisMonth and lastMonth (a
 * month from its first day, 31 days in long months) and thisQuarter (up to 92 days). The server
 * cannot tell a preset from a custom range, so it accepts a range longer than 30 days only when it
 * starts at 00:00 on the first of a month and ends inside that month, or starts on the first of a
 * quarter and ends inside that quarter (decision D80). Nothing else passes: a 13-month range is
 * refused.
 */
export function rangeTooLong(start: number, endExclusive: number): boolean {
  if (endExclusive - 1 - start <= MAX_RANGE_MS) return false;
  const { year, month, day } = vnParts(start);
  if (day !== 1 || vnDayStart(start) !== start) return true;
  if (endExclusive <= vnMonthStart(year, month + 1)) return false;
  const quarterFirst = (month - 1) % 3 === 0;
  return !(quarterFirst && endExclusive <= vnMonthStart(year, month + 3));
}

const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

function intParam(raw: unknown, field: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw bad(field, `${field} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw bad(field, `${field} must be between ${min} and ${max}`);
  return value;
}

export function parseReportQuery(channel: Channel, query: Record<string, unknown>, nowMs: number): ReportQuery {
  const one = (name: string): unknown => {
    const v = query[name];
    if (Array.isArray(v)) throw bad(name, `${name} given more than once`);
    return v;
  };
  const page = intParam(one('page'), 'page', 1, 1_000_000) ?? 1;
  const pageSize = intParam(one('page_size'), 'page_size', 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE[channel];
  const today = vnDayStart(nowMs);
  const startSec = intParam(one('start_time'), 'start_time', 0, MAX_SECONDS);
  const endSec = intParam(one('end_time'), 'end_time', 0, MAX_SECONDS);
  const start = startSec !== undefined ? startSec * 1000 : today;
  // end_time names the last second included.
  const endExclusive = endSec !== undefined ? (endSec + 1) * 1000 : today + DAY_MS;
  if (endExclusive <= start) throw bad('end_time', 'end_time is before start_time');
  if (rangeTooLong(start, endExclusive)) {
    throw new ApiError(400, 'RANGE_TOO_LONG', 'The range spans more than 30 days', { field: 'end_time', max_ms: MAX_RANGE_MS });
  }

  const statusRaw = one('status');
  let status: Status | null = null;
  if (statusRaw !== undefined && statusRaw !== '' && statusRaw !== 'all') {
    if (typeof statusRaw !== 'string' || !(STATUSES as readonly string[]).includes(statusRaw)) throw bad('status', 'unknown status');
    status = statusRaw as Status;
  }
  const storeId = intParam(one('customer_id'), 'customer_id', 1, 2_147_483_647) ?? null;
  const billRaw = one('bill_id');
  if (billRaw !== undefined && typeof billRaw !== 'string') throw bad('bill_id', 'bill_id must be text');
  const billId = typeof billRaw === 'string' && billRaw.trim() !== '' ? billRaw.trim().slice(0, 64) : null;
  const sortRaw = one('sort') ?? 'created_at';
  if (sortRaw !== 'created_at' && sortRaw !== 'amount') throw bad('sort', 'sort must be created_at or amount');
  const orderRaw = one('order') ?? 'desc';
  if (orderRaw !== 'asc' && orderRaw !== 'desc') throw bad('order', 'order must be asc or desc');
  const exportRaw = one('export');
  return {
    channel,
    page,
    pageSize,
    start,
    endExclusive,
    status,
    storeId,
    billId,
    sort: sortRaw,
    order: orderRaw,
    exportFile: exportRaw === 'true' || exportRaw === '1',
  };
}

/** WHERE clause and parameters shared by the page, the totals and the export. */
function where(merchantId: string, q: ReportQuery, nowMs: number): { sql: string; params: unknown[] } {
  // Rows later than the sandbox clock are not there yet (seed-transactions.ts rolls whole days).
  const params: unknown[] = [merchantId, q.channel, q.start, Math.min(q.endExclusive, nowMs + 1)];
  const parts = ['t.merchant_id = $1', 't.channel = $2', 't.created_at >= $3', 't.created_at < $4'];
  if (q.status) {
    params.push(q.status);
    parts.push(`t.status = $${params.length}`);
  }
  if (q.storeId !== null) {
    params.push(q.storeId);
    parts.push(`t.store_id = $${params.length}`);
  }
  if (q.billId) {
    // A substring match; LIKE's own wildcards in the search are taken literally.
    params.push(`%${q.billId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    parts.push(`t.bill_id ILIKE $${params.length}`);
  }
  return { sql: parts.join(' AND '), params };
}

function orderBy(q: ReportQuery): string {
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  return q.sort === 'amount' ? `t.amount ${dir}, t.created_at ${dir}, t.id ${dir}` : `t.created_at ${dir}, t.id ${dir}`;
}

// A type alias, not an interface: Database.query wants rows assignable to Record<string, unknown>.
export type TransactionRecord = {
  id: number;
  channel: Channel;
  created_at: number;
  store_id: number;
  store_name: string;
  bill_id: string;
  card_id: string | null;
  amount: number;
  commission_fee: number;
  credit_status: 'credited' | 'not_credited';
  credit_amount: number | null;
  credit_date: number | null;
  settlement_time: number | null;
  status: Status;
  response_code: string;
  has_bill_image: boolean;
  va_account_receiver: string | null;
  use_qrpay: boolean;
  payment_channel: string | null;
  transaction_type: string | null;
  fee: number | null;
  approval_code: string | null;
  bank_code: string | null;
  card_type: string | null;
  period: number | null;
  full_name: string | null;
  phone: string | null;
  identity_card: string | null;
  saving_account: string | null;
  running_balance: number | null;
  cumulative_balance: number | null;
  overdraft_amount: number | null;
};

const SELECT_ROW = `SELECT t.*, s.name AS store_name FROM transactions t JOIN stores s ON s.id = t.store_id`;

const PAID_SQL = PAID_STATUSES.map((s) => `'${s}'`).join(',');

/**
 * The rows of a list whose money the merchant received (decision D65): successful ones and, in the
 * saving and loan reports, whose rows move money both ways, only credits. Payment channels keep the
 * totals index-only (transaction_type is not in the index; their rows carry none).
 */
export function receivedSql(channel: Channel): string {
  const paid = `t.status IN (${PAID_SQL})`;
  return channel === 'saving' || channel === 'loan' ? `${paid} AND t.transaction_type = 'CREDIT'` : paid;
}

export async function listPage(db: Database, merchantId: string, q: ReportQuery, nowMs: number) {
  const w = where(merchantId, q, nowMs);
  // The count covers every matching row (the pages); the amount only what was received.
  const [totals] = await db.query<{ n: number; amount: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(t.amount) FILTER (WHERE ${receivedSql(q.channel)}), 0)::bigint AS amount
     FROM transactions t WHERE ${w.sql}`,
    w.params,
  );
  const n = totals?.n ?? 0;
  // Ids first (from the covering index alone), then only those rows from the table.
  const ids = await db.query<{ id: number }>(
    `SELECT t.id FROM transactions t WHERE ${w.sql} ORDER BY ${orderBy(q)} LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
    w.params,
  );
  const found = ids.length
    ? await db.query<TransactionRecord>(`${SELECT_ROW} WHERE t.id = ANY($1::bigint[])`, [ids.map((r) => r.id)])
    : [];
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const rows = ids.map((r) => byId.get(Number(r.id))).filter((r): r is TransactionRecord => r !== undefined);
  return { rows, totalCount: n, totalAmount: Number(totals?.amount ?? 0), totalPage: Math.ceil(n / q.pageSize) };
}

const EXPORT_SQL: Record<string, string> = {
  store_name: 's.name',
  total_amount: 't.amount + coalesce(t.fee, 0)',
};

/** Rows per export query: small enough that a request queued behind one waits only milliseconds. */
export const EXPORT_CHUNK_ROWS = 2_000;

/** The sort key of a row, in orderBy's column order, for keyset paging. */
function sortKey(q: ReportQuery): string[] {
  return q.sort === 'amount' ? ['t.amount', 't.created_at', 't.id'] : ['t.created_at', 't.id'];
}

/**
 * All matching rows as JSON texts of arrays of the given columns, in the list's order, a chunk at a
 * time. The database writes the JSON (turning 100,000 result rows into JS objects one by one costs
 * seconds on PGlite), and chunks keep each query short: PGlite runs on the event loop, so one query
 * over the whole range held every other request of every merchant until it ended.
 * Chunks follow the sort key (keyset), so each is an index range, not an ever longer OFFSET.
 */
export async function* exportChunks(
  db: Database,
  merchantId: string,
  q: ReportQuery,
  nowMs: number,
  columns: readonly string[],
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncGenerator<string> {
  const w = where(merchantId, q, nowMs);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions t WHERE ${w.sql}`, w.params);
  if ((count?.n ?? 0) > MAX_EXPORT_ROWS) {
    throw new ApiError(400, 'BAD_REQUEST', `More than ${MAX_EXPORT_ROWS} rows: narrow the filters`, { limit: MAX_EXPORT_ROWS });
  }
  const fields = columns.map((c) => EXPORT_SQL[c] ?? `t.${c}`).join(', ');
  const key = sortKey(q);
  // Every key column runs the same direction, so one row comparison continues after the last row.
  const after = q.order === 'asc' ? '>' : '<';
  let last: number[] | null = null;
  for (;;) {
    const params = [...w.params];
    let keyset = '';
    if (last) {
      const placeholders = last.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      keyset = ` AND (${key.join(', ')}) ${after} (${placeholders.join(', ')})`;
    }
    const [chunk] = await db.query<{ j: string | null; last: string | null; n: number }>(
      `SELECT json_agg(c.r ORDER BY c.rn)::text AS j, (array_agg(c.k ORDER BY c.rn DESC))[1]::text AS last, count(*)::int AS n
       FROM (SELECT json_build_array(${fields}) AS r, json_build_array(${key.join(', ')}) AS k,
               row_number() OVER (ORDER BY ${orderBy(q)}) AS rn
             FROM transactions t JOIN stores s ON s.id = t.store_id WHERE ${w.sql}${keyset}
             ORDER BY ${orderBy(q)} LIMIT ${chunkRows}) c`,
      params,
    );
    if (!chunk?.j || !chunk.last || chunk.n === 0) return;
    yield chunk.j;
    if (chunk.n < chunkRows) return;
    last = JSON.parse(chunk.last) as number[];
  }
}

export async function findTransaction(db: Database, merchantId: string, channel: Channel, id: number): Promise<TransactionRecord | null> {
  const [row] = await db.query<TransactionRecord>(`${SELECT_ROW} WHERE t.merchant_id = $1 AND t.channel = $2 AND t.id = $3`, [merchantId, channel, id]);
  return row ?? null;
}

const iso = (ms: number | null) => (ms === null ? null : vnIso(ms));

/** The wire row of contract §3; installment and saving rows carry their extra fields. */
export function toWireRow(r: TransactionRecord, merchantName: string): Record<string, unknown> {
  const id = wireId(r.channel, r.id);
  const row: Record<string, unknown> = {
    id,
    channel: r.channel,
    created_at: vnIso(r.created_at),
    store_id: r.store_id,
    store_name: r.store_name,
    merchant_name: merchantName,
    bill_id: r.bill_id,
    card_id: r.card_id,
    amount: r.amount,
    commission_fee: r.commission_fee,
    credit_status: r.credit_status,
    credit_amount: r.credit_amount,
    credit_date: iso(r.credit_date),
    settlement_time: iso(r.settlement_time),
    status: r.status,
    response_code: r.response_code,
    bill_url: r.has_bill_image ? `/api/portal/transaction/bill/${id}.svg` : null,
    va_account_receiver: r.va_account_receiver,
    use_qrpay: r.use_qrpay,
    payment_channel: r.payment_channel,
    logo_url: null,
    transaction_type: r.transaction_type,
  };
  if (r.channel === 'installment') {
    Object.assign(row, {
      fee: r.fee ?? 0,
      total_amount: r.amount + (r.fee ?? 0),
      approval_code: r.approval_code ?? '',
      bank_code: r.bank_code ?? '',
      card_type: r.card_type ?? '',
      period: r.period ?? 0,
      full_name: r.full_name ?? '',
      phone: r.phone ?? '',
      identity_card: r.identity_card ?? '',
    });
  }
  if (r.channel === 'saving') {
    Object.assign(row, {
      saving_account: r.saving_account ?? '',
      running_balance: r.running_balance ?? 0,
      cumulative_balance: r.cumulative_balance ?? 0,
      overdraft_amount: r.overdraft_amount ?? 0,
    });
  }
  return row;
}
