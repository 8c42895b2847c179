// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

// The wire shape of CONTRACT13; the portal's tables area reads the website from it.
const saleMerchantSchema = z.object({ merchant_id: z.string(), website: z.string().nullable(), is_fnb: z.boolean() });

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

describe('GET /saas/merchant (doc 2 §7, read-only in issue 13)', () => {
  it('gives phoco (and its copies) the ordering website, colan none', async () => {
    const phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
    const res = await t.api('GET', '/api/sale/saas/merchant', { token: phoco });
    expect(res.status).toBe(200);
    const data = saleMerchantSchema.parse(res.body.data);
    expect(data).toMatchObject({ merchant_id: '10000001', website: 'https://order.phoco.example.vn/', is_fnb: true });
    expect(res.body.data).toMatchObject({ point_percent: 0, logo: null, banner: null });

    const colan = (await t.login('colan', 'Colan@2026')).access_token;
    expect(saleMerchantSchema.parse((await t.api('GET', '/api/sale/saas/merchant', { token: colan })).body.data)).toMatchObject({
      merchant_id: '10000002',
      website: null,
      is_fnb: false,
    });

    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
    const copy = (await t.login(made.body.username, made.body.password)).access_token;
    const mine = saleMerchantSchema.parse((await t.api('GET', '/api/sale/saas/merchant', { token: copy })).body.data);
    expect(mine).toEqual({ merchant_id: made.body.merchant_id, website: 'https://order.phoco.example.vn/', is_fnb: true });
  });

  it('needs a bearer and is open to staff', async () => {
    expect((await t.api('GET', '/api/sale/saas/merchant')).status).toBe(401);
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    expect((await t.api('GET', '/api/sale/saas/merchant', { token: staff })).status).toBe(200);
  });

  it('the ordering-website trigger sets and clears a merchant’s website', async () => {
    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
    const token = (await t.login(made.body.username, made.body.password)).access_token;
    const read = async () => saleMerchantSchema.parse((await t.api('GET', '/api/sale/saas/merchant', { token })).body.data).website;
    const cleared = await t.api('POST', '/sandbox/triggers/ordering-website', { body: { merchant: made.body.merchant_id } });
    expect(cleared.status).toBe(200);
    expect(await read()).toBeNull();
    await t.api('POST', '/sandbox/triggers/ordering-website', {
      body: { merchant: made.body.merchant_id, url: 'https://dat.mon.example.vn' },
    });
    expect(await read()).toBe('https://dat.mon.example.vn/');
    const bad = await t.api('POST', '/sandbox/triggers/ordering-website', {
      body: { merchant: made.body.merchant_id, url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(await read()).toBe('https://dat.mon.example.vn/');
  });
});
