// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTriggerArgs } from '../cli';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { areaTriggers, loadAreas } from '../areas';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

describe('sandbox event triggers', () => {
  it('lists every trigger with its parameters, names unique', async () => {
    const triggers = areaTriggers(await loadAreas());
    const res = await t.api('GET', '/sandbox/triggers');
    expect(res.status).toBe(200);
    expect(res.body.map((d: { name: string }) => d.name)).toEqual(triggers.map((d) => d.name));
    expect(new Set(triggers.map((d) => d.name)).size).toBe(triggers.length);
  });

  it('answers 404 for an unknown trigger', async () => {
    const res = await t.api('POST', '/sandbox/triggers/no-such-thing', { body: {} });
    expect(res.status).toBe(404);
  });

  it('reads command-line flags as the same string parameters the HTTP body carries', () => {
    expect(parseTriggerArgs(['--amount', '150000', '--account-no=0123', '--offline'])).toEqual({
      amount: '150000',
      account_no: '0123',
      offline: 'true',
    });
    expect(parseTriggerArgs(['amount'])).toBeNull();
  });
});

describe('POST /sandbox/merchants', () => {
  it('makes a throwaway copy of a seeded merchant whose owner can sign in and sees only its own stores', async () => {
    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } });
    expect(made.status).toBe(201);
    const { username, password, merchant_id } = made.body;
    expect(merchant_id).toMatch(/^2\d{7}$/);
    const second = await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } });
    expect(second.body.merchant_id).not.toBe(merchant_id);
    const { access_token } = await t.login(username, password);
    const info = await t.api('GET', '/api/portal/user/info', { token: access_token });
    expect(info.body.data.merchant_id).toBe(merchant_id);
  });

  it("issue 10: ids come from a stored sequence, so a removed copy's id (and its ShopQR numbers) is not issued again, even after a restart", async () => {
    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } });
    const gone = made.body.merchant_id as string;
    await t.sandbox.db.query(`DELETE FROM merchants WHERE id = $1`, [gone]);
    await t.restart();
    const next = await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } });
    expect(next.status).toBe(201);
    expect(Number(next.body.merchant_id)).toBeGreaterThan(Number(gone));
  });

  it('refuses the 100,000-store merchant as a template', async () => {
    expect((await t.api('POST', '/sandbox/merchants', { body: { template: 'chuoi' } })).status).toBe(400);
  });
});
