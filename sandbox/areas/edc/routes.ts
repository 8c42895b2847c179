import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { authenticate, authenticateOwner } from '../../platform/http/authenticate';
import { ApiError, field, ok, required } from '../../platform/http/envelope';
import { vnIso } from '../../platform/vn-time';
import { queryInt } from '../../platform/http/query';

/**
 * Card machines (core §3, §4, §7): GET /metadata/edc, PUT /metadata/edc/active, PUT /map-edc-to-va,
 * GET /pos/check-status. Shapes: docs/contracts/receiving-money.md, "Areas' own calls", edc.
 */

const MAX_PAGE_SIZE = 100;

export interface EdcRecord {
  id: number;
  merchant_id: string;
  store_id: number | null;
  store_name: string | null;
  serial_number: string;
  type_edc: number;
  pos_id: string;
  aggregated_data: Array<{ tid: string; mid: string }>;
  va_account_no: string | null;
  status: 'ONLINE' | 'OFFLINE' | 'NOT_CONNECTED' | null;
  is_selected: boolean;
  activated_at: number | string | null;
}

const SELECT_DEVICE = `SELECT d.id, d.merchant_id, d.store_id, s.name AS store_name, d.serial_number, d.type_edc::int AS type_edc,
  d.pos_id, d.aggregated_data, d.va_account_no, d.status, d.is_selected, d.activated_at
  FROM edc_devices d LEFT JOIN stores s ON s.id = d.store_id`;

export function toWireDevice(r: EdcRecord) {
  // node-postgres hands jsonb back parsed and bigint as text; PGlite as numbers.
  const pairs = typeof r.aggregated_data === 'string' ? (JSON.parse(r.aggregated_data) as EdcRecord['aggregated_data']) : r.aggregated_data;
  return {
    store_id: r.store_id,
    store_name: r.store_name,
    serial_number: r.serial_number,
    type_edc: r.type_edc,
    pos_id: r.pos_id,
    aggregated_data: pairs.map(({ tid, mid }) => ({ tid, mid })),
    va_account_no: r.va_account_no,
    status: r.status,
    is_selected: r.is_selected,
    activated_at: r.activated_at === null ? null : vnIso(Number(r.activated_at)),
  };
}

/** A machine by serial number, any merchant (triggers), or only the caller's (calls). */
export async function findDeviceBySerial(db: Database, serial: string, merchantId?: string): Promise<EdcRecord | null> {
  const rows = merchantId
    ? await db.query<EdcRecord & Record<string, unknown>>(`${SELECT_DEVICE} WHERE d.serial_number = $1 AND d.merchant_id = $2`, [
        serial,
        merchantId,
      ])
    : await db.query<EdcRecord & Record<string, unknown>>(`${SELECT_DEVICE} WHERE d.serial_number = $1`, [serial]);
  return rows[0] ?? null;
}

const noDevice = (field: string) => new ApiError(404, 'BAD_REQUEST', 'No such card machine', { field });

export function registerEdcRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/metadata/edc', async (request) => {
    const { user } = await authenticate(ctx, request);
    const query = request.query as Record<string, unknown>;
    const page = queryInt(query, 'page', 1, 1_000_000);
    const pageSize = queryInt(query, 'page_size', 10, MAX_PAGE_SIZE);
    const type = query.type_edc;
    if (type !== undefined && type !== '' && type !== '1' && type !== '2') {
      throw new ApiError(400, 'BAD_REQUEST', 'type_edc must be 1 (POS) or 2 (Soundbox)', { field: 'type_edc' });
    }
    const params: unknown[] = [user.merchant_id];
    let where = 'd.merchant_id = $1';
    if (type === '1' || type === '2') {
      params.push(Number(type));
      where += ` AND d.type_edc = $2`;
    }
    const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM edc_devices d WHERE ${where}`, params);
    const rows = await ctx.db.query<EdcRecord & Record<string, unknown>>(
      `${SELECT_DEVICE} WHERE ${where} ORDER BY d.type_edc, d.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { data: rows.map(toWireDevice), total_page: Math.ceil((count?.n ?? 0) / pageSize), page, page_size: pageSize };
  });

  // Activating and integrating are the owner's (D87); the list and the connection check stay open.
  // The owner rule answers PERMISSION_DENY without a reason, unlike the bank's refusal below.
  app.put('/metadata/edc/active', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const serial = field(request.body, 'serial_number')?.trim();
    if (!serial) throw required(['serial_number']);
    const device = await findDeviceBySerial(ctx.db, serial, user.merchant_id);
    if (!device) throw noDevice('serial_number');
    if (device.type_edc !== 2) throw new ApiError(400, 'BAD_REQUEST', 'Only a Soundbox is activated', { field: 'serial_number' });
    // core §4: the bank must have provisioned it (a status) and selected it for this merchant.
    if (device.status === null || !device.is_selected) {
      throw new ApiError(403, 'PERMISSION_DENY', 'This Soundbox cannot be activated here; contact the bank', {
        reason: device.status === null ? 'NOT_PROVISIONED' : 'NOT_SELECTED',
      });
    }
    // Activating twice answers the same machine (a retried request must not fail).
    await ctx.db.query(`UPDATE edc_devices SET activated_at = coalesce(activated_at, $1) WHERE id = $2`, [ctx.clock.now(), device.id]);
    return ok(toWireDevice((await findDeviceBySerial(ctx.db, serial, user.merchant_id))!));
  });

  app.put('/map-edc-to-va', async (request) => {
    const { user } = await authenticateOwner(ctx, request);
    const va = field(request.body, 'va_account_no')?.trim();
    const posId = field(request.body, 'pos_id')?.trim();
    const missing = [...(va ? [] : ['va_account_no']), ...(posId ? [] : ['pos_id'])];
    if (missing.length) throw required(missing);
    const [device] = await ctx.db.query<EdcRecord & Record<string, unknown>>(
      `${SELECT_DEVICE} WHERE d.pos_id = $1 AND d.merchant_id = $2`,
      [posId, user.merchant_id],
    );
    if (!device) throw noDevice('pos_id');
    const [account] = await ctx.db.query<{ va_type: string; store_id: number | null }>(
      `SELECT v.va_type, coalesce(v.store_id, st.store_id) AS store_id
       FROM virtual_accounts v LEFT JOIN staff st ON st.id = v.staff_row_id
       WHERE v.va_account_no = $1 AND v.merchant_id = $2`,
      [va, user.merchant_id],
    );
    // Another merchant's ShopQR answers exactly like a missing one.
    if (!account) throw new ApiError(404, 'VA_NOT_FOUND', 'No such ShopQR', { field: 'va_account_no' });
    // A BILL ShopQR is one fixed amount; a machine takes payments of any amount, in its own store.
    const reason =
      account.va_type === 'BILL' ? 'BILL_SHOPQR' : device.store_id !== null && account.store_id !== device.store_id ? 'OTHER_STORE' : null;
    if (reason) throw new ApiError(400, 'LINK_EDC_VA_FAIL', 'This ShopQR cannot take this machine; choose another ShopQR', { reason });
    await ctx.db.query(`UPDATE edc_devices SET va_account_no = $1 WHERE id = $2`, [va, device.id]);
    return ok(toWireDevice((await findDeviceBySerial(ctx.db, device.serial_number, user.merchant_id))!));
  });

  app.get('/pos/check-status', async (request) => {
    const { user } = await authenticate(ctx, request);
    const serial = (request.query as Record<string, unknown>).serial_number;
    if (typeof serial !== 'string' || serial.trim() === '') throw required(['serial_number']);
    const device = await findDeviceBySerial(ctx.db, serial.trim(), user.merchant_id);
    if (!device) throw noDevice('serial_number');
    // A machine the bank has not provisioned has never connected.
    return ok({ status: device.status ?? 'NOT_CONNECTED' });
  });
}
