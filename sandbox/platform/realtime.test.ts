// @vitest-environment node
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './test/harness';

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

  it('accepts an access token and delivers events to the merchant\'s room only', async () => {
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
