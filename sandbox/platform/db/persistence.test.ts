// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({}, { emptyDatabase: true });
});
afterAll(() => t.close());

describe('storage', () => {
  it('seeds an empty database once; data, signing secret and sessions survive a restart', async () => {
    expect(t.sandbox.seeded).toBe(true);
    const user = await t.makeUser();
    const { access_token, refresh_token } = await t.login(user.username, user.password);
    await t.restart();
    expect(t.sandbox.seeded).toBe(false);
    expect((await t.api('GET', '/api/portal/user/info', { token: access_token })).status).toBe(200);
    expect((await t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token } })).status).toBe(200);
  });

  it('stores Vietnamese text intact', async () => {
    const rows = await t.sandbox.db.query<{ name: string }>(`SELECT name FROM merchants ORDER BY id`);
    expect(rows.map((r) => r.name)).toEqual(['CÔNG TY TNHH ẨM THỰC PHỐ CỔ', 'Tạp hoá Cô Lan', 'CÔNG TY CỔ PHẦN CHUỖI TIỆN LỢI VIỆT']);
    const stores = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stores WHERE merchant_id = '10000001'`);
    expect(stores[0]!.n).toBe(3);
  });
});
