// @vitest-environment node
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  CLAIM_FAILURE_WINDOW_MS,
  MAX_CLAIM_FAILURES,
  MAX_CODE_GUESSES,
  MAX_MERCHANT_GUESSES,
  MERCHANT_GUESS_WINDOW_MS,
  PAIR_CODE_TTL_MS,
} from './routes';
import { t, freshMerchant, pair, claim, pairings, unpair, useDisplayFixture } from './display.fixture';

useDisplayFixture();

describe('pairing code (6 digits, 5 minutes, single use)', () => {
  it('gives the cashier a code that one device claims once for a display token', async () => {
    const m = await freshMerchant();
    const made = await pair(m.token);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: 201, data: { pair_code: expect.stringMatching(/^\d{6}$/) } });
    // Whole seconds on a running clock: the second may turn between the answer and this line.
    const left = made.body.data.expires_at - t.sandbox.clock.nowSeconds();
    expect(left).toBeLessThanOrEqual(PAIR_CODE_TTL_MS / 1000);
    expect(left).toBeGreaterThanOrEqual(PAIR_CODE_TTL_MS / 1000 - 1);
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
