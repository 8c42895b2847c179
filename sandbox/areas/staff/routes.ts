import type { FastifyInstance } from 'fastify';
import {
  nationalPhone,
  normaliseStaffName,
  validateStaffAddress,
  validateStaffEmail,
  validateStaffId,
  validateStaffName,
  validateStaffPhone,
} from '../../../src/rules/staff/staff';
import { visibleText } from '../../../src/rules/text';
import { hashPasswordDigest, isPasswordDigest, verifyPasswordDigest } from '../../platform/auth/passwords';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok, required } from '../../platform/http/envelope';
import { queryInt } from '../../platform/http/query';
import { changedFields, maskPhone } from '../../../src/rules/audit';
import { recordAudit } from '../audit';

/**
 * GET, POST, PUT, DELETE /staff (core §7 staff administration; docs/areas/staff.md). Owner only
 * (D87): a staff-type caller meets PERMISSION_DENY on every call. Every row is the caller's
 * merchant's; another merchant's id answers as a missing one (USER_INCORRECT). Passwords arrive as
 * the portal's SHA-256 digest and are stored as a salted scrypt of it (D97); a staff member added
 * here signs in with their e-mail address as the username (D96).
 */

const MAX_PAGE_SIZE = 100;
const ROW_ID = /^\d{1,9}$/;

interface StaffRow {
  id: number;
  staff_id: string;
  full_name: string;
  phone: string;
  email: string;
  store_id: number | null;
  store_name: string | null;
  address: string;
  has_login: boolean;
}

const SELECT_ROWS = `SELECT st.id, st.staff_id, st.full_name, st.phone, st.email, st.store_id, s.name AS store_name, st.address,
    EXISTS (SELECT 1 FROM users u WHERE u.staff_row_id = st.id) AS has_login
  FROM staff st LEFT JOIN stores s ON s.id = st.store_id`;

const notFound = (id: number) => new ApiError(404, 'USER_INCORRECT', 'No such staff member', { id });

async function findStaff(db: Database, merchantId: string, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.query<StaffRow & Record<string, unknown>>(`${SELECT_ROWS} WHERE st.merchant_id = $1 AND st.id = $2`, [
    merchantId,
    id,
  ]);
  return row;
}

type Body = Record<string, unknown>;
const asBody = (body: unknown): Body => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {});

/**
 * A text field: a string as sent (numbers accepted as their digits, the portal's store_id is one);
 * undefined when absent, null when of another type or holding NUL (always refused).
 */
function text(body: Body, name: string): string | undefined | null {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v !== 'string' || v.includes('\u0000')) return null;
  return v;
}

/** Writes are one at a time: the duplicate checks read, then insert (e-mails are unique across merchants). */
let queue: Promise<unknown> = Promise.resolve();
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

async function checkStore(db: Database, merchantId: string, storeId: number): Promise<void> {
  const [store] = await db.query(`SELECT 1 FROM stores WHERE merchant_id = $1 AND id = $2`, [merchantId, storeId]);
  if (!store) throw new ApiError(404, 'STORE_NOT_EXIST', 'No such store', { store_id: storeId });
}

async function checkPhoneFree(db: Database, merchantId: string, phone: string, exceptId: number | null): Promise<void> {
  const [taken] = await db.query(`SELECT 1 FROM staff WHERE merchant_id = $1 AND phone = $2 AND id IS DISTINCT FROM $3`, [
    merchantId,
    phone,
    exceptId,
  ]);
  if (taken) throw new ApiError(409, 'PHONE_IS_EXIST', 'Another staff member has this phone number', { field: 'phone' });
}

/** The address is a sign-in name once added: unique among every user, and among the merchant's staff. */
async function checkEmailFree(db: Database, merchantId: string, email: string, exceptStaffId: number | null): Promise<void> {
  const [taken] = await db.query(
    `SELECT 1 FROM staff WHERE merchant_id = $1 AND lower(email) = lower($2) AND id IS DISTINCT FROM $3
     UNION ALL SELECT 1 FROM users WHERE (lower(email) = lower($2) OR lower(username) = lower($2))
       AND ($3::int IS NULL OR staff_row_id IS DISTINCT FROM $3) LIMIT 1`,
    [merchantId, email, exceptStaffId],
  );
  if (taken) throw new ApiError(409, 'EMAIL_IS_EXIST', 'This e-mail address is already registered', { field: 'email' });
}

async function insertLogin(ctx: SandboxContext, merchantId: string, staff: StaffRow, digest: string): Promise<void> {
  await insertHashedLogin(ctx.db, merchantId, staff, await hashPasswordDigest(digest));
}

async function insertHashedLogin(db: Database, merchantId: string, staff: StaffRow, hash: string): Promise<void> {
  await db.query(
    `INSERT INTO users (merchant_id, staff_row_id, username, email, password_hash, full_name, role, phone, throwaway)
     VALUES ($1, $2, $3, $3, $4, $5, 'Staff', $6, true)`,
    [merchantId, staff.id, staff.email, hash, staff.full_name, staff.phone],
  );
}

/** A staff member as the audit log keeps them (D299): no e-mail, address or password, the phone masked. */
const auditValues = (row: StaffRow) => ({
  staff_id: row.staff_id,
  full_name: row.full_name,
  phone: maskPhone(row.phone),
  store: row.store_name,
});
const auditStore = (row: StaffRow) => (row.store_id === null ? null : { id: row.store_id, name: row.store_name });

/** A user whose password changed or who is gone: their sessions end and their sockets close. */
async function endSessions(ctx: SandboxContext, userId: number): Promise<void> {
  await ctx.tokens.revokeUserSessions(userId);
  ctx.realtime.endUser(userId);
}

/** The staff list and removing a member. */
function registerStaffListRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/staff', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const query = request.query as Record<string, unknown>;
    if (query.id !== undefined) {
      if (typeof query.id !== 'string' || !ROW_ID.test(query.id)) throw required(['id']);
      const row = await findStaff(ctx.db, user.merchant_id, Number(query.id));
      if (!row) throw notFound(Number(query.id));
      return ok(row);
    }
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_PAGE_SIZE);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE merchant_id = $1`, [user.merchant_id]);
    // Newest first, so someone just added is on the first page.
    const rows = await ctx.db.query<StaffRow & Record<string, unknown>>(
      `${SELECT_ROWS} WHERE st.merchant_id = $1 ORDER BY st.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    const total = count?.n ?? 0;
    return { data: rows, total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize };
  });

  app.delete('/staff', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const raw = (request.query as Record<string, unknown>).id;
    if (typeof raw !== 'string' || !ROW_ID.test(raw)) throw required(['id']);
    const row = await findStaff(ctx.db, user.merchant_id, Number(raw));
    if (!row) throw notFound(Number(raw));
    // The ShopQR area's codes name staff rows (virtual_accounts.staff_row_id); a code must go first.
    const [linked] = await ctx.db.query(`SELECT 1 FROM virtual_accounts WHERE merchant_id = $1 AND staff_row_id = $2 LIMIT 1`, [
      user.merchant_id,
      row.id,
    ]);
    if (linked) {
      throw new ApiError(409, 'STAFF_LINK_VA', `Staff ${row.staff_id} is linked to a ShopQR`, {
        staff_id: row.staff_id,
        staff_name: row.full_name,
      });
    }
    await serialised(async () => {
      // Their sign-in goes with them: a deleted staff member can no longer sign in (D96).
      const logins = await ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE staff_row_id = $1`, [row.id]);
      for (const login of logins) await endSessions(ctx, login.id);
      // D299: the member and their audit entry go together.
      await ctx.db.transaction(async (tx) => {
        await tx.query(`DELETE FROM users WHERE staff_row_id = $1`, [row.id]);
        await tx.query(`DELETE FROM staff WHERE merchant_id = $1 AND id = $2`, [user.merchant_id, row.id]);
        await recordAudit(tx, ctx.clock.now(), user, {
          action: 'staff.delete',
          target: 'staff',
          targetId: row.id,
          store: auditStore(row),
          before: auditValues(row),
        });
      });
    });
    return ok({ success: true, id: row.id });
  });
}

/** Adding a member. */
function registerStaffCreateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/staff', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const b = asBody(request.body);
    const staffId = text(b, 'staff_id');
    const fullName = text(b, 'full_name');
    const phone = text(b, 'phone');
    const email = text(b, 'email');
    const password = text(b, 'password');
    const storeId = text(b, 'store_id');
    const address = text(b, 'address');
    // core §5: every field is required on add; each is checked with the portal's own rules.
    const invalid = [
      ...(staffId == null || validateStaffId(staffId) ? ['staff_id'] : []),
      ...(fullName == null || validateStaffName(fullName) ? ['full_name'] : []),
      ...(phone == null || validateStaffPhone(phone) ? ['phone'] : []),
      ...(email == null || validateStaffEmail(email) ? ['email'] : []),
      ...(password == null || !isPasswordDigest(password) ? ['password'] : []),
      ...(storeId == null || !ROW_ID.test(storeId) ? ['store_id'] : []),
      ...(address == null || validateStaffAddress(address, true) ? ['address'] : []),
    ];
    if (invalid.length) throw required(invalid);
    const values = {
      staffId: visibleText(staffId!),
      fullName: normaliseStaffName(fullName!),
      phone: nationalPhone(phone!)!,
      email: visibleText(email!),
      storeId: Number(storeId),
      address: visibleText(address!),
    };
    await checkStore(ctx.db, user.merchant_id, values.storeId);
    const id = await serialised(async () => {
      const [sameId] = await ctx.db.query(`SELECT 1 FROM staff WHERE merchant_id = $1 AND lower(staff_id) = lower($2)`, [
        user.merchant_id,
        values.staffId,
      ]);
      if (sameId) throw new ApiError(409, 'STAFF_EXIST', 'A staff member has this staff id', { field: 'staff_id' });
      await checkPhoneFree(ctx.db, user.merchant_id, values.phone, null);
      await checkEmailFree(ctx.db, user.merchant_id, values.email, null);
      const hash = await hashPasswordDigest(password!);
      // D299: the member, their sign-in and the audit entry land together.
      return ctx.db.transaction(async (tx) => {
        const [inserted] = await tx.query<{ id: number }>(
          `INSERT INTO staff (merchant_id, staff_id, full_name, phone, email, store_id, address) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
          [user.merchant_id, values.staffId, values.fullName, values.phone, values.email, values.storeId, values.address],
        );
        const row = (await findStaff(tx, user.merchant_id, inserted!.id))!;
        await insertHashedLogin(tx, user.merchant_id, row, hash);
        await recordAudit(tx, ctx.clock.now(), user, {
          action: 'staff.add',
          target: 'staff',
          targetId: row.id,
          store: auditStore(row),
          after: auditValues(row),
        });
        return row.id;
      });
    });
    return ok(await findStaff(ctx.db, user.merchant_id, id));
  });
}

/** Changing a member. */
function registerStaffUpdateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.put('/staff', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const b = asBody(request.body);
    const rawId = text(b, 'id');
    if (rawId == null || !ROW_ID.test(rawId)) throw required(['id']);
    const row = await findStaff(ctx.db, user.merchant_id, Number(rawId));
    if (!row) throw notFound(Number(rawId));

    // core §5: id and e-mail cannot be changed. Sending them unchanged is fine; a different value is refused, not ignored.
    const sentStaffId = text(b, 'staff_id');
    if (sentStaffId !== undefined && (sentStaffId === null || visibleText(sentStaffId) !== row.staff_id))
      throw new ApiError(400, 'BAD_REQUEST', 'staff_id cannot be changed', { field: 'staff_id' });
    const sentEmail = text(b, 'email');
    if (sentEmail !== undefined && (sentEmail === null || visibleText(sentEmail).toLowerCase() !== row.email.toLowerCase()))
      throw new ApiError(400, 'BAD_REQUEST', 'email cannot be changed', { field: 'email' });

    const fullName = text(b, 'full_name');
    const phone = text(b, 'phone');
    const storeId = text(b, 'store_id');
    const address = text(b, 'address');
    const password = text(b, 'password');
    const oldPassword = text(b, 'old_password');
    const changing = password !== undefined && password !== '';
    const invalid = [
      ...(fullName == null || validateStaffName(fullName) ? ['full_name'] : []),
      ...(phone == null || validateStaffPhone(phone) ? ['phone'] : []),
      ...(storeId == null || !ROW_ID.test(storeId) ? ['store_id'] : []),
      ...(address === null || (address !== undefined && validateStaffAddress(address, false)) ? ['address'] : []),
      ...(password === null || (changing && !isPasswordDigest(password!)) ? ['password'] : []),
      // A new password needs the current one when there is a sign-in (core §5).
      ...(oldPassword === null || (changing && row.has_login && !isPasswordDigest(oldPassword ?? '')) ? ['old_password'] : []),
      ...(!changing && oldPassword ? ['password'] : []),
    ];
    if (invalid.length) throw required(invalid);
    await checkStore(ctx.db, user.merchant_id, Number(storeId));

    await serialised(async () => {
      const nextPhone = nationalPhone(phone!)!;
      await checkPhoneFree(ctx.db, user.merchant_id, nextPhone, row.id);
      const [login] = await ctx.db.query<{ id: number; password_hash: string }>(
        `SELECT id, password_hash FROM users WHERE staff_row_id = $1 ORDER BY id LIMIT 1`,
        [row.id],
      );
      if (changing && login) {
        if (!(await verifyPasswordDigest(oldPassword!, login.password_hash)))
          throw new ApiError(400, 'PASSWORD_NOT_MATCH', 'The current password is wrong', { field: 'old_password' });
        if (await verifyPasswordDigest(password!, login.password_hash))
          throw new ApiError(400, 'PASSWORD_DUPLICATE', 'The new password is the current one', { field: 'password' });
      }
      if (changing && !login) await checkEmailFree(ctx.db, user.merchant_id, row.email, row.id);

      const fields = {
        fullName: normaliseStaffName(fullName!),
        phone: nextPhone,
        storeId: Number(storeId),
        address: address == null ? row.address : visibleText(address),
      };
      // D299: the change and its audit entry land together; a password change is noted, never its value.
      await ctx.db.transaction(async (tx) => {
        await tx.query(`UPDATE staff SET full_name = $3, phone = $4, store_id = $5, address = $6 WHERE merchant_id = $1 AND id = $2`, [
          user.merchant_id,
          row.id,
          fields.fullName,
          fields.phone,
          fields.storeId,
          fields.address,
        ]);
        await tx.query(`UPDATE users SET full_name = $2, phone = $3 WHERE staff_row_id = $1`, [row.id, fields.fullName, fields.phone]);
        const next = (await findStaff(tx, user.merchant_id, row.id))!;
        const before = { ...auditValues(row), password_changed: false };
        const after = { ...auditValues(next), password_changed: changing };
        // A phone changed behind the same mask is still a change worth its entry.
        if (changedFields(before, after).length === 0 && next.phone === row.phone) return;
        await recordAudit(tx, ctx.clock.now(), user, {
          action: 'staff.update',
          target: 'staff',
          targetId: row.id,
          store: auditStore(next),
          before,
          after,
        });
      });
      if (!changing) return;
      if (login) {
        await ctx.db.query(`UPDATE users SET password_hash = $2, failed_login_count = 0, locked_until = NULL WHERE id = $1`, [
          login.id,
          await hashPasswordDigest(password!),
        ]);
        // Whoever knew the old password is signed out everywhere (as after a reset).
        await endSessions(ctx, login.id);
      } else {
        // A seeded staff member without a sign-in gets one with the first password set (D96).
        await insertLogin(ctx, user.merchant_id, { ...row, full_name: fields.fullName, phone: fields.phone }, password!);
      }
    });
    return ok(await findStaff(ctx.db, user.merchant_id, row.id));
  });
}

export function registerStaffRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerStaffListRoutes(app, ctx);
  registerStaffCreateRoutes(app, ctx);
  registerStaffUpdateRoutes(app, ctx);
}
