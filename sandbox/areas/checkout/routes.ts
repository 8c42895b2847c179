import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, requireOwner } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import { sendOnce } from '../../platform/http/idempotency';
import { imageReply, readImageUpload } from '../../platform/http/images';
import { queryInt } from '../../platform/http/query';
import { findPayable, orderPaid, refuseVoided } from '../../platform/sale/settlement';
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
  type CheckoutRow,
  type LinkRow,
} from './store';
import {
  LOGO_MAX_BYTES,
  LIST_MAX_PAGE_SIZE,
  SEARCH_MAX,
  notFound,
  badRequest,
  validationError,
  readForm,
  isCallersMerchant,
  checkMerchantForm,
  checkWidgetForm,
  bodyOf,
  checkLinkBody,
} from './forms';

/**
 * The checkout service's merchant, widget and payment-link calls (CONTRACT14 §A, §B;
 * docs/areas/checkout.md "Service calls"). Scoped to the caller's merchant: another merchant's
 * record, widget or link answers 404 as if it did not exist. Reading is open to staff-type users (the
 * cashier makes links); changing the merchant's checkout settings is the owner's (D87).
 */

/** The merchant's checkout record and its widget (forms, multipart or URL-encoded), and the widget's logo. */
function registerCheckoutSettingsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
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
}

/** Payment links: making, listing, reading and cancelling them. */
function registerPaymentLinkRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const caller = (request: FastifyRequest) => authenticate(ctx, request);

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
        refuseVoided(order);
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

export function registerCheckoutRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerCheckoutSettingsRoutes(app, ctx);
  registerPaymentLinkRoutes(app, ctx);
}

export type { CheckoutRow };
