// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionSchema } from '../../../src/services/onboarding/schemas';
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

const status = (token: string) => t.api('GET', '/api/sale/saas/subscription', { token });
const free = (token: string, body: unknown) => t.api('POST', '/api/sale/saas/subscription/register/free', { token, body });
const code = (token: string, body: unknown) => t.api('POST', '/api/sale/saas/subscription/register/code', { token, body });

describe('GET /saas/subscription (CONTRACT G: the active-status flag)', () => {
  it('has phoco (full) and colan (free) active; chuoi and throwaway copies not', async () => {
    const phoco = await t.login('phoco', 'Phoco@2026');
    expect(subscriptionSchema.parse((await status(phoco.access_token)).body.data)).toMatchObject({ is_active: true, plan: 'FULL' });
    const colan = await t.login('colan', 'Colan@2026');
    expect((await status(colan.access_token)).body.data).toMatchObject({ is_active: true, plan: 'FREE' });
    const staff = await t.login('phoco.staff', 'Staff@2026');
    expect((await status(staff.access_token)).body.data.is_active).toBe(true);
    for (const template of ['phoco', 'colan']) {
      const copy = await freshMerchant(template);
      expect((await status(copy.token)).body.data).toEqual({ is_active: false, plan: null, activated_at: null });
    }
    expect((await t.api('GET', '/api/sale/saas/subscription')).status).toBe(401);
  });
});

describe('POST /saas/subscription/register/free', () => {
  it('turns the feature on with the free plan, once; asking again answers the current state', async () => {
    const m = await freshMerchant();
    // The sandbox clock runs: the activation second lies between the clock before and after the call.
    const before = Math.floor(t.sandbox.clock.now() / 1000);
    const res = await free(m.token, { entity_id: m.id });
    const after = Math.floor(t.sandbox.clock.now() / 1000);
    expect(res.status).toBe(200);
    const on = subscriptionSchema.parse(res.body.data);
    expect(on).toMatchObject({ is_active: true, plan: 'FREE' });
    expect(on.activated_at).toBeGreaterThanOrEqual(before);
    expect(on.activated_at).toBeLessThanOrEqual(after);
    await t.api('POST', '/sandbox/clock/advance', { body: { seconds: 60 } });
    const again = await free(m.token, { entity_id: Number(m.id) });
    expect(again.body.data).toEqual(on);
    expect((await status(m.token)).body.data).toEqual(on);
  });

  it("refuses another merchant's entity_id as missing, a missing one as REQUIRED, and a staff-type user", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const other = await free(a.token, { entity_id: b.id });
    expect(other.status).toBe(404);
    expect(other.body.error_code).toBe('NOT_FOUND');
    expect((await status(b.token)).body.data.is_active).toBe(false);
    expect((await free(a.token, {})).body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['entity_id'] } });
    const staff = await t.login('phoco.staff', 'Staff@2026');
    const refused = await free(staff.access_token, { entity_id: '10000001' });
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('PERMISSION_DENY');
  });
});

describe('POST /saas/subscription/register/code (doc 2 §5 code popup: type_id 2)', () => {
  it('takes a valid code (case and spaces ignored) for the full package; a wrong one is 400 CODE_INVALID with a message', async () => {
    const m = await freshMerchant();
    const wrong = await code(m.token, { code: 'SALE-FULL-2025', entity_id: m.id, type_id: 2 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_code).toBe('CODE_INVALID');
    expect(wrong.body.message).toMatch(/\S/);
    expect((await status(m.token)).body.data.is_active).toBe(false);
    const right = await code(m.token, { code: '  sale-full-2026 ', entity_id: m.id, type_id: 2 });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ is_active: true, plan: 'FULL' });
    // Already on the full package: answered as it is, whatever is typed.
    expect((await code(m.token, { code: 'anything', entity_id: m.id, type_id: 2 })).body.data.plan).toBe('FULL');
  });

  it('moves a free merchant to the full package with the referral code', async () => {
    const m = await freshMerchant('colan');
    await free(m.token, { entity_id: m.id });
    const up = await code(m.token, { code: 'GIOITHIEU-2026', entity_id: m.id, type_id: 2 });
    expect(up.body.data).toMatchObject({ is_active: true, plan: 'FULL' });
  });

  it('needs the code and entity_id, and type_id 2', async () => {
    const m = await freshMerchant();
    expect((await code(m.token, { code: '   ', entity_id: m.id, type_id: 2 })).body).toMatchObject({
      error_code: 'REQUIRED',
      data: { fields: ['code'] },
    });
    expect((await code(m.token, { code: 'SALE-FULL-2026', type_id: 2 })).body.error_code).toBe('REQUIRED');
    const typed = await code(m.token, { code: 'SALE-FULL-2026', entity_id: m.id, type_id: 1 });
    expect(typed.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'type_id' } });
    const staff = await t.login('phoco.staff', 'Staff@2026');
    expect((await code(staff.access_token, { code: 'SALE-FULL-2026', entity_id: '10000001', type_id: 2 })).status).toBe(403);
  });
});

describe('hostile input', () => {
  it('answers 4xx (never 500) for long, unicode, markup, NUL and wrong types, and turns nothing on', async () => {
    const m = await freshMerchant();
    const bodies: unknown[] = [
      { code: 'A'.repeat(100_000), entity_id: m.id, type_id: 2 },
      { code: 'SALE-FULL-2026\u0000', entity_id: m.id, type_id: 2 },
      { code: '<script>alert(1)</script>', entity_id: m.id, type_id: 2 },
      { code: 'MÃ-GIẢM-GIÁ-🎁', entity_id: m.id, type_id: 2 },
      { code: ['SALE-FULL-2026'], entity_id: m.id, type_id: 2 },
      { code: { $ne: '' }, entity_id: m.id, type_id: 2 },
      { code: 'SALE-FULL-2026', entity_id: [m.id], type_id: 2 },
      { code: 'SALE-FULL-2026', entity_id: `${m.id}\u0000`, type_id: 2 },
      { code: 'SALE-FULL-2026', entity_id: m.id, type_id: '2; DROP TABLE' },
      'SALE-FULL-2026',
    ];
    for (const body of bodies) {
      const res = await code(m.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    for (const body of [{ entity_id: { id: m.id } }, { entity_id: 'x'.repeat(100_000) }, [m.id]]) {
      const res = await free(m.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await status(m.token)).body.data.is_active).toBe(false);
  });
});
