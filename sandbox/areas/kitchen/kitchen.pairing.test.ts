// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_CODE_GUESSES, PAIR_CODE_TTL_MS } from '../../platform/pairing/pairing';
import { t, freshMerchant, pair, claim, pairings, unpair, pairedKitchen, sale, openStream, useKitchenFixture } from './kitchen.fixture';

useKitchenFixture();

describe('pairing a kitchen screen (6 digits, 5 minutes, single use, D325)', () => {
  it('gives the cashier a code for a store that one device claims once for a kitchen token', async () => {
    const m = await freshMerchant();
    const made = await pair(m.token);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ pair_code: expect.stringMatching(/^\d{6}$/), store_id: expect.any(Number) });
    const left = made.body.data.expires_at - t.sandbox.clock.nowSeconds();
    expect(left).toBeLessThanOrEqual(PAIR_CODE_TTL_MS / 1000);
    expect((await pairings(m.token)).body.data).toEqual([
      expect.objectContaining({ status: 'PENDING', store_id: made.body.data.store_id }),
    ]);
    const first = await claim(made.body.data.pair_code);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      kitchen_token: expect.stringMatching(/^kit_[A-Za-z0-9_-]{40,}$/),
      store_id: made.body.data.store_id,
    });
    expect(first.body.data.store_name).toBeTruthy();
    const again = await claim(made.body.data.pair_code);
    expect(again.status).toBe(404);
    expect(again.body.error_code).toBe('PAIR_CODE_INVALID');
    // A kitchen code is not a display code, nor the other way round.
    const display = (await sale(m.token, 'POST', '/display/pair', {})).body.data.pair_code;
    expect((await claim(display)).status).toBe(404);
    expect((await pairings(m.token)).body.data[0]).toMatchObject({ status: 'PAIRED', expires_at: null });
  });

  it('two devices claiming one code at once: exactly one gets it; a code past 5 minutes is refused', async () => {
    const m = await freshMerchant();
    const code = (await pair(m.token)).body.data.pair_code;
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const late = (await pair(m.token)).body.data.pair_code;
    t.sandbox.clock.advance(PAIR_CODE_TTL_MS / 1000 + 1);
    expect((await claim(late)).status).toBe(404);
  });

  it('pairs to the staff member’s own store; the owner picks one of the merchant’s stores, not another merchant’s', async () => {
    expect((await pair('')).status).toBe(401);
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    const made = await pair(staff);
    expect(made.status).toBe(201);
    expect((await unpair(staff, made.body.data.pairing_id)).status).toBe(200);
    const other = await freshMerchant('colan');
    const otherStore = (await pair(other.token)).body.data.store_id;
    const m = await freshMerchant();
    const refused = await pair(m.token, { store_id: otherStore });
    expect(refused.status).toBe(404);
    for (const store_id of ['1', -1, 1.5]) expect((await pair(m.token, { store_id })).status, String(store_id)).toBe(400);
  });

  it(`issue 24 §3: a kitchen code dies at its ${MAX_CODE_GUESSES}th wrong guess, as a display code does (D217)`, async () => {
    const m = await freshMerchant();
    const code = (await pair(m.token)).body.data.pair_code;
    const wrong = code === '000000' ? '000001' : '000000';
    // From one address the brake (5 a minute) comes first: let the minute pass between guesses.
    for (let i = 0; i < MAX_CODE_GUESSES; i += 1) {
      expect((await claim(wrong)).status).toBe(404);
      t.sandbox.clock.advance(61);
    }
    expect((await pairings(m.token)).body.data).toEqual([]);
    expect((await claim(code)).status).toBe(404);
  });

  it('unpairing closes the kitchen’s stream and its token for good; another merchant cannot unpair it', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const { kitchenToken, pairingId } = await pairedKitchen(a.token);
    const stream = await openStream(kitchenToken);
    await stream.next('paired');
    expect((await pairings(a.token)).body.data[0].connected).toBe(true);
    expect((await unpair(b.token, pairingId)).status).toBe(404);
    expect((await unpair(a.token, pairingId)).status).toBe(200);
    expect(await stream.next('revoked')).toEqual({ pairing_id: pairingId });
    await expect.poll(() => stream.ended).toBe(true);
    expect((await sale(kitchenToken, 'GET', '/kitchen/stream')).status).toBe(401);
  });
});
