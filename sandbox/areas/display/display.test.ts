// @vitest-environment node
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import {
  CLAIM_FAILURE_WINDOW_MS,
  MAX_CLAIM_FAILURES,
  MAX_CODE_GUESSES,
  MAX_MERCHANT_GUESSES,
  MERCHANT_GUESS_WINDOW_MS,
  PAIR_CODE_TTL_MS,
  STATE_REPLAY_MS,
} from './routes';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedVolume: 'small' });
});
afterAll(() => t.close());
// Every test claims from the same address: move past the previous test's wrong codes (and its codes).
beforeEach(() => t.sandbox.clock.advance(PAIR_CODE_TTL_MS / 1000 + 1));

async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string; signIn: () => Promise<string> }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const signIn = async () => (await t.login(made.body.username, made.body.password)).access_token;
  return { id: made.body.merchant_id, token: await signIn(), signIn };
}

const pair = (token: string) => t.api('POST', '/api/sale/display/pair', { token, body: {} });
const claim = (code: unknown) => t.api('POST', '/api/sale/display/claim', { body: { pair_code: code } });
const pairings = (token: string) => t.api('GET', '/api/sale/display/pairings', { token });
const unpair = (token: string, id: number | string) => t.api('DELETE', `/api/sale/display/pairing/${id}`, { token });
const relay = (token: string, body: unknown) => t.api('POST', '/api/sale/display/message', { token, body });

async function pairedDisplay(token: string): Promise<{ displayToken: string; pairingId: number }> {
  const made = await pair(token);
  expect(made.status).toBe(201);
  const claimed = await claim(made.body.data.pair_code);
  expect(claimed.status).toBe(200);
  return { displayToken: claimed.body.data.display_token, pairingId: claimed.body.data.pairing_id };
}

let seq = 1_000;
const message = (
  kind: 'idle' | 'order' | 'pay' | 'success' = 'idle',
  more: Record<string, unknown> = {},
): Record<string, any> & { seq: number } => {
  seq += 1;
  return { v: 1, seq, at: seq, kind, ...more };
};

/** Reads an SSE stream as it arrives; `next` waits for the next event of a name. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/api/sale/display/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: Array<{ event: string; data: any }> = [];
  let ended = false;
  let wake = null as (() => void) | null;
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) events.push({ event: name, data: JSON.parse(data) });
            wake?.();
          }
        }
      } catch {
        /* aborted */
      }
      ended = true;
      wake?.();
    })();
  }
  let read = 0;
  return {
    status: res.status,
    events,
    get ended() {
      return ended;
    },
    async next(name: string, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= read && e.event === name);
        if (index >= 0) {
          read = index + 1;
          return events[index]!.data;
        }
        if (ended || Date.now() > deadline) throw new Error(`no ${name} event (got ${events.map((e) => e.event).join(', ')})`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}

describe('pairing code (6 digits, 5 minutes, single use)', () => {
  it('gives the cashier a code that one device claims once for a display token', async () => {
    const m = await freshMerchant();
    const made = await pair(m.token);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: 201, data: { pair_code: expect.stringMatching(/^\d{6}$/) } });
    expect(made.body.data.expires_at - t.sandbox.clock.nowSeconds()).toBe(PAIR_CODE_TTL_MS / 1000);
    let list = await pairings(m.token);
    expect(list.body.data).toEqual([
      expect.objectContaining({ pairing_id: made.body.data.pairing_id, status: 'PENDING', connected: false }),
    ]);

    const first = await claim(made.body.data.pair_code);
    expect(first.status).toBe(200);
    expect(first.body.data.display_token).toMatch(/^dsp_[A-Za-z0-9_-]{40,}$/);
    expect(first.body.data.shop_name).toBeTruthy();
    const again = await claim(made.body.data.pair_code);
    expect(again.status).toBe(404);
    expect(again.body.error_code).toBe('PAIR_CODE_INVALID');
    list = await pairings(m.token);
    expect(list.body.data[0]).toMatchObject({ status: 'PAIRED', expires_at: null });
  });

  it('two devices claiming one code at once: exactly one gets it', async () => {
    const m = await freshMerchant();
    const code = (await pair(m.token)).body.data.pair_code;
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(4);
  });

  it('a code past its 5 minutes is refused like a wrong one and leaves the list', async () => {
    const m = await freshMerchant();
    const code = (await pair(m.token)).body.data.pair_code;
    t.sandbox.clock.advance(PAIR_CODE_TTL_MS / 1000 - 5);
    expect((await pairings(m.token)).body.data).toHaveLength(1);
    t.sandbox.clock.advance(6);
    const late = await claim(code);
    expect(late.status).toBe(404);
    expect(late.body.error_code).toBe('PAIR_CODE_INVALID');
    expect((await pairings(m.token)).body.data).toEqual([]);
  });

  it('is for signed-in users of the merchant, owner and staff alike', async () => {
    expect((await pair('')).status).toBe(401);
    const staff = (await t.login('phoco.staff', 'Staff@2026')).access_token;
    const made = await pair(staff);
    expect(made.status).toBe(201);
    expect((await unpair(staff, made.body.data.pairing_id)).status).toBe(200);
  });

  it('refuses malformed codes and bodies in the envelope', async () => {
    for (const code of ['12345', '1234567', 'abcdef', 123456, null, '12 456', '١٢٣٤٥٦', '<b>1</b>', '\u0000'.repeat(6), 'x'.repeat(5000)]) {
      const answer = await claim(code);
      expect(answer.status, String(code)).toBe(400);
      expect(answer.body.error_code).toBe('BAD_REQUEST');
      expect(answer.body.data.field).toMatch(/pair_code$/);
    }
  });
});

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

describe('guessing codes (issue 24 §3, D217)', () => {
  /** A claim sent from another loopback address (127.0.0.x), as a device elsewhere would. */
  function claimFrom(address: string, code: unknown): Promise<{ status: number; body: any }> {
    const base = new URL(t.url);
    const payload = JSON.stringify({ pair_code: code });
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          localAddress: address,
          method: 'POST',
          path: '/api/sale/display/claim',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  let next = 0;
  /** A loopback address no earlier claim of this file came from. */
  const freshAddress = () => {
    next += 1;
    return `127.0.${1 + Math.floor(next / 250)}.${2 + (next % 250)}`;
  };
  const wrongFor = (...codes: string[]) => {
    for (let n = 0; ; n += 1) {
      const guess = String(n).padStart(6, '0');
      if (!codes.includes(guess)) return guess;
    }
  };

  it(`issue 24 §3: a code survives ${MAX_CODE_GUESSES - 1} wrong guesses made anywhere and dies at the ${MAX_CODE_GUESSES}th, whatever the addresses`, async () => {
    const m = await freshMerchant();
    const code = (await pair(m.token)).body.data.pair_code;
    const wrong = wrongFor(code);
    for (let i = 0; i < MAX_CODE_GUESSES - 1; i += 1) expect((await claimFrom(freshAddress(), wrong)).status).toBe(404);
    expect((await pairings(m.token)).body.data).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect((await claimFrom(freshAddress(), wrong)).status).toBe(404);
    // Dead: gone from the cashier's list, as an expired code is, and the right code opens nothing.
    expect((await pairings(m.token)).body.data).toEqual([]);
    const late = await claimFrom(freshAddress(), code);
    expect(late.status).toBe(404);
    expect(late.body.error_code).toBe('PAIR_CODE_INVALID');
    // The cashier makes a new one, which pairs.
    const again = (await pair(m.token)).body.data.pair_code;
    expect((await claimFrom(freshAddress(), again)).status).toBe(200);
  });

  it("issue 24 §3: the issue's brute force (512 wrong codes from 52 addresses, then the right code from another) pairs nothing; every live code of every merchant dies", async () => {
    const a = await freshMerchant();
    const b = await freshMerchant('colan');
    const codes = [(await pair(a.token)).body.data.pair_code, (await pair(b.token)).body.data.pair_code];
    const addresses = Array.from({ length: 52 }, freshAddress);
    let guess = 0;
    const nextWrong = () => {
      for (;;) {
        const g = String(guess++).padStart(6, '0');
        if (!codes.includes(g)) return g;
      }
    };
    const answers: number[] = [];
    for (let round = 0; round < 512 / 16; round += 1) {
      const batch = Array.from({ length: 16 }, (_, i) => claimFrom(addresses[(round * 16 + i) % addresses.length]!, nextWrong()));
      answers.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(answers.filter((s) => s === 200)).toEqual([]);
    for (const code of codes) expect((await claimFrom(freshAddress(), code)).status).toBe(404);
    expect((await pairings(a.token)).body.data).toEqual([]);
    expect((await pairings(b.token)).body.data).toEqual([]);
  });

  it(`issue 24 §3: a merchant whose codes absorbed ${MAX_MERCHANT_GUESSES} wrong guesses within the hour makes no new code until the hour has passed`, async () => {
    const m = await freshMerchant();
    for (let killed = 0; killed * MAX_CODE_GUESSES < MAX_MERCHANT_GUESSES; killed += 1) {
      const made = await pair(m.token);
      expect(made.status).toBe(201);
      const wrong = wrongFor(made.body.data.pair_code);
      for (let i = 0; i < MAX_CODE_GUESSES; i += 1) expect((await claimFrom(freshAddress(), wrong)).status).toBe(404);
    }
    const refused = await pair(m.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(MERCHANT_GUESS_WINDOW_MS / 1000);
    // Another merchant is not held by this one's count.
    expect((await pair((await freshMerchant()).token)).status).toBe(201);
    t.sandbox.clock.advance(refused.body.data.retry_after);
    expect((await pair(await m.signIn())).status).toBe(201);
  });

  it(`issue 24 §3: ${MAX_CLAIM_FAILURES} wrong codes brake their own address for a minute, not another (devices behind another NAT still pair)`, async () => {
    expect(MAX_CLAIM_FAILURES).toBeLessThan(MAX_CODE_GUESSES);
    const m = await freshMerchant();
    const code = (await pair(m.token)).body.data.pair_code;
    const typist = freshAddress();
    for (let i = 0; i < MAX_CLAIM_FAILURES; i += 1) expect((await claimFrom(typist, wrongFor(code))).status).toBe(404);
    const braked = await claimFrom(typist, code);
    expect(braked.status).toBe(429);
    expect(braked.body.error_code).toBe('TOO_MANY_REQUESTS');
    expect(braked.body.data.retry_after).toBeLessThanOrEqual(CLAIM_FAILURE_WINDOW_MS / 1000);
    expect((await claimFrom(freshAddress(), code)).status).toBe(200);
    t.sandbox.clock.advance(CLAIM_FAILURE_WINDOW_MS / 1000 + 1);
    const another = (await pair(m.token)).body.data.pair_code;
    expect((await claimFrom(typist, another)).status).toBe(200);
  });
});
