import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import { buildHDon } from './document';
import type { HDon, InvoiceRecord, IssueInput, ProviderRoute, Seller, TemplateCode } from './types';

/**
 * The invoices every emulator issues (table einv_invoices). Scoping is the callers' duty made easy:
 * every read takes the merchant id, so another merchant's invoice reads as absent.
 */

interface InvoiceRow {
  id: number;
  merchant_id: string;
  provider: ProviderRoute;
  provider_id: string;
  template_code: TemplateCode;
  series: string;
  number: number;
  issued_at: number;
  hdon: HDon;
  status: number;
  cqt_status: string | null;
  cqt_code: string | null;
  lookup_code: string;
  signed_at: number | null;
  client_ref: string;
  extra: Record<string, unknown>;
  created_at: number;
}

const toRecord = (r: InvoiceRow): InvoiceRecord => ({
  id: Number(r.id),
  merchantId: r.merchant_id,
  provider: r.provider,
  providerId: r.provider_id,
  templateCode: r.template_code,
  series: r.series,
  number: r.number,
  issuedAt: Number(r.issued_at),
  hdon: r.hdon,
  status: r.status,
  cqtStatus: r.cqt_status,
  cqtCode: r.cqt_code,
  lookupCode: r.lookup_code,
  signedAt: r.signed_at === null ? null : Number(r.signed_at),
  clientRef: r.client_ref,
  extra: r.extra ?? {},
  createdAt: Number(r.created_at),
});

const LOOKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A buyer's lookup code: 10 characters without the look-alikes 0/O and 1/I. */
export function newLookupCode(): string {
  return Array.from(randomBytes(10), (b) => LOOKUP_ALPHABET[b % LOOKUP_ALPHABET.length]).join('');
}

/** The seller as the merchant's profile has it (merchants table). */
export async function sellerOf(db: Database, merchantId: string): Promise<Seller | null> {
  const [row] = await db.query<{ name: string; tax_no: string; address: string | null; phone: string | null; email: string | null }>(
    `SELECT name, tax_no, address, coalesce(phone, mobile) AS phone, email FROM merchants WHERE id = $1`,
    [merchantId],
  );
  return row ? { name: row.name, taxCode: row.tax_no, address: row.address ?? '', phone: row.phone, email: row.email } : null;
}

export interface IssueOptions {
  /** The provider's own id; default a random UUID. */
  providerId?: string;
  /** The provider's status code at creation (doc 2 §4). */
  status: number;
  cqtStatus?: string | null;
  cqtCode?: string | null;
  lookupCode?: string;
  signedAt?: number | null;
  extra?: Record<string, unknown>;
  /** Creation time, unix ms (the sandbox clock). */
  now: number;
}

export interface Issued {
  invoice: InvoiceRecord;
  /** true: the client ref was used before; this is that invoice, nothing new was issued. */
  existing: boolean;
}

/**
 * The latest invoice of a seller's series with a provider (by its date, then its row), or null: a new
 * invoice of the series may not be dated before it (Decree 123 art. 10: numbers and dates rise
 * together), which MISA and Viettel check (D231, D232).
 */
export async function latestInSeries(
  db: Database,
  merchantId: string,
  provider: ProviderRoute,
  series: string,
): Promise<InvoiceRecord | null> {
  const [row] = await db.query<InvoiceRow & Record<string, unknown>>(
    `SELECT * FROM einv_invoices WHERE merchant_id = $1 AND provider = $2 AND series = $3 ORDER BY issued_at DESC, id DESC LIMIT 1`,
    [merchantId, provider, series],
  );
  return row ? toRecord(row) : null;
}

export async function findByClientRef(
  db: Database,
  merchantId: string,
  provider: ProviderRoute,
  clientRef: string,
): Promise<InvoiceRecord | null> {
  const [row] = await db.query<InvoiceRow & Record<string, unknown>>(
    `SELECT * FROM einv_invoices WHERE merchant_id = $1 AND provider = $2 AND client_ref = $3`,
    [merchantId, provider, clientRef],
  );
  return row ? toRecord(row) : null;
}

/**
 * Issues one invoice, or answers the one already issued under the same client ref (`existing: true`)
 * whatever the new body says: that is what an idempotency key means. The number comes from the
 * series counter in the same statement as the insert, so a refused or repeated call never uses one.
 * Throws InvoiceInputError (core/document.ts) for input no invoice can be made from.
 */
export async function issueInvoice(db: Database, input: IssueInput, options: IssueOptions): Promise<Issued> {
  const clientRef = typeof input.clientRef === 'string' ? input.clientRef.trim() : '';
  if (!clientRef || clientRef.length > 100) throw new RangeError('clientRef must be 1 to 100 characters');
  const before = await findByClientRef(db, input.merchantId, input.provider, clientRef);
  if (before) return { invoice: before, existing: true };
  const seller = await sellerOf(db, input.merchantId);
  if (!seller) throw new RangeError(`no merchant ${input.merchantId}`);
  // Built (and so checked) before a number is taken; SHDon is filled in by the statement.
  const hdon = buildHDon(input, seller, 0);
  const params = [
    input.merchantId,
    input.provider,
    hdon.TTChung.KHHDon,
    clientRef,
    options.providerId ?? randomUUID(),
    input.templateCode,
    input.issuedAt,
    JSON.stringify(hdon),
    options.status,
    options.cqtStatus ?? null,
    options.cqtCode ?? null,
    options.lookupCode ?? newLookupCode(),
    options.signedAt ?? null,
    JSON.stringify(options.extra ?? {}),
    options.now,
  ];
  try {
    const [row] = await db.query<InvoiceRow & Record<string, unknown>>(
      `WITH n AS (
         INSERT INTO einv_series_counters AS c (merchant_id, provider, series, last_number)
         SELECT $1, $2, $3, 1
          WHERE NOT EXISTS (SELECT 1 FROM einv_invoices WHERE merchant_id = $1 AND provider = $2 AND client_ref = $4)
         ON CONFLICT (merchant_id, provider, series) DO UPDATE SET last_number = c.last_number + 1
         RETURNING last_number
       )
       INSERT INTO einv_invoices (merchant_id, provider, provider_id, template_code, series, number, issued_at, hdon, status,
         cqt_status, cqt_code, lookup_code, signed_at, client_ref, extra, created_at)
       SELECT $1, $2, $5, $6, $3, n.last_number, $7,
              jsonb_set($8::jsonb, '{TTChung,SHDon}', to_jsonb(n.last_number)) ||
                CASE WHEN $11::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('MCCQT', $11::text) END,
              $9, $10, $11, $12, $13, $4, $14::jsonb, $15
         FROM n
       RETURNING *`,
      params,
    );
    if (row) return { invoice: toRecord(row), existing: false };
  } catch (error) {
    // Another call with the same ref won the race (PostgreSQL; PGlite runs one statement at a time).
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  const raced = await findByClientRef(db, input.merchantId, input.provider, clientRef);
  if (!raced) throw new Error('invoice neither stored nor found');
  return { invoice: raced, existing: true };
}

/** One invoice of this merchant with this provider, by row id or the provider's own id; null otherwise. */
export async function getInvoice(
  db: Database,
  where: { merchantId: string; provider: ProviderRoute; id?: number; providerId?: string; series?: string; number?: number },
): Promise<InvoiceRecord | null> {
  const conditions = ['merchant_id = $1', 'provider = $2'];
  const params: unknown[] = [where.merchantId, where.provider];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (where.id !== undefined) {
    if (!Number.isSafeInteger(where.id) || where.id < 1) return null;
    add('id = ?', where.id);
  }
  if (where.providerId !== undefined) add('provider_id = ?', where.providerId);
  if (where.series !== undefined) add('series = ?', where.series);
  if (where.number !== undefined) {
    if (!Number.isSafeInteger(where.number) || where.number < 1 || where.number > 2_147_483_647) return null;
    add('number = ?', where.number);
  }
  if (conditions.length === 2) throw new RangeError('getInvoice needs an id, a provider id or a series and number');
  const [row] = await db.query<InvoiceRow & Record<string, unknown>>(
    `SELECT * FROM einv_invoices WHERE ${conditions.join(' AND ')}`,
    params,
  );
  return row ? toRecord(row) : null;
}

export interface ListQuery {
  merchantId: string;
  provider: ProviderRoute;
  /** Issue time range, unix ms, inclusive; either may be left out. */
  from?: number;
  to?: number;
  series?: string;
  /** Searches the number, the buyer's name and tax code, the lookup code and the tax-authority code. */
  q?: string;
  /** true: signed (released to the tax authority); false: not yet; absent: all. */
  released?: boolean;
  page: number;
  pageSize: number;
}

/** A page of invoices, newest first, with the number of all that match. */
export async function listInvoices(db: Database, query: ListQuery): Promise<{ rows: InvoiceRecord[]; total: number }> {
  const conditions = ['merchant_id = $1', 'provider = $2'];
  const params: unknown[] = [query.merchantId, query.provider];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replaceAll('?', `$${params.length}`));
  };
  if (query.from !== undefined) add('issued_at >= ?', query.from);
  if (query.to !== undefined) add('issued_at <= ?', query.to);
  if (query.series) add('series = ?', query.series);
  if (query.released === true) conditions.push('signed_at IS NOT NULL');
  if (query.released === false) conditions.push('signed_at IS NULL');
  const q = query.q?.trim();
  if (q) {
    // LIKE's own wildcards in the search are taken literally.
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add(
      `(number::text LIKE ? OR lower(hdon->'NDHDon'->'NMua'->>'Ten') LIKE ? OR lower(hdon->'NDHDon'->'NMua'->>'MST') LIKE ?
        OR lower(lookup_code) LIKE ? OR lower(coalesce(cqt_code, '')) LIKE ?)`,
      like,
    );
  }
  const page = Math.max(1, Math.floor(query.page));
  const pageSize = Math.min(Math.max(1, Math.floor(query.pageSize)), 1000);
  const where = conditions.join(' AND ');
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM einv_invoices WHERE ${where}`, params);
  const rows = await db.query<InvoiceRow & Record<string, unknown>>(
    `SELECT * FROM einv_invoices WHERE ${where} ORDER BY issued_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return { rows: rows.map(toRecord), total: count?.n ?? 0 };
}

export interface InvoicePatch {
  status?: number;
  cqtStatus?: string | null;
  cqtCode?: string | null;
  signedAt?: number | null;
  /** Merged into the stored extra (keys given replace theirs, others stay). */
  extra?: Record<string, unknown>;
}

/** Changes one invoice (a sign, a code arriving); the tax-authority code also lands in hdon.MCCQT. */
export async function updateInvoice(db: Database, id: number, patch: InvoicePatch): Promise<InvoiceRecord | null> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (patch.status !== undefined) set('status', patch.status);
  if (patch.cqtStatus !== undefined) set('cqt_status', patch.cqtStatus);
  if (patch.signedAt !== undefined) set('signed_at', patch.signedAt);
  if (patch.cqtCode !== undefined) {
    set('cqt_code', patch.cqtCode);
    sets.push(
      `hdon = CASE WHEN $${params.length}::text IS NULL THEN hdon - 'MCCQT' ELSE hdon || jsonb_build_object('MCCQT', $${params.length}::text) END`,
    );
  }
  if (patch.extra !== undefined) {
    params.push(JSON.stringify(patch.extra));
    sets.push(`extra = extra || $${params.length}::jsonb`);
  }
  if (!sets.length) {
    const [row] = await db.query<InvoiceRow & Record<string, unknown>>(`SELECT * FROM einv_invoices WHERE id = $1`, [id]);
    return row ? toRecord(row) : null;
  }
  const [row] = await db.query<InvoiceRow & Record<string, unknown>>(
    `UPDATE einv_invoices SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
    params,
  );
  return row ? toRecord(row) : null;
}

/**
 * Why a correction (D244) cannot name this original: none of this merchant's with this
 * provider (`unknown`: another merchant's reads the same), not issued yet (`not-issued`: never signed
 * and sent, so it is changed, not corrected), already replaced (`replaced`: a replaced invoice is
 * void and takes no other correction), an adjusting invoice to replace (`adjustment`: M-Invoice's
 * rule, an adjustment is itself adjusted, never replaced), or a reference that does not match it
 * (`mismatch`: the date or the symbol stated is not the original's).
 */
export type CorrectionRefusal = 'unknown' | 'not-issued' | 'replaced' | 'adjustment' | 'mismatch';

export type Correctable = { ok: true; original: InvoiceRecord } | { ok: false; reason: CorrectionRefusal };

/** What a correcting invoice keeps of its link (extra.correction) and its original keeps of it (extra.corrections). */
export interface CorrectionLink {
  kind: 'replace' | 'adjust';
  adjustKind: 'amount' | 'info' | null;
  reason: string;
}

export const correctionOf = (invoice: InvoiceRecord): (CorrectionLink & { originalId: number }) | null =>
  (invoice.extra.correction as (CorrectionLink & { originalId: number }) | undefined) ?? null;

export interface CorrectedBy {
  id: number;
  kind: 'replace' | 'adjust';
  series: string;
  number: number;
  issuedAt: number;
}

export const correctionsOf = (invoice: InvoiceRecord): CorrectedBy[] =>
  Array.isArray(invoice.extra.corrections) ? (invoice.extra.corrections as CorrectedBy[]) : [];

/** The original a correction names, checked against the rules above; `day` (YYYY-MM-DD) when the request states its date. */
export async function correctable(
  db: Database,
  where: { merchantId: string; provider: ProviderRoute; providerId?: string; series?: string; number?: number },
  kind: 'replace' | 'adjust',
  stated: { day?: string; templateCode?: string } = {},
): Promise<Correctable> {
  const original = await getInvoice(db, where);
  if (!original) return { ok: false, reason: 'unknown' };
  if (original.signedAt === null) return { ok: false, reason: 'not-issued' };
  if (correctionsOf(original).some((c) => c.kind === 'replace')) return { ok: false, reason: 'replaced' };
  if (kind === 'replace' && correctionOf(original)?.kind === 'adjust') return { ok: false, reason: 'adjustment' };
  if (stated.templateCode !== undefined && stated.templateCode !== original.templateCode) return { ok: false, reason: 'mismatch' };
  if (stated.day !== undefined && stated.day !== original.hdon.TTChung.NLap) return { ok: false, reason: 'mismatch' };
  return { ok: true, original };
}

/**
 * The correction's link on both invoices, once it is issued: the original lists it (and takes the
 * provider's own "replaced"/"adjusted" status when the provider has one), the correction names the
 * original. An adjustment of amounts also keeps the original's total once adjusted (printed on its
 * PDF). A repeat of the same correction (its idempotency key) links nothing twice.
 */
export async function linkCorrection(
  db: Database,
  original: InvoiceRecord,
  correction: InvoiceRecord,
  link: CorrectionLink,
  originalStatus?: number,
): Promise<InvoiceRecord> {
  if (correctionsOf(original).some((c) => c.id === correction.id)) return correction;
  const entry: CorrectedBy = {
    id: correction.id,
    kind: link.kind,
    series: correction.series,
    number: correction.number,
    issuedAt: correction.issuedAt,
  };
  await updateInvoice(db, original.id, {
    ...(originalStatus !== undefined ? { status: originalStatus } : {}),
    extra: { corrections: [...correctionsOf(original), entry] },
  });
  // The total the buyer now owes: the original's with every amount adjustment so far (this one included).
  const adjustments = await Promise.all(
    correctionsOf(original)
      .filter((c) => c.kind === 'adjust')
      .map((c) => getInvoice(db, { merchantId: original.merchantId, provider: original.provider, id: c.id })),
  );
  const totalAfter =
    link.kind === 'adjust' && link.adjustKind === 'amount'
      ? original.hdon.NDHDon.TToan.TgTTTBSo +
        adjustments.reduce((sum, a) => sum + (a?.hdon.NDHDon.TToan.TgTTTBSo ?? 0), 0) +
        correction.hdon.NDHDon.TToan.TgTTTBSo
      : null;
  return (
    (await updateInvoice(db, correction.id, {
      extra: { correction: { ...link, originalId: original.id }, ...(totalAfter !== null ? { totalAfter } : {}) },
    })) ?? correction
  );
}

/** The PDF's extra line for an adjustment of amounts: the original's total once adjusted. */
export const totalAfterOf = (invoice: InvoiceRecord): number | null =>
  typeof invoice.extra.totalAfter === 'number' ? invoice.extra.totalAfter : null;
