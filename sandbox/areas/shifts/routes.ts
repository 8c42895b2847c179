import type { FastifyInstance } from 'fastify';
import {
  CLOSE_REASON_THRESHOLD,
  countedTotal,
  DENOMINATIONS,
  DRAWER_AMOUNT_MAX,
  MOVEMENT_KINDS,
  MOVEMENT_REASONS,
  NOTE_COUNT_MAX,
  REASON_MAX_LENGTH,
  type MovementKind,
} from '../../../src/rules/shifts/drawer';
import type { SandboxContext } from '../../platform/context';
import { authenticate, requireOwner, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { sendOnce } from '../../platform/http/idempotency';
import { expectedOf, movementsOf, refundsOf, salesOf, shiftOut, shiftsWhere } from './model';
import { bodyOf, wholeId } from '../../platform/http/body';
import { recordAudit } from '../audit';
import type { ShiftRow } from './model';
import type { Database } from '../../platform/db/database';

/**
 * The sale service's shift calls (D303; docs/areas/shifts.md): a store's open shift and its last
 * closed one, opening with a float, cash in / cash out with a reason, closing with the notes counted,
 * and the owner's list of every open drawer. Open to the owner and staff-type users (a cashier opens
 * the drawer), the list of every drawer to the owner only (PERMISSION_DENY). Every call is scoped to
 * the caller's merchant: another merchant's store or shift answers 404 like a missing one. The calls
 * that change the drawer take an Idempotency-Key (platform/http/idempotency.ts): one effect per key.
 */

const bad = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });
const storeNotFound = (id: unknown) => new ApiError(404, 'STORE_NOT_EXIST', 'No such store', { store_id: id });
const shiftNotFound = (id: unknown) => new ApiError(404, 'SHIFT_NOT_FOUND', 'No such shift', { shift_id: id });
const shiftClosed = (id: number) => new ApiError(409, 'SHIFT_CLOSED', 'This shift is closed', { shift_id: id });
const CONTROL = /[\u0000-\u001f\u007f]/;

function amountField(b: Record<string, unknown>, name: string, min: number): number {
  const v = b[name];
  if (v === undefined || v === null) throw required([name]);
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > DRAWER_AMOUNT_MAX) {
    throw bad(name, `${name} is a whole number of đồng, ${min}..${DRAWER_AMOUNT_MAX}`);
  }
  return v;
}

function textField(b: Record<string, unknown>, name: string): string {
  const v = b[name] ?? '';
  if (typeof v !== 'string' || v.length > REASON_MAX_LENGTH || CONTROL.test(v)) {
    throw bad(name, `${name} is text of at most ${REASON_MAX_LENGTH} characters`);
  }
  return v.trim();
}

/** The counts at close: denomination → whole notes 0..NOTE_COUNT_MAX; a missing one is 0, an unknown one refused. */
function countsOf(b: Record<string, unknown>): Record<string, number> {
  const raw = b.counts;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw required(['counts']);
  const known = new Set(DENOMINATIONS.map(String));
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!known.has(key)) throw bad('counts', `${key} is not a denomination`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > NOTE_COUNT_MAX) {
      throw bad('counts', `counts.${key} is a whole number 0..${NOTE_COUNT_MAX}`);
    }
    counts[key] = value;
  }
  return counts;
}

async function openShiftOf(ctx: SandboxContext, merchantId: string, shiftId: number) {
  const [row] = await shiftsWhere(ctx.db, 's.id = $3', [merchantId, shiftId], ctx.clock.now());
  if (!row) throw shiftNotFound(shiftId);
  if (row.status !== 'OPEN') throw shiftClosed(shiftId);
  return row;
}

/**
 * Inside a transaction: the open shift locked (FOR UPDATE) and then read, so its figures include every
 * change committed before the lock; 409 SHIFT_CLOSED when it closed meanwhile.
 */
async function lockOpen(tx: Database, merchantId: string, shiftId: number, now: number): Promise<ShiftRow> {
  const locked = await tx.query(`SELECT id FROM shifts WHERE id = $1 AND merchant_id = $2 AND status = 'OPEN' FOR UPDATE`, [
    shiftId,
    merchantId,
  ]);
  if (locked.length === 0) throw shiftClosed(shiftId);
  const [row] = await shiftsWhere(tx, 's.id = $3', [merchantId, shiftId], now);
  return row!;
}

/** What every drawer entry of the audit log names (D319): the shift and its store. */
const auditOf = (row: ShiftRow) => ({ target: 'shift' as const, targetId: row.id, store: { id: row.store_id, name: row.store_name } });

/** GET /shift?store_id= and GET /shift/drawers: reading. */
function registerReads(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/shift', async (request) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    const storeId = wholeId((request.query as Record<string, unknown>).store_id);
    if (storeId === null) throw required(['store_id']);
    const [store] = await ctx.db.query(`SELECT 1 FROM stores WHERE id = $1 AND merchant_id = $2`, [storeId, user.merchant_id]);
    if (!store) throw storeNotFound(storeId);
    const now = ctx.clock.now();
    const [open] = await shiftsWhere(ctx.db, `s.store_id = $3 AND s.status = 'OPEN'`, [user.merchant_id, storeId], now);
    const [last] = await shiftsWhere(
      ctx.db,
      `s.id = (SELECT id FROM shifts WHERE store_id = $3 AND status = 'CLOSED' ORDER BY closed_at DESC, id DESC LIMIT 1)`,
      [user.merchant_id, storeId],
      now,
    );
    return ok({
      open: open ? shiftOut(open, await movementsOf(ctx.db, open.id)) : null,
      last_closed: last ? shiftOut(last, await movementsOf(ctx.db, last.id)) : null,
    });
  });

  // The owner's view of every open drawer (D304): a store at most once, so at most the merchant's stores.
  app.get('/shift/drawers', async (request) => {
    const { user } = requireOwner(await authenticate(ctx, request, SALE_TOKEN_KINDS));
    const rows = await shiftsWhere(ctx.db, `s.status = 'OPEN' ORDER BY st.name, s.id LIMIT 1000`, [user.merchant_id], ctx.clock.now());
    return ok({ items: rows.map((r) => shiftOut(r, null)) });
  });
}

/** POST /shift, /shift/{id}/movement: opening and moving the drawer, once per key. */
function registerWrites(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/shift', async (request, reply) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const b = bodyOf(request);
      const storeId = wholeId(b.store_id);
      if (storeId === null) throw required(['store_id']);
      const floatAmount = amountField(b, 'float_amount', 0);
      const [store] = await ctx.db.query(`SELECT 1 FROM stores WHERE id = $1 AND merchant_id = $2`, [storeId, user.merchant_id]);
      if (!store) throw storeNotFound(storeId);
      const now = ctx.clock.now();
      // The opening and its audit entry (D299, D319) land together.
      const row = await ctx.db.transaction(async (tx) => {
        // The partial unique index decides between racing openers: the second finds the first's shift.
        const made = await tx.query<{ id: number }>(
          `INSERT INTO shifts (merchant_id, store_id, status, float_amount, opened_by, opened_by_name, opened_at)
           VALUES ($1, $2, 'OPEN', $3, $4, $5, $6) ON CONFLICT (store_id) WHERE status = 'OPEN' DO NOTHING RETURNING id`,
          [user.merchant_id, storeId, floatAmount, user.id, user.full_name, now],
        );
        if (made.length === 0) return null;
        const [opened] = await shiftsWhere(tx, 's.id = $3', [user.merchant_id, made[0]!.id], now);
        await recordAudit(tx, now, user, { ...auditOf(opened!), action: 'shift.open', after: { float_amount: floatAmount } });
        return opened!;
      });
      if (row === null) {
        const [open] = await ctx.db.query<{ id: number }>(`SELECT id FROM shifts WHERE store_id = $1 AND status = 'OPEN'`, [storeId]);
        throw new ApiError(409, 'SHIFT_ALREADY_OPEN', 'This store already has an open shift', { shift_id: open?.id ?? null });
      }
      return { status: 201, body: ok(shiftOut(row, [])) };
    });
  });

  app.post('/shift/:id/movement', async (request, reply) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const shiftId = wholeId((request.params as { id?: string }).id);
      if (shiftId === null) throw shiftNotFound((request.params as { id?: string }).id);
      const b = bodyOf(request);
      if (!MOVEMENT_KINDS.includes(b.kind as MovementKind)) throw bad('kind', `kind is one of ${MOVEMENT_KINDS.join(', ')}`);
      const amount = amountField(b, 'amount', 1);
      if (!(MOVEMENT_REASONS as readonly unknown[]).includes(b.reason))
        throw bad('reason', `reason is one of ${MOVEMENT_REASONS.join(', ')}`);
      const note = textField(b, 'note');
      if (b.reason === 'OTHER' && note === '') throw required(['note']);
      await openShiftOf(ctx, user.merchant_id, shiftId);
      const now = ctx.clock.now();
      // The movement and its audit entry (D299, D319) land together, with the expected cash around it.
      const row = await ctx.db.transaction(async (tx) => {
        // Locked while open: a close waits for this movement or comes first and this one finds it closed.
        const before = await lockOpen(tx, user.merchant_id, shiftId, now);
        await tx.query(
          `INSERT INTO shift_movements (merchant_id, shift_id, kind, amount, reason, note, created_by_name, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [user.merchant_id, shiftId, b.kind, amount, b.reason, note, user.full_name, now],
        );
        const [after] = await shiftsWhere(tx, 's.id = $3', [user.merchant_id, shiftId], now);
        await recordAudit(tx, now, user, {
          ...auditOf(before),
          action: b.kind === 'IN' ? 'shift.cash_in' : 'shift.cash_out',
          before: { expected: before.expected },
          after: { amount, reason: String(b.reason), note, expected: after!.expected },
        });
        return after!;
      });
      return { status: 201, body: ok(shiftOut(row, await movementsOf(ctx.db, shiftId))) };
    });
  });
}

/** POST /shift/{id}/close: the count and the close, once per key. */
function registerClose(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/shift/:id/close', async (request, reply) => {
    const { user } = await authenticate(ctx, request, SALE_TOKEN_KINDS);
    return sendOnce(ctx, request, reply, user.merchant_id, { required: true }, async () => {
      const shiftId = wholeId((request.params as { id?: string }).id);
      if (shiftId === null) throw shiftNotFound((request.params as { id?: string }).id);
      const b = bodyOf(request);
      const counts = countsOf(b);
      const reason = textField(b, 'reason');
      const counted = countedTotal(Object.fromEntries(Object.entries(counts).map(([d, n]) => [Number(d), n])));
      await openShiftOf(ctx, user.merchant_id, shiftId);
      const now = ctx.clock.now();
      const row = await ctx.db.transaction(async (tx) => {
        // Locked first: a cash refund or movement under way commits before the figures are computed
        // (they lock the shift too, D318), one that comes later finds the shift closed.
        const before = await lockOpen(tx, user.merchant_id, shiftId, now);
        // The threshold is checked in the statement that closes, on the figures at that instant.
        const closed = await tx.query(
          `WITH cur AS (
             SELECT s.id, ${salesOf('$3')} AS sales, ${refundsOf()} AS refunds, ${expectedOf('$3')} AS expected
             FROM shifts s WHERE s.id = $1 AND s.merchant_id = $2 AND s.status = 'OPEN')
           UPDATE shifts t SET status = 'CLOSED', closed_at = $3, closed_by = $4, closed_by_name = $5, cash_sales = cur.sales, cash_refunds = cur.refunds,
             expected = cur.expected, counted = $6, counts = $7::jsonb, close_reason = $8
           FROM cur WHERE t.id = cur.id AND t.status = 'OPEN' AND (abs($6 - cur.expected) <= $9 OR $8 <> '')
           RETURNING t.id`,
          [shiftId, user.merchant_id, now, user.id, user.full_name, counted, JSON.stringify(counts), reason, CLOSE_REASON_THRESHOLD],
        );
        if (closed.length === 0) {
          throw new ApiError(400, 'CLOSE_REASON_REQUIRED', `A difference above ${CLOSE_REASON_THRESHOLD} đồng needs a reason`, {
            field: 'reason',
            expected: before.expected,
            counted,
            difference: counted - before.expected,
          });
        }
        const [after] = await shiftsWhere(tx, 's.id = $3', [user.merchant_id, shiftId], now);
        // The count and the close in one entry (D319): what the drawer should hold, what was counted, why they differ.
        await recordAudit(tx, now, user, {
          ...auditOf(after!),
          action: 'shift.close',
          before: { shift_status: 'OPEN', expected: before.expected },
          after: {
            shift_status: 'CLOSED',
            expected: after!.expected,
            counted,
            difference: counted - after!.expected,
            close_reason: reason,
          },
        });
        return after!;
      });
      return { status: 200, body: ok(shiftOut(row, await movementsOf(ctx.db, shiftId))) };
    });
  });
}

export function registerShiftRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerReads(app, ctx);
  registerWrites(app, ctx);
  registerClose(app, ctx);
}
