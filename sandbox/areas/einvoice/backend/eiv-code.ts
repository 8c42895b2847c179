import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../../platform/http/authenticate';
import { ApiError, ok } from '../../../platform/http/envelope';
import { badRequest, bodyOf } from './common';

/**
 * POST /api/sale/invoice/eiv/{id}[?is_orderid=true] {eiv_code}: the order's e-invoice code saved on
 * the orders area's row (doc 2 §3: "tax-authority code::search code::sequence"; cqt_code is its first
 * part, is_eiv_exported true). `{id}` is the invoice id, or the order id with is_orderid=true, as
 * GET /invoice/{id} reads it. Owner and staff (a cashier exports, D115, D175). The code must name an
 * invoice this merchant's provider really issued (its lookup code and number; its tax-authority code
 * when given), so the order list never links to an invoice that does not exist. Saving the same code
 * again answers the same; another code on an exported order is INVOICE_ALREADY_EXPORTED with the
 * stored code.
 */

const PART = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/;
const MAX_ID = 2_147_483_647;

export interface EivCode {
  cqt: string | null;
  search: string;
  sequence: number;
}

export function parseEivCode(value: unknown): EivCode | null {
  if (typeof value !== 'string' || value.length > 250) return null;
  const parts = value.split('::');
  if (parts.length !== 3) return null;
  const [cqt, search, sequence] = parts as [string, string, string];
  if ((cqt && !PART.test(cqt)) || !PART.test(search) || !/^[1-9]\d{0,9}$/.test(sequence) || Number(sequence) > MAX_ID) return null;
  return { cqt: cqt || null, search, sequence: Number(sequence) };
}

interface OrderRow {
  id: number;
  invoice_id: number;
  status: number;
  eiv_code: string | null;
  cqt_code: string | null;
  is_eiv_exported: boolean;
}

const out = (o: OrderRow) => ({
  order_id: o.id,
  invoice_id: o.invoice_id,
  eiv_code: o.eiv_code,
  cqt_code: o.cqt_code,
  is_eiv_exported: o.is_eiv_exported,
});

export function registerEivCodeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/invoice/eiv/:id', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const raw = (request.params as { id?: string }).id ?? '';
    const id = /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_ID ? Number(raw) : null;
    if (id === null) throw badRequest('id', 'The id is a whole number');
    const byOrder = (request.query as Record<string, unknown> | undefined)?.is_orderid === 'true';
    const code = parseEivCode(bodyOf(request).eiv_code);
    if (!code) throw badRequest('eiv_code', 'eiv_code must be "tax-authority code::search code::sequence"', 'REQUIRED');
    const eivCode = `${code.cqt ?? ''}::${code.search}::${code.sequence}`;

    const [order] = await ctx.db.query<OrderRow & Record<string, unknown>>(
      `SELECT id, invoice_id, status, eiv_code, cqt_code, is_eiv_exported FROM sale_orders WHERE merchant_id = $1 AND ${byOrder ? 'id' : 'invoice_id'} = $2`,
      [user.merchant_id, id],
    );
    if (!order) throw new ApiError(404, 'NOT_FOUND', 'No such order');
    if (order.eiv_code === eivCode) return ok(out(order));
    if (order.eiv_code)
      throw new ApiError(409, 'INVOICE_ALREADY_EXPORTED', 'The order has its e-invoice already', { eiv_code: order.eiv_code });
    if (order.status !== 0) throw new ApiError(409, 'ORDER_NOT_COMPLETED', 'Only a completed (paid) order gets an e-invoice');

    const [invoice] = await ctx.db.query<{ cqt_code: string | null }>(
      `SELECT cqt_code FROM einv_invoices WHERE merchant_id = $1 AND lookup_code = $2 AND number = $3 ORDER BY id DESC LIMIT 1`,
      [user.merchant_id, code.search, code.sequence],
    );
    if (!invoice || (code.cqt !== null && invoice.cqt_code !== code.cqt)) {
      throw new ApiError(400, 'EIV_CODE_UNKNOWN', 'No e-invoice of this merchant has that code', { field: 'eiv_code' });
    }
    // Only while still unexported: two tabs saving at once leave one code, and the loser hears which.
    const [saved] = await ctx.db.query<OrderRow & Record<string, unknown>>(
      `UPDATE sale_orders SET eiv_code = $3, cqt_code = $4, is_eiv_exported = true
        WHERE id = $1 AND merchant_id = $2 AND eiv_code IS NULL
       RETURNING id, invoice_id, status, eiv_code, cqt_code, is_eiv_exported`,
      [order.id, user.merchant_id, eivCode, code.cqt],
    );
    if (saved) return ok(out(saved));
    const [now] = await ctx.db.query<OrderRow & Record<string, unknown>>(
      `SELECT id, invoice_id, status, eiv_code, cqt_code, is_eiv_exported FROM sale_orders WHERE id = $1`,
      [order.id],
    );
    if (now?.eiv_code === eivCode) return ok(out(now));
    throw new ApiError(409, 'INVOICE_ALREADY_EXPORTED', 'The order has its e-invoice already', { eiv_code: now?.eiv_code ?? null });
  });
}
