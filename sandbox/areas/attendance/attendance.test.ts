// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDeletedSchema, attendancePageSchema } from '../../../src/services/attendance/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { access_token } = await t.login(made.body.username, made.body.password);
  return { id: made.body.merchant_id, token: access_token };
}

const list = (token: string, query = '') => t.api('GET', `/api/sale/attendance${query}`, { token });
const remove = (token: string, id: number | string, body?: unknown) => t.api('DELETE', `/api/sale/attendance/${id}`, { token, body });

describe('GET /attendance (doc 2 §2 attendance list, §3)', () => {
  it('gives a phoco copy about 40 check-ins on its own POS terminals, newest first, masked, in pages', async () => {
    const m = await freshMerchant();
    const first = await list(m.token);
    expect(first.status).toBe(200);
    const page = attendancePageSchema.parse(first.body.data);
    expect(page.items).toHaveLength(10);
    expect(page.total_count).toBeGreaterThanOrEqual(35);
    expect(page.total_count).toBeLessThanOrEqual(45);
    expect(page.total_page).toBe(Math.ceil(page.total_count! / 10));
    const times = page.items.map((r) => r.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const r of page.items) {
      expect(r.card_number).toMatch(/^\d{6}\*{6}\d{4}$/);
      expect(r.serial_number).toContain(m.id);
      expect(r.created_at).toBeLessThan(Date.now() / 1000 + 86_400 * 400);
    }
    const last = attendancePageSchema.parse((await list(m.token, `?page=${page.total_page}&page_size=10`)).body.data);
    expect(last.items.length).toBe(page.total_count! - (page.total_page - 1) * 10);
  });

  it('gives colan (not a restaurant with card check-ins) none, and refuses bad paging', async () => {
    const m = await freshMerchant('colan');
    const page = attendancePageSchema.parse((await list(m.token)).body.data);
    expect(page.items).toEqual([]);
    expect(page.total_page).toBe(0);
    for (const q of ['?page=0', '?page_size=101', '?page=abc', '?page_size=-1']) {
      const res = await list(m.token, q);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('BAD_REQUEST');
    }
  });

  it('needs a bearer', async () => {
    expect((await t.api('GET', '/api/sale/attendance')).status).toBe(401);
  });
});

describe('DELETE /attendance/{id} (doc 2 §7: channel_id in the body)', () => {
  it('deletes with the record’s channel and answers the card id; again is 404', async () => {
    const m = await freshMerchant();
    const row = attendancePageSchema.parse((await list(m.token)).body.data).items[0]!;
    const res = await remove(m.token, row.id, { channel_id: row.channel_id });
    expect(res.status).toBe(200);
    expect(attendanceDeletedSchema.parse(res.body.data)).toEqual({ id: row.id, card_id: row.card_id });
    const after = attendancePageSchema.parse((await list(m.token, '?page_size=100')).body.data);
    expect(after.items.some((r) => r.id === row.id)).toBe(false);
    expect((await remove(m.token, row.id, { channel_id: row.channel_id })).status).toBe(404);
  });

  it('refuses a missing channel (400 REQUIRED) and a wrong one (404), leaving the record', async () => {
    const m = await freshMerchant();
    const row = attendancePageSchema.parse((await list(m.token)).body.data).items[0]!;
    for (const body of [undefined, {}, { channel_id: '' }, { channel_id: '   ' }, { channel_id: null }, { channel_id: ['x'] }]) {
      const res = await remove(m.token, row.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('REQUIRED');
      expect(res.body.data.fields).toEqual(['channel_id']);
    }
    const wrong = await remove(m.token, row.id, { channel_id: 'POS-000000' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error_code).toBe('NOT_FOUND');
    expect((await remove(m.token, row.id, { channel_id: 'x'.repeat(5000) })).status).toBe(400);
    expect((await remove(m.token, row.id, { channel_id: '<script>alert(1)</script>' })).status).toBe(404);
    expect((await remove(m.token, 'abc', { channel_id: row.channel_id })).status).toBe(404);
    expect((await remove(m.token, '99999999999999', { channel_id: row.channel_id })).status).toBe(404);
    const still = attendancePageSchema.parse((await list(m.token)).body.data).items[0]!;
    expect(still.id).toBe(row.id);
  });

  it('another merchant’s check-in answers as if it did not exist', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const row = attendancePageSchema.parse((await list(a.token)).body.data).items[0]!;
    const res = await remove(b.token, row.id, { channel_id: row.channel_id });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NOT_FOUND');
    expect(attendancePageSchema.parse((await list(a.token)).body.data).items[0]!.id).toBe(row.id);
  });

  it('is open to staff-type users (a cashier is staff, D137)', async () => {
    const { access_token } = await t.login('phoco.staff', 'Staff@2026');
    const page = attendancePageSchema.parse((await list(access_token)).body.data);
    expect(page.items.length).toBeGreaterThan(0);
  });
});
