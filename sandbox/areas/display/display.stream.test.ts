// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { STATE_REPLAY_MS } from './routes';
import { t, freshMerchant, pair, pairings, unpair, relay, pairedDisplay, message, openStream, useDisplayFixture } from './display.fixture';

useDisplayFixture();

describe('the display token reads display messages and nothing else', () => {
  it('is refused on every other call, and the stream refuses every other token', async () => {
    const m = await freshMerchant();
    const { displayToken } = await pairedDisplay(m.token);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/portal/user/info'],
      ['GET', '/api/portal/bank/account'],
      ['GET', '/api/sale/customer'],
      ['GET', '/api/sale/inventory/product'],
      ['GET', '/api/sale/display/pairings'],
      ['POST', '/api/sale/display/pair', {}],
      ['POST', '/api/sale/display/message', message()],
      ['DELETE', '/api/sale/display/pairing/1'],
    ];
    for (const [method, path, body] of calls) {
      const answer = await t.api(method, path, { token: displayToken, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    for (const token of [m.token, '', 'dsp_', 'dsp_' + 'A'.repeat(43), displayToken + 'x']) {
      const stream = await t.api('GET', '/api/sale/display/stream', { token });
      expect(stream.status, token.slice(0, 8)).toBe(401);
      expect(stream.body.error_code).toBe('AUTHEN_FAIL');
    }
  });

  it('streams the merchant’s current message at once, then each newer one; never another merchant’s', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const current = message('order', {
      order: {
        order_code: 'DH1',
        table_name: 'Bàn 1',
        updated_at: 1,
        point: 0,
        sub_total: 5,
        total: 5,
        lines: [{ name: 'Phở', amount: 1, price: 5 }],
      },
    });
    expect((await relay(a.token, current)).body.data).toEqual({ seq: current.seq, displays: 0 });
    const { displayToken } = await pairedDisplay(a.token);
    const stream = await openStream(displayToken);
    expect(stream.status).toBe(200);
    expect(await stream.next('paired')).toMatchObject({ shop_name: expect.any(String) });
    expect(await stream.next('message')).toEqual(current);
    expect((await pairings(a.token)).body.data[0].connected).toBe(true);

    await relay(b.token, message('success'));
    const pay = message('pay', { order: current.order, pay: { method: 'QR', qr: '000201', amount: 5 } });
    const answer = await relay(a.token, pay);
    expect(answer.body.data).toEqual({ seq: pay.seq, displays: 1 });
    expect(await stream.next('message')).toEqual(pay);
    // Two relays crossing: the older one is neither kept nor pushed.
    const stale = { ...message('idle'), seq: pay.seq - 1 };
    expect((await relay(a.token, stale)).body.data.seq).toBe(pay.seq);
    const done = message('success');
    await relay(a.token, done);
    expect(await stream.next('message')).toEqual(done);
    expect(stream.events.filter((e) => e.event === 'message').map((e) => e.data.seq)).toEqual([current.seq, pay.seq, done.seq]);
    stream.close();
  });

  it('unpairing closes the device’s stream and the token for good; another merchant cannot unpair it', async () => {
    const a = await freshMerchant();
    const b = await freshMerchant();
    const { displayToken, pairingId } = await pairedDisplay(a.token);
    const stream = await openStream(displayToken);
    await stream.next('paired');
    expect((await unpair(b.token, pairingId)).status).toBe(404);
    expect((await unpair(a.token, pairingId)).status).toBe(200);
    expect(await stream.next('revoked')).toEqual({ pairing_id: pairingId });
    await expect.poll(() => stream.ended).toBe(true);
    expect((await t.api('GET', '/api/sale/display/stream', { token: displayToken })).status).toBe(401);
    expect((await unpair(a.token, pairingId)).status).toBe(200); // again: harmless
    expect((await pairings(a.token)).body.data).toEqual([]);
  });

  it('refuses what is not a display message (wrong types, NUL, over-long, unknown kind) and strips unknown keys', async () => {
    const m = await freshMerchant();
    const bad = [
      'text',
      [],
      { ...message(), v: 2 },
      { ...message(), kind: 'explode' },
      { ...message(), seq: -1 },
      { ...message(), seq: '5' },
      message('pay', { pay: { method: 'QR', qr: 'x'.repeat(5000), amount: 1 } }),
      message('pay', { pay: { method: 'BTC', amount: 1 } }),
      message('order', { order: { order_code: 'A\u0000', table_name: null, updated_at: 1, point: 0, sub_total: 0, total: 0, lines: [] } }),
      message('order', { order: { order_code: 'A', table_name: null, updated_at: 1, point: 0, sub_total: 0, total: 1e14, lines: [] } }),
    ];
    for (const body of bad) {
      const answer = await relay(m.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body.error_code).toBe('BAD_REQUEST');
    }
    const html = message('order', {
      phone_number: '0901234567',
      order: { order_code: '<img src=x>', table_name: 'Bàn 🍜', updated_at: 1, point: 0, sub_total: 0, total: 0, lines: [] },
    });
    expect((await relay(m.token, html)).status).toBe(200);
    const { displayToken } = await pairedDisplay(m.token);
    const stream = await openStream(displayToken);
    const got = await stream.next('message');
    expect(got.order.order_code).toBe('<img src=x>');
    expect(got.order.table_name).toBe('Bàn 🍜');
    expect(got).not.toHaveProperty('phone_number');
    stream.close();
  });

  it('does not replay a state older than 30 minutes to a display that connects', async () => {
    const m = await freshMerchant();
    await relay(m.token, message('pay', { pay: { method: 'CASH', amount: 5 } }));
    const { displayToken } = await pairedDisplay(m.token);
    t.sandbox.clock.advance(STATE_REPLAY_MS / 1000 + 1);
    const stream = await openStream(displayToken);
    await stream.next('paired');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.filter((e) => e.event === 'message')).toEqual([]);
    stream.close();
  });

  it('answers path parameters that are not ids with 400', async () => {
    const m = await freshMerchant();
    for (const id of ['abc', '0', '-1', '9'.repeat(12)]) expect((await unpair(m.token, id)).status, id).toBe(400);
  });

  it('a merchant keeps at most 20 pending or paired displays', async () => {
    const m = await freshMerchant();
    for (let i = 0; i < 20; i += 1) expect((await pair(m.token)).status).toBe(201);
    const over = await pair(m.token);
    expect(over.status).toBe(409);
    expect(over.body.error_code).toBe('DISPLAY_LIMIT');
  });
});
