// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameListSchema, txRuleListSchema, txRuleSchema } from '../../../src/services/txrules/schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { SEED_RULES } from './seed';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());

async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string; storeIds: number[] }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const { merchant_id, username, password } = made.body;
  const { access_token } = await t.login(username, password);
  const stores = await t.sandbox.db.query<{ id: number }>(`SELECT id FROM stores WHERE merchant_id = $1 ORDER BY id`, [merchant_id]);
  return { id: merchant_id, token: access_token, storeIds: stores.map((s) => s.id) };
}

const list = (token: string, query = '') => t.api('GET', `/api/portal/metadata/rule${query}`, { token });
const create = (token: string, body: unknown) => t.api('POST', '/api/portal/metadata/rule', { token, body });
const put = (token: string, query: Record<string, string | string[]>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) qs.append(k, one);
  return t.api('PUT', `/api/portal/metadata/rule?${qs}`, { token });
};
const remove = (token: string, id: number | string) => t.api('DELETE', `/api/portal/metadata/rule?id=${id}`, { token });

describe('GET /metadata/rule (doc 2 §3, §7)', () => {
  it("lists phoco's seeded rules newest first with the spec's fields and logo URLs that answer SVGs", async () => {
    const m = await freshMerchant();
    const res = await list(m.token, '?page=1&page_size=10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, page_size: 10, total_page: 1, total_count: 3 });
    const rows = txRuleListSchema.parse(res.body.data);
    expect(rows.map((r) => r.card_branch)).toEqual([...SEED_RULES.phoco!].reverse().map((r) => r.card));
    const visa = rows.find((r) => r.card_branch === 'VISA')!;
    expect(visa).toMatchObject({
      name: String(m.storeIds[0]),
      store_name: 'Phố Cổ - Hàng Bạc',
      display_name: 'PC01 · VISA',
      issuer: ['Vietcombank', 'Techcombank'],
      acquirer: 'BIDV',
    });
    expect(visa.logo.issuer).toEqual(['/api/portal/metadata/logo/bank/VCB.svg', '/api/portal/metadata/logo/bank/TCB.svg']);
    for (const url of [visa.logo.card_branch, visa.logo.acquirer, ...visa.logo.issuer]) {
      // Served without a sign-in (an <img> sends no bearer), as an SVG that cannot run script.
      const logo = await t.api('GET', url);
      expect(logo.status, url).toBe(200);
      expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(logo.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(String(logo.body)).toContain('<svg');
    }
    expect((await t.api('GET', '/api/portal/metadata/logo/bank/XYZ.svg')).status).toBe(404);
    expect((await t.api('GET', '/api/portal/metadata/logo/card/%3Cscript%3E.svg')).status).toBe(404);
  });

  it('pages on the server and narrows to one rule by id; colan starts empty', async () => {
    const m = await freshMerchant();
    const first = await list(m.token, '?page=1&page_size=2');
    expect(first.body).toMatchObject({ total_page: 2, total_count: 3 });
    expect(first.body.data).toHaveLength(2);
    expect((await list(m.token, '?page=2&page_size=2')).body.data).toHaveLength(1);
    const id = first.body.data[0].id as number;
    const one = await list(m.token, `?id=${id}`);
    expect(one.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const colan = await freshMerchant('colan');
    expect((await list(colan.token)).body).toMatchObject({ data: [], total_page: 0 });
    for (const q of ['?page=0', '?page_size=101', '?page=abc', '?id=abc', '?id=0', `?id=${'9'.repeat(20)}`]) {
      const res = await list(m.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error_code, q).toBe('BAD_REQUEST');
    }
  });
});

describe('create, update, delete and sync', () => {
  it('creates a rule (POST body), updates it with the fields in the query, syncs, and deletes it with a message', async () => {
    const m = await freshMerchant();
    const made = await create(m.token, {
      rule_name: String(m.storeIds[1]),
      card_type: 'visa',
      issuer: ['BIDV', 'ACB'],
      acquirer: 'Techcombank',
    });
    expect(made.status).toBe(200);
    const rule = txRuleSchema.parse(made.body.data);
    expect(rule).toMatchObject({ card_branch: 'VISA', issuer: ['BIDV', 'ACB'], acquirer: 'Techcombank', synced_at: null });
    expect((await list(m.token)).body.data[0].id).toBe(rule.id);

    // doc 2 §7: PUT with the four fields in the query; issuer repeated or joined by commas.
    const upd = await put(m.token, {
      id: String(rule.id),
      rule_name: String(m.storeIds[2]),
      card_type: 'NAPAS',
      issuer: 'VIB,SHB',
      acquirer: 'MBBank',
    });
    expect(upd.status).toBe(200);
    expect(txRuleSchema.parse(upd.body.data)).toMatchObject({
      id: rule.id,
      name: String(m.storeIds[2]),
      card_branch: 'NAPAS',
      issuer: ['VIB', 'SHB'],
      acquirer: 'MBBank',
    });
    const repeated = await put(m.token, {
      id: String(rule.id),
      rule_name: String(m.storeIds[2]),
      card_type: 'NAPAS',
      issuer: ['VIB', 'HDBank'],
      acquirer: 'MBBank',
    });
    expect(repeated.body.data.issuer).toEqual(['VIB', 'HDBank']);

    const sync = await t.api('POST', '/api/portal/metadata/rule/sync', { token: m.token });
    expect(sync.status).toBe(200);
    expect(sync.body).toEqual({ data: 'success' });
    const rows = txRuleListSchema.parse((await list(m.token)).body.data);
    expect(rows.every((r) => typeof r.synced_at === 'number')).toBe(true);

    const del = await remove(m.token, rule.id);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ message: expect.any(String), data: { id: rule.id } });
    expect((await remove(m.token, rule.id)).status).toBe(404);
    expect((await list(m.token)).body.total_count).toBe(3);
  });

  it('needs all four fields (REQUIRED lists the missing ones) and refuses unknown values field by field', async () => {
    const m = await freshMerchant();
    const missing = await create(m.token, { rule_name: '', issuer: [] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error_code: 'REQUIRED', data: { fields: ['rule_name', 'card_type', 'issuer', 'acquirer'] } });
    const good = { rule_name: String(m.storeIds[0]), card_type: 'AMEX', issuer: ['Vietcombank'], acquirer: 'BIDV' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rule_name: '99999999' }, 'rule_name'],
      [{ rule_name: 'abc' }, 'rule_name'],
      [{ card_type: 'DINERS' }, 'card_type'],
      [{ issuer: ['Ngân hàng ma'] }, 'issuer'],
      [{ issuer: ['Vietcombank', 'vietcombank'] }, 'issuer'],
      [{ issuer: [42] }, 'issuer'],
      // A bank that issues cards but does not process them in the sandbox.
      [{ acquirer: 'ACB' }, 'acquirer'],
      [{ acquirer: { $ne: 1 } }, 'acquirer'],
    ];
    for (const [change, field] of cases) {
      const res = await create(m.token, { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toMatchObject({ error_code: 'BAD_REQUEST', data: { field } });
    }
  });

  it('refuses a rule that would route an issuing bank a rule of the same store and card already routes (409 RULE_EXIST)', async () => {
    const m = await freshMerchant();
    const clash = await create(m.token, {
      rule_name: String(m.storeIds[0]),
      card_type: 'VISA',
      issuer: ['ACB', 'Techcombank'],
      acquirer: 'MBBank',
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error_code: 'RULE_EXIST', data: { field: 'issuer', issuers: ['Techcombank'] } });
    // Another card brand at that store, or the same brand at another store, is fine.
    expect(
      (await create(m.token, { rule_name: String(m.storeIds[0]), card_type: 'JCB', issuer: ['Techcombank'], acquirer: 'MBBank' })).status,
    ).toBe(200);
    expect(
      (await create(m.token, { rule_name: String(m.storeIds[1]), card_type: 'VISA', issuer: ['Techcombank'], acquirer: 'MBBank' })).status,
    ).toBe(200);
    // A rule updated with its own banks does not clash with itself.
    const visa = (await list(m.token)).body.data.find(
      (r: { card_branch: string; name: string }) => r.card_branch === 'VISA' && r.name === String(m.storeIds[0]),
    );
    const same = await put(m.token, {
      id: String(visa.id),
      rule_name: visa.name,
      card_type: 'VISA',
      issuer: visa.issuer.join(','),
      acquirer: 'Vietcombank',
    });
    expect(same.status).toBe(200);
  });
});

describe('the name lists (each `{data: string[]}`)', () => {
  it('answers card types, processing banks and issuing banks as arrays of strings', async () => {
    const m = await freshMerchant();
    const cards = nameListSchema.parse((await t.api('GET', '/api/portal/metadata/list-card-type', { token: m.token })).body.data);
    expect(cards).toEqual(['VISA', 'MASTERCARD', 'JCB', 'NAPAS', 'AMEX', 'UNIONPAY']);
    const acquirers = nameListSchema.parse((await t.api('GET', '/api/portal/metadata/list-accquire', { token: m.token })).body.data);
    expect(acquirers).toContain('BIDV');
    expect(acquirers).not.toContain('ACB');
    const issuers = nameListSchema.parse((await t.api('GET', '/api/portal/metadata/list-issuer', { token: m.token })).body.data);
    expect(issuers.length).toBeGreaterThanOrEqual(14);
    expect(issuers).toContain('ACB');
  });
});

describe("scoping and roles (D87): the owner's, and only their merchant's", () => {
  it("answers another merchant's rule as missing and refuses another merchant's store", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const ruleOfA = (await list(a.token)).body.data[0];
    expect((await list(b.token, `?id=${ruleOfA.id}`)).body.data).toEqual([]);
    expect((await remove(b.token, ruleOfA.id)).status).toBe(404);
    const upd = await put(b.token, {
      id: String(ruleOfA.id),
      rule_name: String(b.storeIds[0]),
      card_type: 'VISA',
      issuer: 'ACB',
      acquirer: 'BIDV',
    });
    expect(upd.status).toBe(404);
    const foreignStore = await create(b.token, { rule_name: String(a.storeIds[0]), card_type: 'AMEX', issuer: ['ACB'], acquirer: 'BIDV' });
    expect(foreignStore.body).toMatchObject({ error_code: 'BAD_REQUEST', data: { field: 'rule_name' } });
    // B's sync leaves A's rules alone.
    await t.api('POST', '/api/portal/metadata/rule/sync', { token: b.token });
    const [row] = await t.sandbox.db.query<{ synced_at: string }>(`SELECT synced_at FROM tx_rules WHERE id = $1`, [ruleOfA.id]);
    expect(Number(row!.synced_at)).toBeLessThan(t.sandbox.clock.now());
  });

  it('refuses every call of a staff-type user (403 PERMISSION_DENY) and of a caller without a token (401)', async () => {
    const { access_token: staff } = await t.login('phoco.staff', 'Staff@2026');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/portal/metadata/rule'],
      ['POST', '/api/portal/metadata/rule', { rule_name: '1', card_type: 'AMEX', issuer: ['ACB'], acquirer: 'BIDV' }],
      ['PUT', '/api/portal/metadata/rule?id=1&rule_name=1&card_type=AMEX&issuer=ACB&acquirer=BIDV'],
      ['DELETE', '/api/portal/metadata/rule?id=1'],
      ['POST', '/api/portal/metadata/rule/sync'],
      ['GET', '/api/portal/metadata/list-card-type'],
      ['GET', '/api/portal/metadata/list-accquire'],
      ['GET', '/api/portal/metadata/list-issuer'],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.api(method, path, { token: staff, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error_code).toBe('PERMISSION_DENY');
      expect((await t.api(method, path, body ? { body } : {})).status, `${method} ${path} without token`).toBe(401);
    }
    const [n] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tx_rules WHERE merchant_id = '10000001'`);
    expect(n!.n).toBe(3);
  });
});

describe('hostile input', () => {
  it('answers 400 (never 500) for long, unicode, markup, NUL and wrong types, and stores nothing', async () => {
    const m = await freshMerchant();
    const store = String(m.storeIds[0]);
    const bodies: unknown[] = [
      { rule_name: store, card_type: 'A'.repeat(100_000), issuer: ['ACB'], acquirer: 'BIDV' },
      { rule_name: store, card_type: 'VISA\u0000', issuer: ['ACB'], acquirer: 'BIDV' },
      { rule_name: store, card_type: 'VISA', issuer: ['<img src=x onerror=alert(1)>'], acquirer: 'BIDV' },
      { rule_name: store, card_type: 'VISA', issuer: ['AC\u0000B'], acquirer: 'BIDV' },
      { rule_name: store, card_type: 'VISA', issuer: Array.from({ length: 5000 }, () => 'ACB'), acquirer: 'BIDV' },
      { rule_name: store, card_type: 'VISA', issuer: 'ACB', acquirer: '🏦' },
      { rule_name: [store], card_type: 'VISA', issuer: ['ACB'], acquirer: 'BIDV' },
      { rule_name: 1.5, card_type: 'VISA', issuer: ['ACB'], acquirer: 'BIDV' },
      { rule_name: store, card_type: 7, issuer: ['ACB'], acquirer: 'BIDV' },
      { rule_name: store, card_type: 'VISA', issuer: { 0: 'ACB' }, acquirer: 'BIDV' },
      ['VISA'],
      'VISA',
    ];
    for (const body of bodies) {
      const res = await create(m.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(['REQUIRED', 'BAD_REQUEST']).toContain(res.body.error_code);
    }
    for (const q of ['id=1%00', `id=${'1'.repeat(5000)}`, 'id=%F0%9F%8F%A6']) {
      expect((await t.api('DELETE', `/api/portal/metadata/rule?${q}`, { token: m.token })).status, q).toBe(400);
    }
    const [n] = await t.sandbox.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tx_rules WHERE merchant_id = $1`, [m.id]);
    expect(n!.n).toBe(3);
  });
});
