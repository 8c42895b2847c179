// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkStatusSchema, edcDeviceSchema, linkableVaSchema } from '../../../src/services/edc/schemas';
import { vaPaymentEventSchema } from '../../../src/services/realtime/schemas';
import { deviceIds, POS, SOUNDBOX } from './seed';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const listSchema = z.object({ data: z.array(edcDeviceSchema), total_page: z.number(), page: z.number(), page_size: z.number() });

/** A throwaway phoco copy with its own sign-in, and ShopQRs of our own so the test does not lean on the ShopQR seed. */
async function merchant(template: 'phoco' | 'colan' = 'phoco') {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const id: string = made.body.merchant_id;
  const token = (await t.login(made.body.username, made.body.password)).access_token;
  const stores = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 ORDER BY id`, [id]);
  const [bank] = await t.sandbox.db.query<{ id: number }>(
    `INSERT INTO bank_accounts (merchant_id, bank_code, bank_account_no, holder_name, phone, created_at)
     SELECT $1, bank_code, '99' || $1, 'NGUYEN VAN MINH', '0912345678', 0 FROM banks ORDER BY bank_code LIMIT 1 RETURNING id`,
    [id],
  );
  const va = (suffix: string) => `9704${id}${suffix}`.padEnd(18, '0');
  const own = { store0: va('71'), store1: va('72'), bill: va('73') };
  if (bank) {
    for (const [no, type, store] of [
      [own.store0, 'STORE', stores[0]!.id],
      [own.store1, 'STORE', stores[1]!.id],
      [own.bill, 'BILL', stores[0]!.id],
    ] as const) {
      await t.sandbox.db.query(
        `INSERT INTO virtual_accounts (merchant_id, va_account_no, va_type, bank_account_id, store_id, created_at) VALUES ($1,$2,$3,$4,$5,0)`,
        [id, no, type, bank.id, store],
      );
    }
  }
  return { id, token, stores: stores.map((s) => s.id), va: own, hasBank: Boolean(bank) };
}

const list = (token: string, query = '') => t.api('GET', `/api/portal/metadata/edc${query}`, { token });

describe('GET /metadata/edc', () => {
  it('lists the seeded machines of phoco: a POS per connection state and a Soundbox per activation case', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    const res = await list(access_token, '?page_size=100');
    expect(res.status).toBe(200);
    const body = listSchema.parse(res.body);
    const pos = body.data.filter((d) => d.type_edc === POS);
    const soundbox = body.data.filter((d) => d.type_edc === SOUNDBOX);
    expect(pos.map((d) => d.status)).toEqual(['ONLINE', 'OFFLINE', 'NOT_CONNECTED']);
    // The ONLINE POS is integrated with its store's STORE ShopQR (seeded by the ShopQR area); the others are not.
    const [storeVa] = await t.sandbox.db.query<{ va_account_no: string }>(
      `SELECT va_account_no FROM virtual_accounts WHERE merchant_id = '10000001' AND va_type = 'STORE' AND store_id = $1`,
      [pos[0]!.store_id],
    );
    expect(pos.map((d) => d.va_account_no)).toEqual([storeVa!.va_account_no, null, null]);
    expect(soundbox.map((d) => [d.status, d.is_selected])).toEqual([
      ['ONLINE', true],
      [null, false],
      ['OFFLINE', false],
    ]);
    expect(body.data[0]!.serial_number).toBe(deviceIds('10000001', POS, 1).serial_number);
    for (const d of body.data) {
      expect(d.store_name).toMatch(/^Phố Cổ/);
      expect(d.aggregated_data.length).toBeGreaterThan(0);
      for (const p of d.aggregated_data) {
        expect(p.tid).toMatch(/^\d{8}$/);
        expect(p.mid).toMatch(/^\d{15}$/);
      }
    }
    expect(new Set(body.data.map((d) => d.serial_number)).size).toBe(6);
  });

  it('pages and filters by type, and sees only the caller’s machines', async () => {
    const { token, id } = await merchant();
    const first = listSchema.parse((await list(token, '?page=1&page_size=4')).body);
    const second = listSchema.parse((await list(token, '?page=2&page_size=4')).body);
    expect([first.data.length, second.data.length, first.total_page]).toEqual([4, 2, 2]);
    expect(first.data.every((d) => d.serial_number.includes(id))).toBe(true);
    const soundboxes = listSchema.parse((await list(token, '?type_edc=2')).body);
    expect(soundboxes.data.map((d) => d.type_edc)).toEqual([2, 2, 2]);
    expect((await list(token, '?type_edc=3')).status).toBe(400);
    expect((await list(token, '?page_size=101')).status).toBe(400);
    expect((await t.api('GET', '/api/portal/metadata/edc')).status).toBe(401);
  });

  it('gives colan one POS and one activatable Soundbox', async () => {
    const { token } = await merchant('colan');
    const body = listSchema.parse((await list(token)).body);
    expect(body.data.map((d) => [d.type_edc, d.status, d.is_selected])).toEqual([
      [1, 'ONLINE', true],
      [2, 'ONLINE', true],
    ]);
  });
});

describe('PUT /metadata/edc/active', () => {
  it('activates a provisioned, selected Soundbox, and again answers the same machine', async () => {
    const { token, id } = await merchant();
    const serial = deviceIds(id, SOUNDBOX, 1).serial_number;
    const res = await t.api('PUT', '/api/portal/metadata/edc/active', { token, body: { serial_number: serial } });
    expect(res.status).toBe(200);
    const device = edcDeviceSchema.parse(res.body.data);
    expect(device.activated_at).not.toBeNull();
    const again = await t.api('PUT', '/api/portal/metadata/edc/active', { token, body: { serial_number: serial } });
    expect(again.status).toBe(200);
    expect(again.body.data.activated_at).toBe(device.activated_at);
  });

  it('refuses an unprovisioned or unselected Soundbox with PERMISSION_DENY, a POS and a stranger’s machine', async () => {
    const { token, id } = await merchant();
    const put = (serial: string) => t.api('PUT', '/api/portal/metadata/edc/active', { token, body: { serial_number: serial } });
    const unprovisioned = await put(deviceIds(id, SOUNDBOX, 2).serial_number);
    expect([unprovisioned.status, unprovisioned.body.error_code, unprovisioned.body.data.reason]).toEqual([
      403,
      'PERMISSION_DENY',
      'NOT_PROVISIONED',
    ]);
    const unselected = await put(deviceIds(id, SOUNDBOX, 3).serial_number);
    expect([unselected.status, unselected.body.data.reason]).toEqual([403, 'NOT_SELECTED']);
    expect((await put(deviceIds(id, POS, 1).serial_number)).status).toBe(400);
    expect((await put(deviceIds('10000001', SOUNDBOX, 1).serial_number)).status).toBe(404);
    expect((await t.api('PUT', '/api/portal/metadata/edc/active', { token, body: {} })).body.error_code).toBe('REQUIRED');
  });
});

describe('PUT /map-edc-to-va (with the ShopQR area’s GET /metadata/list-va-to-link)', () => {
  it('integrates a machine with its store’s ShopQR, one the ShopQR list offers', async () => {
    const m = await merchant();
    expect(m.hasBank).toBe(true);
    const links = await t.api('GET', '/api/portal/metadata/list-va-to-link?page_size=100000', { token: m.token });
    expect(links.status).toBe(200);
    const vas = z.array(linkableVaSchema).parse(links.body.data);
    expect(vas.find((v) => v.va_account_no === m.va.store1)).toMatchObject({ va_type: 'STORE', store_id: m.stores[1] });

    const posId = deviceIds(m.id, POS, 2).pos_id; // OFFLINE, store 1, not integrated
    const res = await t.api('PUT', '/api/portal/map-edc-to-va', { token: m.token, body: { va_account_no: m.va.store1, pos_id: posId } });
    expect(res.status).toBe(200);
    expect(edcDeviceSchema.parse(res.body.data).va_account_no).toBe(m.va.store1);
  });

  it('refuses a BILL ShopQR and another store’s ShopQR with LINK_EDC_VA_FAIL, a stranger’s with VA_NOT_FOUND', async () => {
    const m = await merchant();
    const posId = deviceIds(m.id, POS, 2).pos_id;
    const map = (va: string, pos = posId) =>
      t.api('PUT', '/api/portal/map-edc-to-va', { token: m.token, body: { va_account_no: va, pos_id: pos } });
    const bill = await map(m.va.bill);
    expect([bill.status, bill.body.error_code, bill.body.data.reason]).toEqual([400, 'LINK_EDC_VA_FAIL', 'BILL_SHOPQR']);
    const other = await map(m.va.store0);
    expect([other.body.error_code, other.body.data.reason]).toEqual(['LINK_EDC_VA_FAIL', 'OTHER_STORE']);
    const stranger = await merchant();
    expect((await map(stranger.va.store1)).body.error_code).toBe('VA_NOT_FOUND');
    expect((await map(m.va.store1, 'P0000000099')).status).toBe(404);
    expect((await t.api('PUT', '/api/portal/map-edc-to-va', { token: m.token, body: { pos_id: posId } })).body.error_code).toBe('REQUIRED');
    const still = listSchema.parse((await list(m.token, '?type_edc=1')).body).data.find((d) => d.pos_id === posId);
    expect(still?.va_account_no).toBeNull();
  });
});

describe('GET /pos/check-status and trigger terminal-status', () => {
  it('answers the current state, which terminal-status changes', async () => {
    const m = await merchant();
    const serial = deviceIds(m.id, POS, 1).serial_number;
    const check = async () =>
      checkStatusSchema.parse((await t.api('GET', `/api/portal/pos/check-status?serial_number=${serial}`, { token: m.token })).body.data)
        .status;
    expect(await check()).toBe('ONLINE');
    const fired = await t.api('POST', '/sandbox/triggers/terminal-status', { body: { serial, status: 'OFFLINE' } });
    expect(fired.status).toBe(200);
    expect(fired.body).toMatchObject({ serial, previous: 'ONLINE', status: 'OFFLINE', merchant_id: m.id });
    expect(await check()).toBe('OFFLINE');
    expect((await t.api('POST', '/sandbox/triggers/terminal-status', { body: { serial, status: 'BROKEN' } })).status).toBe(400);
    expect((await t.api('POST', '/sandbox/triggers/terminal-status', { body: { serial: 'nope', status: 'ONLINE' } })).status).toBe(404);
  });

  it('answers NOT_CONNECTED for an unprovisioned machine, 404 for a stranger’s', async () => {
    const m = await merchant();
    const get = (serial: string) => t.api('GET', `/api/portal/pos/check-status?serial_number=${serial}`, { token: m.token });
    expect((await get(deviceIds(m.id, SOUNDBOX, 2).serial_number)).body.data).toEqual({ status: 'NOT_CONNECTED' });
    expect((await get(deviceIds('10000001', POS, 1).serial_number)).status).toBe(404);
    expect((await t.api('GET', '/api/portal/pos/check-status', { token: m.token })).body.error_code).toBe('REQUIRED');
  });
});

describe('trigger terminal-payment', () => {
  it('stores a card transaction for the machine’s store and emits the va payment event on the merchant id', async () => {
    const m = await merchant();
    const serial = deviceIds(m.id, POS, 1).serial_number;
    const socket = io(`${t.url}/va`, { path: '/socket.io', auth: { token: m.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received = new Promise<Record<string, unknown>>((resolve) => socket.on(m.id, resolve));
    const before = Math.floor(t.sandbox.clock.now() / 1000);
    const fired = await t.api('POST', '/sandbox/triggers/terminal-payment', { body: { serial, amount: '150000' } });
    expect(fired.status).toBe(200);
    const event = await received;
    const after = Math.floor(t.sandbox.clock.now() / 1000);
    expect(event).toMatchObject({ amount: '150,000', message: expect.stringContaining(serial) });
    expect(event.transaction_id).toMatch(/^card-\d+$/);
    // The sandbox clock runs in real time here, so a second may tick between the payment and this line.
    expect(event.created_at).toBeGreaterThanOrEqual(before);
    expect(event.created_at).toBeLessThanOrEqual(after);
    // What the portal's realtime layer will parse (docs/contracts/receiving-money.md, realtime wire).
    expect(vaPaymentEventSchema.safeParse(event).success).toBe(true);

    const [row] = await t.sandbox.db.query<{ store_id: number; amount: string | number; status: string; channel: string }>(
      `SELECT store_id, amount, status, channel FROM transactions WHERE merchant_id = $1 AND id = $2`,
      [m.id, Number(String(event.transaction_id).slice(5))],
    );
    expect(row).toMatchObject({ store_id: m.stores[0], status: 'success', channel: 'card' });
    expect(Number(row!.amount)).toBe(150000);
    const now = Math.floor(t.sandbox.clock.now() / 1000);
    const report = await t.api('GET', `/api/portal/transaction/card?start_time=${now - 3600}&end_time=${now + 60}`, { token: m.token });
    expect(report.body.data.map((r: { id: string }) => r.id)).toContain(event.transaction_id);

    expect((await t.api('POST', '/sandbox/triggers/terminal-payment', { body: { serial, amount: '-5' } })).status).toBe(400);
    expect((await t.api('POST', '/sandbox/triggers/terminal-payment', { body: { serial, amount: '1e6' } })).status).toBe(400);
  });
});

describe('D87 roles: activating and integrating card machines is the owner’s', () => {
  it('a staff-type user lists and checks machines, but activate and integrate answer 403 PERMISSION_DENY (no reason) and change nothing', async () => {
    const m = await merchant();
    const username = `staff.${m.id}.edc`;
    const made = await t.api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
    });
    expect(made.status).toBe(201);
    const staff = (await t.login(username, 'Staff@2026')).access_token;
    const before = listSchema.parse((await list(staff, '?page_size=100')).body);
    const soundbox = deviceIds(m.id, SOUNDBOX, 1);
    expect((await t.api('GET', `/api/portal/pos/check-status?serial_number=${soundbox.serial_number}`, { token: staff })).status).toBe(200);

    const activate = await t.api('PUT', '/api/portal/metadata/edc/active', {
      token: staff,
      body: { serial_number: soundbox.serial_number },
    });
    // No `reason`: the portal tells this refusal from the bank's "contact the bank" one (NOT_PROVISIONED, NOT_SELECTED).
    expect([activate.status, activate.body.error_code, activate.body.data.reason]).toEqual([403, 'PERMISSION_DENY', undefined]);
    const posId = deviceIds(m.id, POS, 2).pos_id;
    const map = await t.api('PUT', '/api/portal/map-edc-to-va', { token: staff, body: { va_account_no: m.va.store1, pos_id: posId } });
    expect([map.status, map.body.error_code]).toEqual([403, 'PERMISSION_DENY']);
    expect(listSchema.parse((await list(m.token, '?page_size=100')).body).data).toEqual(before.data);

    expect(
      (await t.api('PUT', '/api/portal/metadata/edc/active', { token: m.token, body: { serial_number: soundbox.serial_number } })).status,
    ).toBe(200);
    expect(
      (await t.api('PUT', '/api/portal/map-edc-to-va', { token: m.token, body: { va_account_no: m.va.store1, pos_id: posId } })).status,
    ).toBe(200);
  });
});
