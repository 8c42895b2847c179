import { isAuditAction, type AuditAction } from '../../../src/rules/audit';
import type { Database } from '../../platform/db/database';
import { ApiError } from '../../platform/http/envelope';
import { DAY_MS, vnDateStart } from '../../platform/vn-time';

/** The list's and the export's filter (D300): Vietnam days from/to (both or neither), action, user, store. */
export interface AuditFilter {
  fromMs: number | null;
  toExclusiveMs: number | null;
  action: AuditAction | null;
  userId: number | null;
  storeId: number | null;
}

export interface AuditRow {
  id: number;
  at: number;
  user_id: number;
  user_name: string;
  user_role: string;
  store_id: number | null;
  store_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const badRequest = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
const ROW_ID = /^\d{1,9}$/;

function text(query: Record<string, unknown>, name: string): string | null {
  const v = query[name];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw badRequest(name, `${name} must be given once`);
  return v;
}

function rowId(query: Record<string, unknown>, name: string): number | null {
  const v = text(query, name);
  if (v === null) return null;
  if (!ROW_ID.test(v)) throw badRequest(name, `${name} must be a row id`);
  return Number(v);
}

export function parseFilter(raw: unknown): AuditFilter {
  const query = (raw ?? {}) as Record<string, unknown>;
  const from = text(query, 'from');
  const to = text(query, 'to');
  if ((from === null) !== (to === null)) throw badRequest(from === null ? 'from' : 'to', 'from and to go together');
  const fromMs = from === null ? null : vnDateStart(from);
  const toMs = to === null ? null : vnDateStart(to);
  if (from !== null && fromMs === null) throw badRequest('from', 'from must be a YYYY-MM-DD day');
  if (to !== null && toMs === null) throw badRequest('to', 'to must be a YYYY-MM-DD day');
  if (fromMs !== null && toMs !== null && fromMs > toMs) throw badRequest('from', 'from is after to');
  const action = text(query, 'action');
  if (action !== null && !isAuditAction(action)) throw badRequest('action', 'unknown action');
  return {
    fromMs,
    toExclusiveMs: toMs === null ? null : toMs + DAY_MS,
    action: action as AuditAction | null,
    userId: rowId(query, 'user_id'),
    storeId: rowId(query, 'store_id'),
  };
}

/** The WHERE clause of a merchant's entries under a filter, with its parameters. */
export function whereOf(merchantId: string, f: AuditFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [merchantId];
  const parts = ['merchant_id = $1'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (f.fromMs !== null) add('at >= ?', f.fromMs);
  if (f.toExclusiveMs !== null) add('at < ?', f.toExclusiveMs);
  if (f.action !== null) add('action = ?', f.action);
  if (f.userId !== null) add('user_id = ?', f.userId);
  if (f.storeId !== null) add('store_id = ?', f.storeId);
  return { where: parts.join(' AND '), params };
}

const COLUMNS = `id, at, user_id, user_name, user_role, store_id, store_name, action, target_type, target_id, before, after`;

export async function countEntries(db: Database, merchantId: string, f: AuditFilter): Promise<number> {
  const { where, params } = whereOf(merchantId, f);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`, params);
  return row?.n ?? 0;
}

/** Newest first (D300); `limit` rows from `offset`. */
export async function readEntries(db: Database, merchantId: string, f: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  const { where, params } = whereOf(merchantId, f);
  return db.query<AuditRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM audit_log WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
}
