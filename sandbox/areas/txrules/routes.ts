import type { FastifyInstance, FastifyReply } from 'fastify';
import { TX_RULE_FIELDS, TX_RULE_MAX_ISSUERS, type TxRule } from '../../../src/services/txrules/schemas';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { ACQUIRER_CODES, bankLogoSvg, bankLogoUrl, CARD_TYPE_NAMES, CARD_TYPES, cardLogoSvg, cardLogoUrl, type CardType } from './logos';

/**
 * Transaction rules on the portal service (doc 2 §3 Transaction rule, §7; docs/areas/txrules.md, D166):
 * GET/DELETE /metadata/rule, POST /metadata/rule (create), PUT /metadata/rule (fields in the query),
 * POST /metadata/rule/sync, the name lists /metadata/list-card-type, /metadata/list-accquire (the spec's
 * spelling), /metadata/list-issuer, and the logos. Owner only (D87); every call is scoped to the
 * caller's merchant (another merchant's rule or store answers as a missing one). Banks are the bank
 * area's `banks` rows, read by SQL.
 */

const MAX_PAGE_SIZE = 100;

interface RuleRow {
  id: number;
  store_id: number;
  store_name: string;
  store_code: string;
  card_type: string;
  issuers: string[];
  acquirer: string;
  synced_at: string | number | null;
}

interface Bank {
  bank_code: string;
  short_name: string;
}

const notFound = () => new ApiError(404, 'NOT_FOUND', 'No such rule');
const badField = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

async function banks(db: Database): Promise<Bank[]> {
  return db.query<Bank & Record<string, unknown>>(`SELECT bank_code, short_name FROM banks ORDER BY short_name`);
}

function toWire(row: RuleRow, codeOf: Map<string, string>): TxRule {
  const logo = (name: string) => bankLogoUrl(codeOf.get(name) ?? name);
  return {
    id: row.id,
    name: String(row.store_id),
    display_name: `${row.store_code} · ${row.card_type}`,
    store_name: row.store_name,
    card_branch: row.card_type,
    issuer: row.issuers,
    acquirer: row.acquirer,
    logo: { card_branch: cardLogoUrl(row.card_type), issuer: row.issuers.map(logo), acquirer: logo(row.acquirer) },
    synced_at: row.synced_at === null ? null : Math.floor(Number(row.synced_at) / 1000),
  };
}

/** A rule id from the query: 1 to 9 digits, else 400 (a well-formed id that is not the caller's is 404). */
function ruleId(query: unknown): number {
  const raw = (query as Record<string, unknown> | undefined)?.id;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw badField('id', 'The rule id must be a positive whole number');
  return Number(raw);
}

/** issuer as a JSON array, a repeated query parameter or names joined by commas (the PUT query). */
function issuerList(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  if (typeof value === 'string') return value.split(',');
  return [value];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * The four fields of doc 2 §5 "Transaction rule" (all required), checked in form order: REQUIRED for
 * the missing ones, then BAD_REQUEST {field} for the first wrong one.
 */
async function readFields(db: Database, merchantId: string, source: Record<string, unknown>) {
  const raw = {
    rule_name: text(source.rule_name),
    card_type: text(source.card_type),
    issuer: issuerList(source.issuer),
    acquirer: text(source.acquirer),
  };
  const missing = TX_RULE_FIELDS.filter((f) => {
    const v = raw[f];
    return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  });
  if (missing.length > 0) throw required([...missing]);

  if (typeof raw.rule_name !== 'string' && typeof raw.rule_name !== 'number') throw badField('rule_name', 'rule_name must be a store id');
  const storeText = String(raw.rule_name);
  if (!/^\d{1,9}$/.test(storeText)) throw badField('rule_name', 'rule_name must be a store id');
  const [store] = await db.query<{ id: number; name: string; code: string }>(
    `SELECT id, name, code FROM stores WHERE merchant_id = $1 AND id = $2`,
    [merchantId, Number(storeText)],
  );
  // Another merchant's store is as unknown as one that never existed.
  if (!store) throw badField('rule_name', 'No such store');

  if (typeof raw.card_type !== 'string' || !(raw.card_type.toUpperCase() in CARD_TYPES)) throw badField('card_type', 'Unknown card type');
  const cardType = raw.card_type.toUpperCase() as CardType;

  const all = await banks(db);
  const byName = new Map(all.map((b) => [b.short_name.toLowerCase(), b]));
  const issuers = raw.issuer!.map(text);
  if (issuers.length > TX_RULE_MAX_ISSUERS) throw badField('issuer', `At most ${TX_RULE_MAX_ISSUERS} issuing banks`);
  const names: string[] = [];
  for (const issuer of issuers) {
    const bank = typeof issuer === 'string' ? byName.get(issuer.toLowerCase()) : undefined;
    if (!bank) throw badField('issuer', 'Unknown issuing bank');
    if (names.includes(bank.short_name)) throw badField('issuer', 'An issuing bank is listed twice');
    names.push(bank.short_name);
  }

  const acquirer = typeof raw.acquirer === 'string' ? byName.get(raw.acquirer.toLowerCase()) : undefined;
  if (!acquirer || !(ACQUIRER_CODES as readonly string[]).includes(acquirer.bank_code))
    throw badField('acquirer', 'Unknown processing bank');

  return { store, cardType, issuers: names, acquirer: acquirer.short_name };
}

type Fields = Awaited<ReturnType<typeof readFields>>;

/**
 * A card is routed by exactly one rule: a second rule of the same store and brand may not name an
 * issuing bank the first already routes (D166). 409 RULE_EXIST names the banks that overlap.
 */
async function checkOverlap(db: Database, merchantId: string, fields: Fields, exceptId: number | null) {
  const [clash] = await db.query<{ banks: string[] }>(
    `SELECT array_agg(DISTINCT b) AS banks FROM tx_rules r, unnest(r.issuers) AS b
     WHERE r.merchant_id = $1 AND r.store_id = $2 AND r.card_type = $3 AND b = ANY($4::text[]) AND r.id <> $5`,
    [merchantId, fields.store.id, fields.cardType, fields.issuers, exceptId ?? 0],
  );
  if (clash?.banks?.length) {
    throw new ApiError(409, 'RULE_EXIST', 'Another rule of this store and card type already routes these banks', {
      field: 'issuer',
      issuers: clash.banks,
    });
  }
}

const SELECT_RULES = `SELECT r.id, r.store_id, s.name AS store_name, s.code AS store_code, r.card_type, r.issuers, r.acquirer, r.synced_at
  FROM tx_rules r JOIN stores s ON s.id = r.store_id`;

async function findRule(db: Database, merchantId: string, id: number): Promise<RuleRow | undefined> {
  const [row] = await db.query<RuleRow & Record<string, unknown>>(`${SELECT_RULES} WHERE r.merchant_id = $1 AND r.id = $2`, [
    merchantId,
    id,
  ]);
  return row;
}

async function codesByName(db: Database): Promise<Map<string, string>> {
  return new Map((await banks(db)).map((b) => [b.short_name, b.bank_code]));
}

const svg = (reply: FastifyReply, body: string) =>
  reply
    .type('image/svg+xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=86400')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(body);

/** The merchant's rules: listing, adding, changing, deleting, and pushing them to the card switch. */
function registerRuleRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const owner = (request: Parameters<typeof authenticateOwner>[1]) => authenticateOwner(ctx, request);

  // Newest first; `id` narrows the list to that one rule (the update form loads its rule this way).
  app.get('/metadata/rule', async (request) => {
    const { user } = await owner(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_PAGE_SIZE);
    const one = query.id === undefined ? null : ruleId(query);
    const where = one === null ? 'r.merchant_id = $1' : 'r.merchant_id = $1 AND r.id = $2';
    const params: unknown[] = one === null ? [user.merchant_id] : [user.merchant_id, one];
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tx_rules r WHERE ${where}`, params);
    const rows = await ctx.db.query<RuleRow & Record<string, unknown>>(
      `${SELECT_RULES} WHERE ${where} ORDER BY r.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const codes = await codesByName(ctx.db);
    const total = count?.n ?? 0;
    return {
      data: rows.map((r) => toWire(r, codes)),
      total_page: Math.ceil(total / pageSize),
      total_count: total,
      page,
      page_size: pageSize,
    };
  });

  app.post('/metadata/rule', async (request) => {
    const { user } = await owner(request);
    const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body : {};
    const fields = await readFields(ctx.db, user.merchant_id, body as Record<string, unknown>);
    await checkOverlap(ctx.db, user.merchant_id, fields, null);
    const [row] = await ctx.db.query<{ id: number }>(
      `INSERT INTO tx_rules (merchant_id, store_id, card_type, issuers, acquirer, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [user.merchant_id, fields.store.id, fields.cardType, fields.issuers, fields.acquirer, ctx.clock.now()],
    );
    return ok(toWire((await findRule(ctx.db, user.merchant_id, row!.id))!, await codesByName(ctx.db)));
  });

  // doc 2 §7: the fields in the query (issuer: names joined by commas, or the parameter repeated).
  app.put('/metadata/rule', async (request) => {
    const { user } = await owner(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const id = ruleId(query);
    if (!(await findRule(ctx.db, user.merchant_id, id))) throw notFound();
    const fields = await readFields(ctx.db, user.merchant_id, query);
    await checkOverlap(ctx.db, user.merchant_id, fields, id);
    await ctx.db.query(
      `UPDATE tx_rules SET store_id = $3, card_type = $4, issuers = $5, acquirer = $6, synced_at = NULL WHERE merchant_id = $1 AND id = $2`,
      [user.merchant_id, id, fields.store.id, fields.cardType, fields.issuers, fields.acquirer],
    );
    return ok(toWire((await findRule(ctx.db, user.merchant_id, id))!, await codesByName(ctx.db)));
  });

  app.delete('/metadata/rule', async (request) => {
    const { user } = await owner(request);
    const id = ruleId(request.query);
    const [row] = await ctx.db.query<{ id: number }>(`DELETE FROM tx_rules WHERE merchant_id = $1 AND id = $2 RETURNING id`, [
      user.merchant_id,
      id,
    ]);
    if (!row) throw notFound();
    return { message: 'Rule deleted', data: { id: row.id } };
  });

  // Pushes the merchant's rules to the card switch (the sandbox has none: it records when).
  app.post('/metadata/rule/sync', async (request) => {
    const { user } = await owner(request);
    await ctx.db.query(`UPDATE tx_rules SET synced_at = $2 WHERE merchant_id = $1`, [user.merchant_id, ctx.clock.now()]);
    return ok('success' as const);
  });
}

/** The fixed lists a rule is made from (card types, acquirers, issuers) and their logos. */
function registerRuleListRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const owner = (request: Parameters<typeof authenticateOwner>[1]) => authenticateOwner(ctx, request);

  app.get('/metadata/list-card-type', async (request) => {
    await owner(request);
    return ok(CARD_TYPE_NAMES);
  });

  app.get('/metadata/list-accquire', async (request) => {
    await owner(request);
    const rows = await ctx.db.query<Bank & Record<string, unknown>>(
      `SELECT bank_code, short_name FROM banks WHERE bank_code = ANY($1::text[]) ORDER BY short_name`,
      [[...ACQUIRER_CODES]],
    );
    return ok(rows.map((b) => b.short_name));
  });

  app.get('/metadata/list-issuer', async (request) => {
    await owner(request);
    return ok((await banks(ctx.db)).map((b) => b.short_name));
  });

  // Public: <img> sends no bearer. Only names of the fixed lists are drawn.
  app.get<{ Params: { file: string } }>('/metadata/logo/card/:file', async (request, reply) => {
    const m = /^([A-Z]{2,12})\.svg$/.exec(request.params.file);
    if (!m || !(m[1]! in CARD_TYPES)) throw new ApiError(404, 'NOT_FOUND', 'No such logo');
    return svg(reply, cardLogoSvg(m[1] as CardType));
  });

  app.get<{ Params: { file: string } }>('/metadata/logo/bank/:file', async (request, reply) => {
    const m = /^([A-Z]{2,8})\.svg$/.exec(request.params.file);
    const [bank] = m
      ? await ctx.db.query<Bank & Record<string, unknown>>(`SELECT bank_code, short_name FROM banks WHERE bank_code = $1`, [m[1]])
      : [];
    if (!bank) throw new ApiError(404, 'NOT_FOUND', 'No such logo');
    return svg(reply, bankLogoSvg(bank.bank_code, bank.short_name));
  });
}

export function registerTxRuleRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerRuleRoutes(app, ctx);
  registerRuleListRoutes(app, ctx);
}
