import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate, authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { checkConflicts, checkNewVa, insertVa, serialised } from './create';
import { qrPayload, qrPngBase64 } from './qr';
import { allVas, findVa, listVas, toWire, VA_TYPES, type VaRow, type VaType } from './rows';
import { queryInt } from '../../platform/http/query';
import { maskAccountNo } from '../../../src/rules/audit';
import { recordAudit } from '../audit';

/** A ShopQR as its audit entry keeps it (D299): numbers masked to their last 4 digits. */
function auditValues(row: VaRow) {
  return {
    va_account_no: maskAccountNo(row.va_account_no),
    va_type: row.va_type,
    bank_code: row.bank_code,
    bank_account_no: maskAccountNo(row.bank_account_no),
    store: row.store_name,
    staff_id: row.staff_id,
    amount: row.amount === null ? null : Number(row.amount),
  };
}

const auditStore = (row: VaRow) => (row.store_id === null ? null : { id: row.store_id, name: row.store_name });

const MAX_LIST_PAGE_SIZE = 100;
const MAX_DROPDOWN_PAGE_SIZE = 100_000;

async function detail(row: VaRow) {
  // A bank the bank area has not listed has no BIN, and a code without one no app can pay.
  if (!row.bin) throw new ApiError(500, 'UNKNOWN_ERROR', `No BIN for bank ${row.bank_code}`);
  const payload = qrPayload({
    va_type: row.va_type,
    va_account_no: row.va_account_no,
    bin: row.bin,
    amount: row.amount === null ? null : Number(row.amount),
    store_code: row.store_code,
    staff_id: row.staff_id,
  });
  return { ...toWire(row), qr_payload: payload, qr_base64: await qrPngBase64(payload) };
}

/** /channel-payment, /metadata/list-staff, /metadata/list-va-to-link (contract: receiving-money.md, shopqr). */
export function registerShopQrRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/channel-payment', async (request) => {
    const { user } = await authenticate(ctx, request);
    const query = request.query as Record<string, unknown>;
    const vaNo = query.va_account_no;
    if (vaNo !== undefined) {
      if (typeof vaNo !== 'string' || !/^\d{18}$/.test(vaNo))
        throw new ApiError(400, 'BAD_REQUEST', 'va_account_no must be 18 digits', { field: 'va_account_no' });
      const row = await findVa(ctx.db, user.merchant_id, { vaAccountNo: vaNo });
      if (!row) throw new ApiError(404, 'VA_NOT_FOUND', 'No such ShopQR');
      return ok(await detail(row));
    }
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_LIST_PAGE_SIZE);
    const rawType = query.va_type;
    let vaType: VaType | null = null;
    if (rawType !== undefined && rawType !== '') {
      if (typeof rawType !== 'string' || !VA_TYPES.includes(rawType as VaType))
        throw new ApiError(400, 'BAD_REQUEST', 'va_type must be STORE, STAFF or BILL', { field: 'va_type' });
      vaType = rawType as VaType;
    }
    const { rows, total } = await listVas(ctx.db, user.merchant_id, { page, pageSize, vaType });
    return { data: rows.map(toWire), total_page: Math.ceil(total / pageSize), total_count: total, page, page_size: pageSize };
  });

  // Creating and deleting ShopQRs is the owner's (D87); the list, detail and dropdowns stay open.
  app.post('/channel-payment', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const created = await serialised(user.merchant_id, async () => {
      const v = await checkNewVa(ctx.db, user.merchant_id, request.body);
      await checkConflicts(ctx.db, user.merchant_id, v);
      // D299: the code and its audit entry land together.
      return ctx.db.transaction(async (tx) => {
        const id = await insertVa(tx, user.merchant_id, v, ctx.clock.now());
        const row = (await findVa(tx, user.merchant_id, { id }))!;
        await recordAudit(tx, ctx.clock.now(), user, {
          action: 'shopqr.add',
          target: 'shopqr',
          targetId: row.id,
          store: auditStore(row),
          after: auditValues(row),
        });
        return row;
      });
    });
    return ok(toWire(created));
  });

  registerShopQrDeleteRoute(app, ctx);

  app.get('/metadata/list-staff', async (request) => {
    const { user } = await authenticate(ctx, request);
    const query = request.query as Record<string, unknown>;
    const pageSize = queryInt(query, 'page_size', 10, MAX_DROPDOWN_PAGE_SIZE);
    const page = queryInt(query, 'page', 1, 1_000_000);
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE merchant_id = $1`, [user.merchant_id]);
    // Dropdown data only: no phone or e-mail (the staff screens have their own calls).
    const rows = await ctx.db.query(
      `SELECT st.id, st.staff_id, st.full_name, st.store_id, s.name AS store_name
         FROM staff st LEFT JOIN stores s ON s.id = st.store_id
        WHERE st.merchant_id = $1 ORDER BY st.staff_id, st.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      [user.merchant_id],
    );
    return { data: rows, total_page: Math.ceil((count?.n ?? 0) / pageSize), page, page_size: pageSize };
  });

  app.get('/metadata/list-va-to-link', async (request) => {
    const { user } = await authenticate(ctx, request);
    // BILL codes carry a fixed amount, so a card machine taking any amount cannot use them.
    const rows = (await allVas(ctx.db, user.merchant_id)).filter((r) => r.va_type !== 'BILL');
    return ok(
      rows.map((r) => ({
        va_account_no: r.va_account_no,
        va_type: r.va_type,
        store_id: r.store_id,
        store_name: r.store_name,
        staff_id: r.staff_id,
        holder_name: r.holder_name,
      })),
    );
  });
}

/** Deleting a ShopQR: the owner's (D87), with its audit entry (D299). */
function registerShopQrDeleteRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.delete('/channel-payment', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const raw = (request.query as Record<string, unknown>).channel_id;
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw))
      throw new ApiError(400, 'REQUIRED', 'channel_id is required', { fields: ['channel_id'] });
    const row = await findVa(ctx.db, user.merchant_id, { id: Number(raw) });
    // Another merchant's ShopQR answers exactly like a missing one.
    if (!row) throw new ApiError(404, 'CHANNEL_NOT_FOUND', 'No such ShopQR', { channel_id: Number(raw) });
    // A card machine integrated with the code would otherwise point at an account that is gone.
    await ctx.db.transaction(async (tx) => {
      await tx.query(`UPDATE edc_devices SET va_account_no = NULL WHERE merchant_id = $1 AND va_account_no = $2`, [
        user.merchant_id,
        row.va_account_no,
      ]);
      await tx.query(`DELETE FROM virtual_accounts WHERE merchant_id = $1 AND id = $2`, [user.merchant_id, row.id]);
      await recordAudit(tx, ctx.clock.now(), user, {
        action: 'shopqr.delete',
        target: 'shopqr',
        targetId: row.id,
        store: auditStore(row),
        before: auditValues(row),
      });
    });
    return ok({ success: true, channel_id: row.id, va_account_no: row.va_account_no });
  });
}
