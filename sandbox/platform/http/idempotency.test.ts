// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { stableJson } from './idempotency';

/** Idempotency keys belong to whoever sends them (D219): the merchant, or the payer of one payment link. */

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

interface Merchant {
  token: string;
  widget: string;
}

async function merchant(): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  const token = (await t.login(made.body.username, made.body.password)).access_token;
  const info = await t.api('GET', `/api/checkout/merchants/${made.body.merchant_id}?allow_create=True`, { token });
  expect(info.status).toBe(200);
  return { token, widget: info.body.data.data.widget.id };
}

let orders = 0;
const makeLink = (who: Merchant, key: string, orderId = `DH-IDEM-${(orders += 1)}`) =>
  t.api('POST', '/api/checkout/payment-links', {
    token: who.token,
    headers: { 'idempotency-key': key },
    body: { app_id: who.widget, order_id: orderId, amount: 150_000 },
  });

const CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'NGUYEN VAN A' };
/** The hosted page's card payment for a link, as a payer's browser sends it (no sign-in). */
const payByCard = (url: string, key: string) =>
  t.api('POST', '/api/checkout/pay/card', {
    headers: { 'idempotency-key': key },
    body: { ...Object.fromEntries(new URL(url).searchParams), card: CARD },
  });

describe('idempotency keys are scoped to who sends them (D219)', () => {
  it('issue 24 §4: two payers sending the same key on two links of one merchant each pay their own link; a repeat replays only its own', async () => {
    const m = await merchant();
    const [a, b] = [await makeLink(m, 'link-a'), await makeLink(m, 'link-b')];
    expect([a.status, b.status]).toEqual([201, 201]);
    const paidA = await payByCard(a.body.data.url, 'payer-key');
    expect([paidA.status, paidA.body.data?.status]).toEqual([200, 'PAID']);
    const paidB = await payByCard(b.body.data.url, 'payer-key');
    expect([paidB.status, paidB.body.data?.status, paidB.headers.get('idempotent-replayed')]).toEqual([200, 'PAID', null]);
    const again = await payByCard(a.body.data.url, 'payer-key');
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(again.body).toEqual(paidA.body);
    for (const link of [a, b]) {
      const read = await t.api('GET', `/api/checkout/payment-links/${link.body.data.id}`, { token: m.token });
      expect(read.body.data.status).toBe('PAID');
    }
  });

  it("issue 24 §4: a payer's key never meets one the merchant sent, even spelled as the old 'pay:' prefix", async () => {
    const m = await merchant();
    expect((await makeLink(m, 'pay:shared')).status).toBe(201);
    const link = await makeLink(m, 'another');
    const paid = await payByCard(link.body.data.url, 'shared');
    expect([paid.status, paid.body.data?.status]).toEqual([200, 'PAID']);
  });

  it('issue 24 §4: two merchants sending the same key each get their own answer', async () => {
    const first = await merchant();
    const second = await merchant();
    const one = await makeLink(first, 'same-key', 'DH-SAME');
    const two = await makeLink(second, 'same-key', 'DH-SAME');
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body.data.id).not.toBe(one.body.data.id);
    expect(two.headers.get('idempotent-replayed')).toBeNull();
    const repeat = await makeLink(first, 'same-key', 'DH-SAME');
    expect([repeat.status, repeat.headers.get('idempotent-replayed'), repeat.body.data.id]).toEqual([201, 'true', one.body.data.id]);
  });
});

describe('fingerprints (D219)', () => {
  it('issue 24 §4: a body nested 200,000 deep is fingerprinted without recursion, keys in sorted order', () => {
    let deep: unknown = { b: 1, a: [true, null, 'x"'] };
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    const inner = '{"a":[true,null,"x\\""],"b":1}';
    const text = stableJson(deep);
    expect(text.length).toBe(400_000 + inner.length);
    expect(text.slice(200_000, 200_000 + inner.length)).toBe(inner);
  });
});
