// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtPayload, startTestSandbox, type TestSandbox } from './test/harness';

let t: TestSandbox;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

type Outcome = { ok: true } | { ok: false; message: string };
const outcomes = new Map<Socket, Promise<Outcome>>();

function connect(namespace: string, token: unknown): Socket {
  const socket = io(`${t.url}${namespace}`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  // Listen from the start: a socket may connect while the test still awaits another one.
  outcomes.set(
    socket,
    new Promise<Outcome>((resolve) => {
      socket.on('connect', () => resolve({ ok: true }));
      socket.on('connect_error', (err) => resolve({ ok: false, message: err.message }));
    }),
  );
  return socket;
}

const outcome = (socket: Socket): Promise<Outcome> => outcomes.get(socket)!;

describe('socket.io /va and /sale', () => {
  it('rejects a handshake without a token, with a bad token and with an expired one', async () => {
    expect(await outcome(connect('/va', undefined))).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
    expect(await outcome(connect('/sale', 'garbage'))).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    t.sandbox.clock.advance(16 * 60);
    expect(await outcome(connect('/va', access_token))).toEqual({ ok: false, message: 'TOKEN_EXPIRED' });
    t.sandbox.clock.reset();
  });

  it("accepts an access token and delivers events to the merchant's room only", async () => {
    const phoco = await t.login('phoco', 'Phoco@2026');
    const colan = await t.login('colan', 'Colan@2026');
    const a = connect('/sale', phoco.access_token);
    const b = connect('/sale', colan.access_token);
    expect(await outcome(a)).toEqual({ ok: true });
    expect(await outcome(b)).toEqual({ ok: true });
    const seenByColan: unknown[] = [];
    b.on('notification', (p) => seenByColan.push(p));
    const received = new Promise((resolve) => a.on('notification', resolve));
    t.sandbox.realtime.emitToMerchant('sale', '10000001', 'notification', { notification_type: 0, order_code: 'DH001' });
    expect(await received).toEqual({ notification_type: 0, order_code: 'DH001' });
    await new Promise((r) => setTimeout(r, 100));
    expect(seenByColan).toEqual([]);
  });

  it('takes the wesap token on /sale but not on /va', async () => {
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    const wesap = (await t.api('GET', '/api/portal/user/wesap-token', { token: access_token })).body.data.token;
    expect(await outcome(connect('/sale', wesap))).toEqual({ ok: true });
    expect(await outcome(connect('/va', wesap))).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
  });
});

/** Resolves with the disconnect reason, or 'still connected' after `ms`. */
function disconnection(socket: Socket, ms = 5000): Promise<string> {
  return new Promise((resolve) => {
    if (socket.disconnected && !socket.active) return resolve('already disconnected');
    const timer = setTimeout(() => resolve('still connected'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

async function connected(namespace: string, token: string): Promise<Socket> {
  const socket = connect(namespace, token);
  expect(await outcome(socket)).toEqual({ ok: true });
  return socket;
}

const mailTokenFor = async (email: string) => {
  expect((await t.api('POST', '/api/portal/user/forgot-password', { body: { email } })).status).toBe(200);
  const [mail] = (await t.api('GET', `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`)).body;
  return new URL(mail.links[0]).searchParams.get('token')!;
};

describe('issue 10: a socket lives no longer than its session and its token (core §7 realtime)', () => {
  it('the root namespace refuses a handshake without a valid token', async () => {
    expect(await outcome(connect('/', undefined))).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
    expect(await outcome(connect('/', 'garbage'))).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
    const { access_token } = await t.login('phoco', 'Phoco@2026');
    expect(await outcome(connect('/', access_token))).toEqual({ ok: true });
  });

  it("sign-out (POST /user/logout1) cuts that session's sockets at once, not another session's; no event reaches them after", async () => {
    const user = await t.makeUser();
    const signedOut = await t.login(user.username, user.password);
    const other = await t.login(user.username, user.password);
    const va = await connected('/va', signedOut.access_token);
    const sale = await connected('/sale', signedOut.access_token);
    const kept = await connected('/va', other.access_token);
    const late: unknown[] = [];
    va.on('payment', (p) => late.push(p));
    const cut = [disconnection(va), disconnection(sale)];
    expect((await t.api('POST', '/api/portal/user/logout1', { token: signedOut.access_token, body: {} })).status).toBe(200);
    expect(await Promise.all(cut)).toEqual(['io server disconnect', 'io server disconnect']);
    const heard = new Promise((resolve) => kept.once('payment', resolve));
    t.sandbox.realtime.emitToMerchant('va', '10000001', 'payment', { amount: 1 });
    expect(await heard).toEqual({ amount: 1 });
    expect(late).toEqual([]);
    expect(kept.connected).toBe(true);
    // And the ended session cannot come back.
    expect(await outcome(connect('/va', signedOut.access_token))).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
  });

  it('a password reset cuts every session of that user', async () => {
    const user = await t.makeUser();
    const first = await t.login(user.username, user.password);
    const second = await t.login(user.username, user.password);
    const sockets = [await connected('/va', first.access_token), await connected('/sale', second.access_token)];
    const cut = sockets.map((s) => disconnection(s));
    const token = await mailTokenFor(user.email);
    expect((await t.api('PUT', '/api/portal/user/forgot-password', { body: { token, new_password: 'NewPass@2026' } })).status).toBe(200);
    expect(await Promise.all(cut)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a refused refresh (a rotated token presented again after the grace) ends the session and its sockets', async () => {
    const user = await t.makeUser();
    const first = await t.login(user.username, user.password);
    const socket = await connected('/va', first.access_token);
    const cut = disconnection(socket);
    expect((await t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token: first.refresh_token } })).status).toBe(200);
    t.sandbox.clock.advance(11);
    const reused = await t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token: first.refresh_token } });
    expect(reused.body.error_code).toBe('TOKEN_INCORRECT');
    expect(await cut).toBe('io server disconnect');
    t.sandbox.clock.reset();
  });

  it("a lock (the fifth wrong password) cuts the user's sockets, and a locked user cannot connect", async () => {
    const user = await t.makeUser();
    const session = await t.login(user.username, user.password);
    const socket = await connected('/sale', session.access_token);
    const cut = disconnection(socket);
    for (let i = 0; i < 5; i += 1) {
      await t.api('POST', '/api/portal/user/login', { body: { username: user.username, password: 'Wrong@Pass1' } });
    }
    expect(await cut).toBe('io server disconnect');
    expect(await outcome(connect('/va', session.access_token))).toEqual({ ok: false, message: 'USER_LOCKED_USING' });
  });

  it('a socket is dropped when its token expires: at once when the sandbox clock jumps past exp, and by its timer otherwise', async () => {
    const user = await t.makeUser({ merchant: 'colan' });
    const { access_token } = await t.login(user.username, user.password);
    const jumped = await connected('/va', access_token);
    const cut = disconnection(jumped);
    const late: unknown[] = [];
    jumped.on('payment', (p) => late.push(p));
    t.sandbox.clock.advance(15 * 60 + 1);
    t.sandbox.realtime.emitToMerchant('va', '10000002', 'payment', { amount: 2 });
    expect(await cut).toBe('io server disconnect');
    expect(late).toEqual([]);
    t.sandbox.clock.reset();

    // 2 s before exp by the sandbox clock: the socket's own timer ends it, with no further advance.
    const fresh = await t.login(user.username, user.password);
    const timed = await connected('/va', fresh.access_token);
    t.sandbox.clock.advance(15 * 60 - 2);
    expect(timed.connected).toBe(true);
    expect(await disconnection(timed, 6000)).toBe('io server disconnect');
    t.sandbox.clock.reset();
  });
});

describe('issue 24 §2: a socket never hears another merchant (recovery only for the session that dropped, D218)', () => {
  async function throwaway(template: 'phoco' | 'colan') {
    const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
    expect(made.status).toBe(201);
    const { access_token, refresh_token } = await t.login(made.body.username, made.body.password);
    return { id: made.body.merchant_id as string, token: access_token, refresh: refresh_token };
  }

  /** A till's /sale socket that reconnects only when told, with every packet that reaches it on the wire. */
  async function till(token: string) {
    const socket = io(`${t.url}/sale`, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const wire: unknown[][] = [];
    // The manager sees every decoded packet, also those written before a handshake is refused.
    socket.io.on('packet', (packet: { data?: unknown }) => {
      if (Array.isArray(packet.data)) wire.push(packet.data);
    });
    // The greeting gives the client its recovery offset.
    const welcomed = new Promise((resolve) => socket.once('welcome', resolve));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await welcomed;
    return { socket, payments: () => wire.filter((d) => d[0] === 'payment_success').map((d) => d[1]) };
  }

  async function drop(socket: Socket, merchantId: string) {
    const lost = new Promise((resolve) => socket.once('disconnect', resolve));
    expect(t.sandbox.realtime.dropMerchant(merchantId)).toBe(1);
    expect(await lost).toBe('transport close');
  }

  const reconnect = (socket: Socket, token: string) =>
    new Promise<Outcome>((resolve) => {
      socket.auth = { token };
      socket.once('connect', () => resolve({ ok: true }));
      socket.once('connect_error', (err) => resolve({ ok: false, message: err.message }));
      socket.connect();
    });

  const pay = (merchantId: string, n: unknown) => t.sandbox.realtime.emitToMerchant('sale', merchantId, 'payment_success', { n });
  const signOut = async (token: string) => expect((await t.api('POST', '/api/portal/user/logout1', { token, body: {} })).status).toBe(200);

  it("issue 24 §2: a till that recovers with another merchant's token starts clean: no old room, no replayed or later event of the old merchant", async () => {
    const a = await throwaway('phoco');
    const b = await throwaway('colan');
    const { socket, payments } = await till(a.token);
    await drop(socket, a.id);
    pay(a.id, 'a missed');
    await signOut(a.token);
    pay(a.id, 'a after sign-out');
    expect(await reconnect(socket, b.token)).toEqual({ ok: true });
    expect(socket.recovered).toBe(false);
    pay(a.id, 'a later');
    const heard = new Promise((resolve) => socket.once('payment_success', resolve));
    pay(b.id, 'b');
    expect(await heard).toEqual({ n: 'b' });
    expect(payments()).toEqual([{ n: 'b' }]);
  });

  it('issue 24 §2: another session of the same merchant (the next cashier on the till) starts clean too', async () => {
    const a = await throwaway('phoco');
    const { socket, payments } = await till(a.token);
    const sameMerchant = (await t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token: a.refresh } })).status;
    expect(sameMerchant).toBe(200);
    const made = await t.api('POST', '/sandbox/users', {
      body: { username: `till.${a.id}`, password: 'Till@Pass2026', email: `till.${a.id}@merchant.example.vn`, merchant: a.id },
    });
    expect(made.status).toBe(201);
    const next = await t.login(`till.${a.id}`, 'Till@Pass2026');
    await drop(socket, a.id);
    pay(a.id, 'missed by the first cashier');
    expect(await reconnect(socket, next.access_token)).toEqual({ ok: true });
    expect(socket.recovered).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(payments()).toEqual([]);
  });

  it('issue 24 §2: a socket whose session signed out during the drop is refused and nothing it missed reaches the wire', async () => {
    const a = await throwaway('phoco');
    const { socket, payments } = await till(a.token);
    await drop(socket, a.id);
    pay(a.id, 'missed');
    await signOut(a.token);
    pay(a.id, 'after sign-out');
    expect(await reconnect(socket, a.token)).toEqual({ ok: false, message: 'AUTHEN_FAIL' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(payments()).toEqual([]);
  });

  it('issue 24 §2: a session signed out while its handshake is between the check and the connection: the socket is ended as it connects', async () => {
    const user = await t.makeUser();
    const session = await t.login(user.username, user.password);
    const userId = Number(jwtPayload(session.access_token).sub);
    // Hold the handshake's user lookup (after its session check passed) until the sign-out is done.
    const db = t.sandbox.db;
    const query = db.query.bind(db);
    let release = () => {};
    let armed = true;
    const held = new Promise<void>((reached) => {
      db.query = (async (sql: string, params?: unknown[]) => {
        if (armed && sql.includes('FROM users WHERE id = $1') && params?.[0] === userId) {
          armed = false;
          reached();
          await new Promise<void>((resolve) => (release = resolve));
        }
        return query(sql, params);
      }) as typeof db.query;
    });
    try {
      const socket = connect('/sale', session.access_token);
      await held;
      await signOut(session.access_token);
      const cut = disconnection(socket);
      release();
      expect(await outcome(socket)).toEqual({ ok: true });
      expect(await cut).toBe('io server disconnect');
    } finally {
      db.query = query;
      release();
    }
  });

  it('issue 24 §2: the same session (its renewed token) still recovers and gets what it missed', async () => {
    const a = await throwaway('phoco');
    const { socket, payments } = await till(a.token);
    const renewed = await t.api('POST', '/api/portal/user/refresh-token', { body: { refresh_token: a.refresh } });
    expect(renewed.status).toBe(200);
    await drop(socket, a.id);
    pay(a.id, 'missed');
    expect(await reconnect(socket, renewed.body.data.access_token)).toEqual({ ok: true });
    expect(socket.recovered).toBe(true);
    await expect.poll(() => payments()).toEqual([{ n: 'missed' }]);
  });
});
