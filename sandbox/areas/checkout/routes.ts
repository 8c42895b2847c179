import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, requireOwner } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { sendOnce } from '../../platform/http/idempotency';
import { imageReply, readImageUpload } from '../../platform/http/images';
import { queryInt } from '../../platform/http/query';
import { findPayable, orderPaid } from '../../platform/sale/settlement';
import { linkPaid } from './pay';
import {
  checkoutRecord,
  ensureRecord,
  foldText,
  insertLink,
  LINK_ID,
  LINK_SELECT,
  linkById,
  linkOut,
  merchantInfo,
  METHODS,
  setActive,
  WIDGET_ID,
  WIDGET_TYPES,
  type CheckoutRow,
  type LinkRow,
  type WidgetType,
} from './store';

/**
 * The checkout service's merchant, widget and payment-link calls (CONTRACT14 §A, §B;
 * docs/areas/checkout.md "Service calls"). Scoped to the caller's merchant: another merchant's
 * record, widget or link answers 404 as if it did not exist. Reading is open to staff-type users (the
 * cashier makes links); changing the merchant's checkout settings is the owner's (D87).
 */

export const LOGO_MAX_BYTES = 102_400;
const NAME_MAX = 100;
const URL_MAX = 2048;
const BUTTON_TEXT_MAX = 30;
export const ORDER_ID_MAX = 64;
export const AMOUNT_MIN = 1_000;
export const AMOUNT_MAX = 999_999_999;
const LIST_MAX_PAGE_SIZE = 100;
const SEARCH_MAX = 64;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const notFound = (what = 'merchant') => new ApiError(404, 'NOT_FOUND', `No such ${what}`);
const badRequest = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

/** The spec's widget-save refusal (doc 2 §8): every failing field, in form order, message in English. */
export interface FieldProblem {
  field: string;
  msg: string;
}
const validationError = (errors: FieldProblem[]) =>
  new ApiError(400, 'VALIDATION_ERROR', `${errors[0]!.field}: ${errors[0]!.msg}`, { errors });

/** Why a URL cannot be a return, cancel or notification address, or null. */
export function urlProblem(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return 'is required';
  if (value.length > URL_MAX) return `must be at most ${URL_MAX} characters`;
  if (/\s/.test(value) || CONTROL.test(value)) return 'must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a valid URL';
  }
  if (url.protocol !== 'https:') return 'must be an https:// URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (!url.hostname) return 'must name a host';
  return null;
}

/** A form's fields, each with every value sent (payment_methods repeats). Files are read and dropped. */
async function readForm(request: FastifyRequest): Promise<Map<string, string[]>> {
  const fields = new Map<string, string[]>();
  const add = (name: string, value: string) => fields.set(name, [...(fields.get(name) ?? []), value]);
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') await part.toBuffer();
        else if (typeof part.value === 'string') add(part.fieldname, part.value);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw badRequest('body', 'Malformed or too large form data');
    }
    return fields;
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(415, 'BAD_REQUEST', 'Send the form as multipart/form-data or application/x-www-form-urlencoded', { field: 'body' });
  }
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) if (typeof one === 'string') add(name, one);
  }
  return fields;
}

/** The caller's merchant named by its id or the profile's ref_id (doc 2 §6); anything else is not found. */
async function isCallersMerchant(ctx: SandboxContext, merchantId: string, named: string): Promise<boolean> {
  if (named === merchantId) return true;
  if (named === '' || named.length > 64) return false;
  const [row] = await ctx.db.query(`SELECT 1 FROM merchants WHERE id = $1 AND ref_id = $2`, [merchantId, named]);
  return Boolean(row);
}

/** PUT /merchants/{id}'s fields checked in form order. */
export function checkMerchantForm(
  fields: Map<string, string[]>,
  merchantId: string,
  namedOk: boolean,
): {
  problems: FieldProblem[];
  value: { name: string; urls: Record<'return_url' | 'cancel_url' | 'ipn_url', string>; active: Set<WidgetType> };
} {
  const problems: FieldProblem[] = [];
  const one = (name: string) => fields.get(name)?.at(-1);
  const id = one('merchant_id');
  if (id !== undefined && id !== merchantId && !namedOk) problems.push({ field: 'merchant_id', msg: "must be this merchant's id" });
  const name = (one('merchant_name') ?? '').trim();
  if (name === '') problems.push({ field: 'merchant_name', msg: 'is required' });
  else if ([...name].length > NAME_MAX) problems.push({ field: 'merchant_name', msg: `must be at most ${NAME_MAX} characters` });
  else if (CONTROL.test(name)) problems.push({ field: 'merchant_name', msg: 'must not contain control characters' });
  const urls = { return_url: '', cancel_url: '', ipn_url: '' };
  for (const field of ['return_url', 'cancel_url', 'ipn_url'] as const) {
    const value = one(field);
    const problem = urlProblem(value);
    if (problem) problems.push({ field, msg: problem });
    else urls[field] = value!;
  }
  const active = new Set<WidgetType>();
  for (const raw of fields.get('payment_methods') ?? []) {
    const method = METHODS.find((m) => String(m.id) === raw.trim());
    if (!method) {
      problems.push({ field: 'payment_methods', msg: `has an unknown payment method id` });
      break;
    }
    active.add(method.widget_type);
  }
  return { problems, value: { name, urls, active } };
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

export interface WidgetChanges {
  columns: Record<string, string | number | boolean>;
  active: Map<WidgetType, boolean>;
  removeLogo: boolean;
}

/** PUT /widgets/{id}'s text fields, in form order; a field not sent keeps its value. */
export function checkWidgetForm(fields: Record<string, string>): { problems: FieldProblem[]; changes: WidgetChanges } {
  const problems: FieldProblem[] = [];
  const columns: Record<string, string | number | boolean> = {};
  for (const name of ['primary_color', 'secondary_color', 'button_color'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    if (!COLOUR.test(value.trim())) problems.push({ field: name, msg: 'must be a colour #rrggbb' });
    else columns[name] = value.trim().toLowerCase();
  }
  if (fields.logo_height !== undefined) {
    if (!['60', '80', '100'].includes(fields.logo_height.trim())) problems.push({ field: 'logo_height', msg: 'must be 60, 80 or 100' });
    else columns.logo_height = Number(fields.logo_height.trim());
  }
  if (fields.logo_position !== undefined) {
    if (!['left', 'center', 'right'].includes(fields.logo_position.trim()))
      problems.push({ field: 'logo_position', msg: 'must be left, center or right' });
    else columns.logo_position = fields.logo_position.trim();
  }
  if (fields.button_border !== undefined) {
    if (!['true', 'false'].includes(fields.button_border.trim())) problems.push({ field: 'button_border', msg: 'must be true or false' });
    else columns.button_border = fields.button_border.trim() === 'true';
  }
  if (fields.border_radius !== undefined) {
    const raw = fields.border_radius.trim();
    if (!/^\d{1,2}$/.test(raw) || Number(raw) > 24) problems.push({ field: 'border_radius', msg: 'must be a whole number from 0 to 24' });
    else columns.border_radius = Number(raw);
  }
  if (fields.button_text !== undefined) {
    const text = fields.button_text.trim();
    if ([...text].length > BUTTON_TEXT_MAX) problems.push({ field: 'button_text', msg: `must be at most ${BUTTON_TEXT_MAX} characters` });
    else if (CONTROL.test(text)) problems.push({ field: 'button_text', msg: 'must not contain control characters' });
    else columns.button_text = text;
  }
  const active = new Map<WidgetType, boolean>();
  if (fields.active_methods !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.active_methods);
    } catch {
      parsed = undefined;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.length <= WIDGET_TYPES.length &&
      parsed.every(
        (entry) =>
          typeof entry === 'object' &&
          entry !== null &&
          WIDGET_TYPES.includes((entry as { name: WidgetType }).name) &&
          typeof (entry as { active: unknown }).active === 'boolean',
      );
    if (!valid) problems.push({ field: 'active_methods', msg: 'must be a JSON list of {name, active}' });
    else for (const entry of parsed as { name: WidgetType; active: boolean }[]) active.set(entry.name, entry.active);
  }
  let removeLogo = false;
  if (fields.remove_logo !== undefined) {
    if (!['true', 'false'].includes(fields.remove_logo.trim())) problems.push({ field: 'remove_logo', msg: 'must be true or false' });
    else removeLogo = fields.remove_logo.trim() === 'true';
  }
  return { problems, changes: { columns, active, removeLogo } };
}

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

/** POST /payment-links' body: REQUIRED for what is missing, BAD_REQUEST {field} for what is wrong. */
export function checkLinkBody(body: Record<string, unknown>): { appId: string; orderId: string; amount: number; invoiceId: number | null } {
  const missing: string[] = [];
  if (body.app_id === undefined || body.app_id === null || body.app_id === '') missing.push('app_id');
  const orderRaw = body.order_id;
  if (orderRaw === undefined || orderRaw === null || (typeof orderRaw === 'string' && orderRaw.trim() === '')) missing.push('order_id');
  if (body.amount === undefined || body.amount === null || body.amount === '') missing.push('amount');
  if (missing.length > 0) throw required(missing);
  if (typeof body.app_id !== 'string' || body.app_id.length > 64) throw badRequest('app_id', 'app_id must be the widget id');
  if (typeof orderRaw !== 'string') throw badRequest('order_id', 'order_id must be text');
  const orderId = orderRaw.trim();
  if ([...orderId].length > ORDER_ID_MAX) throw badRequest('order_id', `order_id must be at most ${ORDER_ID_MAX} characters`);
  if (CONTROL.test(orderId)) throw badRequest('order_id', 'order_id must not contain control characters');
  const amount = body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < AMOUNT_MIN || amount > AMOUNT_MAX)
    throw badRequest('amount', `amount must be a whole number of đồng from ${AMOUNT_MIN} to ${AMOUNT_MAX}`);
  let invoiceId: number | null = null;
  if (body.invoice_id !== undefined && body.invoice_id !== null) {
    const id = body.invoice_id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw badRequest('invoice_id', 'invoice_id must be an invoice id');
    invoiceId = id;
  }
  return { appId: body.app_id, orderId, amount, invoiceId };
}

export function registerCheckoutRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request);
  const owner = async (request: FastifyRequest) => requireOwner(await caller(request));

  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: LOGO_MAX_BYTES, files: 2, fields: 24, fieldSize: 4096, fieldNameSize: 100, parts: 26, headerPairs: 50 },
    });
    // The spec's merchant form may come URL-encoded; repeated fields (payment_methods) are kept.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      const out: Record<string, string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) (out[name] ??= []).push(value);
      done(null, out);
    });

    scope.get('/merchants/:id', async (request) => {
      const { user } = await caller(request);
      const { id } = request.params as { id: string };
      if (!(await isCallersMerchant(ctx, user.merchant_id, id))) throw notFound();
      const allow = (request.query as Record<string, unknown>).allow_create;
      const create = typeof allow === 'string' && allow.toLowerCase() === 'true';
      const row = create ? await ensureRecord(ctx.db, user.merchant_id, ctx.clock.now()) : await checkoutRecord(ctx.db, user.merchant_id);
      if (!row) throw notFound();
      return ok({ data: await merchantInfo(ctx, row) });
    });

    scope.put('/merchants/:id', async (request) => {
      const { user } = await owner(request);
      const { id } = request.params as { id: string };
      if (!(await isCallersMerchant(ctx, user.merchant_id, id))) throw notFound();
      const fields = await readForm(request);
      const namedId = fields.get('merchant_id')?.at(-1);
      const namedOk = namedId === undefined || (await isCallersMerchant(ctx, user.merchant_id, namedId));
      const { problems, value } = checkMerchantForm(fields, user.merchant_id, namedOk);
      if (problems.length > 0) throw validationError(problems);
      await ensureRecord(ctx.db, user.merchant_id, ctx.clock.now());
      await ctx.db.query(
        `UPDATE checkout_merchants SET merchant_name = $2, return_url = $3, cancel_url = $4, ipn_url = $5, updated_at = $6 WHERE merchant_id = $1`,
        [user.merchant_id, value.name, value.urls.return_url, value.urls.cancel_url, value.urls.ipn_url, ctx.clock.now()],
      );
      await setActive(ctx.db, user.merchant_id, new Map(METHODS.map((m) => [m.widget_type, value.active.has(m.widget_type)])));
      return ok({ data: await merchantInfo(ctx, (await checkoutRecord(ctx.db, user.merchant_id))!) });
    });

    scope.put('/widgets/:id', async (request) => {
      const { user } = await owner(request);
      const { id } = request.params as { id: string };
      const row = WIDGET_ID.test(id) ? await checkoutRecord(ctx.db, user.merchant_id) : undefined;
      if (!row || row.widget_id !== id) throw notFound('widget');
      const { image, fields } = await readImageUpload(request, { field: 'logo', maxBytes: LOGO_MAX_BYTES, optional: true });
      const { problems, changes } = checkWidgetForm(fields);
      if (problems.length > 0) throw validationError(problems);
      const sets: string[] = [];
      const params: unknown[] = [user.merchant_id, ctx.clock.now()];
      for (const [column, value] of Object.entries(changes.columns)) {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      }
      if (image) {
        params.push(image.mime, image.bytes, createHash('sha256').update(image.bytes).digest('hex').slice(0, 8));
        sets.push(`logo_mime = $${params.length - 2}`, `logo_bytes = $${params.length - 1}`, `logo_hash = $${params.length}`);
      } else if (changes.removeLogo) {
        sets.push('logo_mime = NULL', 'logo_bytes = NULL', 'logo_hash = NULL');
      }
      await ctx.db.query(`UPDATE checkout_merchants SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE merchant_id = $1`, params);
      await setActive(ctx.db, user.merchant_id, changes.active);
      return ok({ data: await merchantInfo(ctx, (await checkoutRecord(ctx.db, user.merchant_id))!) });
    });
  });

  // The hosted page shows the logo to payers, who are not signed in; the ?v= hash makes each logo its own URL.
  app.get('/widgets/:id/logo', async (request, reply) => {
    const { id } = request.params as { id: string };
    const v = (request.query as Record<string, unknown>).v;
    const [row] = WIDGET_ID.test(id)
      ? await ctx.db.query<{ logo_mime: string; logo_bytes: Uint8Array; logo_hash: string }>(
          `SELECT logo_mime, logo_bytes, logo_hash FROM checkout_merchants WHERE widget_id = $1 AND logo_hash IS NOT NULL`,
          [id],
        )
      : [];
    if (!row || (v !== undefined && v !== row.logo_hash)) throw notFound('logo');
    // The same headers as every stored image (D220), public and cacheable on top.
    return imageReply(reply, row.logo_mime)
      .header('Cache-Control', v === undefined ? 'no-cache' : 'public, max-age=31536000, immutable')
      .send(Buffer.from(row.logo_bytes));
  });

  app.post('/payment-links', async (request, reply) => {
    const { user } = await caller(request);
    const merchantId = user.merchant_id;
    return sendOnce(ctx, request, reply, merchantId, { required: true }, async () => {
      const input = checkLinkBody(bodyOf(request));
      const record = await checkoutRecord(ctx.db, merchantId);
      if (!record || !WIDGET_ID.test(input.appId) || record.widget_id !== input.appId) throw notFound('widget');
      if (input.invoiceId !== null) {
        const order = await findPayable(ctx.db, merchantId, input.invoiceId);
        if (!order) throw notFound('invoice');
        if (order.status === 0) throw await orderPaid(ctx.db, order.id);
        if (Number(order.total_price) !== input.amount) throw badRequest('amount', "amount must be the order's total");
        if (order.order_code !== input.orderId) throw badRequest('order_id', "order_id must be the order's code");
        const [open] = await ctx.db.query<LinkRow & Record<string, unknown>>(
          `SELECT * FROM (${LINK_SELECT('$4')} WHERE l.merchant_id = $1 AND l.invoice_id = $2 AND l.amount = $3) s
            WHERE s.status = 'OPEN' ORDER BY s.seq DESC LIMIT 1`,
          [merchantId, input.invoiceId, input.amount, ctx.clock.nowSeconds()],
        );
        if (open) return { status: 200, body: ok(linkOut(ctx, open)) };
      }
      const { link, created } = await insertLink(ctx, merchantId, input);
      return { status: created ? 201 : 200, body: ok(linkOut(ctx, link)) };
    });
  });

  app.get('/payment-links', async (request) => {
    const { user } = await caller(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, LIST_MAX_PAGE_SIZE);
    const params: unknown[] = [user.merchant_id, ctx.clock.nowSeconds()];
    let where = 's.merchant_id = $1';
    if (query.q !== undefined && query.q !== '') {
      if (typeof query.q !== 'string' || query.q.length > SEARCH_MAX)
        throw badRequest('q', `q is text of at most ${SEARCH_MAX} characters`);
      params.push(`%${foldText(query.q.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND s.order_fold LIKE $${params.length}`;
    }
    if (query.status !== undefined && query.status !== '') {
      if (typeof query.status !== 'string' || !['OPEN', 'PAID', 'EXPIRED'].includes(query.status))
        throw badRequest('status', 'status must be OPEN, PAID or EXPIRED');
      params.push(query.status);
      where += ` AND s.status = $${params.length}`;
    }
    const base = `SELECT * FROM (${LINK_SELECT('$2')}) s WHERE ${where}`;
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) c`, params);
    const rows = await ctx.db.query<LinkRow & Record<string, unknown>>(
      `${base} ORDER BY s.seq DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    const total = count?.n ?? 0;
    return {
      data: rows.map((row) => linkOut(ctx, row)),
      total_page: Math.ceil(total / pageSize),
      page,
      page_size: pageSize,
      total_count: total,
    };
  });

  app.get('/payment-links/:id', async (request) => {
    const { user } = await caller(request);
    const { id } = request.params as { id: string };
    const link = LINK_ID.test(id) ? await linkById(ctx, user.merchant_id, id) : undefined;
    if (!link) throw notFound('payment link');
    return ok(linkOut(ctx, link));
  });

  // The merchant cancels an open link (D216): it can no longer take money and reads EXPIRED, and a link
  // made for an order stops holding the order's dishes (D214). A repeat answers the link as it is; a
  // paid link is 409 LINK_PAID. Staff may, as they make links.
  app.post('/payment-links/:id/cancel', async (request) => {
    const { user } = await caller(request);
    const { id } = request.params as { id: string };
    if (!LINK_ID.test(id) || !(await linkById(ctx, user.merchant_id, id))) throw notFound('payment link');
    await ctx.db.query(
      `UPDATE payment_links SET cancelled_at = $3 WHERE id = $1 AND merchant_id = $2 AND paid_at IS NULL AND cancelled_at IS NULL`,
      [id, user.merchant_id, ctx.clock.nowSeconds()],
    );
    const link = (await linkById(ctx, user.merchant_id, id))!;
    if (link.status === 'PAID') throw linkPaid();
    return ok(linkOut(ctx, link));
  });
}

export type { CheckoutRow };
