import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, OFFLINE_AFTER_ATTEMPTS, backoffMs } from '../../machines/notifications/realtimeConnection.machine';
import { connectErrorCode, createRealtimeConnection, type SocketFactory } from '../../services/realtime/connection';
import type { ConnectedInfo, ConnectionStatus } from '../../services/realtime/hub';
import { realtimeConnectionDriver } from './realtime-driver';

/** A socket.io client socket stand-in: records connect/disconnect, lets the test fire its events. */
class FakeSocket {
  handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  anyHandlers: Array<(event: string, ...args: unknown[]) => void> = [];
  connects = 0;
  disconnects = 0;
  recovered = false;
  constructor(
    readonly uri: string,
    readonly options: Record<string, unknown>,
  ) {}
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  onAny(handler: (event: string, ...args: unknown[]) => void) {
    this.anyHandlers.push(handler);
    return this;
  }
  offAny() {
    this.anyHandlers = [];
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
  emitFromServer(event: string, payload: unknown) {
    for (const h of this.anyHandlers) h(event, payload);
  }
  auth(): Promise<unknown> {
    return new Promise((resolve) => (this.options.auth as (cb: (d: unknown) => void) => void)(resolve));
  }
}

let sockets: FakeSocket[];
const factory: SocketFactory = (uri, options) => {
  const s = new FakeSocket(uri, options as Record<string, unknown>);
  sockets.push(s);
  return s as never;
};

function setup(tokens = { get: vi.fn(async () => 'tok-1' as string | null), renew: vi.fn(async () => {}) }) {
  const statuses: ConnectionStatus[] = [];
  const connected: ConnectedInfo[] = [];
  const events: Array<[string, unknown]> = [];
  const conn = createRealtimeConnection({
    driver: realtimeConnectionDriver(),
    origin: 'http://portal.test',
    path: '/socket.io',
    namespace: '/va',
    tokens,
    onEvent: (e, p) => events.push([e, p]),
    onConnected: (i) => connected.push(i),
    onStatus: (s) => statuses.push(s),
    random: () => 0,
    socketFactory: factory,
  });
  return { conn, statuses, connected, events, tokens };
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('createRealtimeConnection', () => {
  it('opens one socket without socket.io reconnection, sending the current token in the handshake (not the URL)', async () => {
    const { conn, tokens } = setup();
    expect(sockets).toHaveLength(0);
    conn.start();
    expect(sockets).toHaveLength(1);
    const s = sockets[0]!;
    expect(s.uri).toBe('http://portal.test/va');
    expect(s.options).toMatchObject({ path: '/socket.io', autoConnect: false, reconnection: false });
    expect(s.uri).not.toContain('tok');
    expect(s.connects).toBe(1);
    expect(await s.auth()).toEqual({ token: 'tok-1' });
    tokens.get.mockResolvedValueOnce('tok-2');
    expect(await s.auth()).toEqual({ token: 'tok-2' });
    tokens.get.mockResolvedValueOnce(null);
    expect(await s.auth()).toEqual({});
  });

  it('reports first and recovered, forwards events, and retries after a loss with back-off', () => {
    const { conn, statuses, connected, events } = setup();
    conn.start();
    const s = sockets[0]!;
    s.fire('connect');
    expect(connected).toEqual([{ first: true, recovered: false }]);
    s.emitFromServer('10000001', { amount: '1,000' });
    expect(events).toEqual([['10000001', { amount: '1,000' }]]);

    s.fire('disconnect', 'transport close');
    expect(conn.status()).toBe('reconnecting');
    vi.advanceTimersByTime(backoffMs(1, 0) - 1);
    expect(s.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(s.connects).toBe(2);
    s.recovered = true;
    s.fire('connect');
    expect(connected[1]).toEqual({ first: false, recovered: true });
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('renews the token on TOKEN_EXPIRED and retries at once, without counting a failure', async () => {
    const { conn, tokens } = setup();
    conn.start();
    const s = sockets[0]!;
    s.fire('connect_error', new Error('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(tokens.renew).toHaveBeenCalledWith('TOKEN_EXPIRED'));
    await vi.waitFor(() => expect(s.connects).toBe(2));
    s.fire('connect');
    expect(conn.status()).toBe('connected');
  });

  it('says offline after repeated failures, keeps retrying slowly, and tries at once when the browser is back online', () => {
    const { conn } = setup();
    conn.start();
    const s = sockets[0]!;
    for (let i = 1; i < OFFLINE_AFTER_ATTEMPTS; i += 1) {
      s.fire('connect_error', new Error('xhr poll error'));
      expect(conn.status()).toBe('reconnecting');
      vi.advanceTimersByTime(BACKOFF_MAX_MS);
    }
    s.fire('connect_error', new Error('xhr poll error'));
    expect(conn.status()).toBe('offline');
    const before = s.connects;
    conn.online(true);
    expect(s.connects).toBe(before + 1);
  });

  it('closes the socket at stop without calling it a loss, and a new session gets a new socket', () => {
    const { conn, statuses } = setup();
    conn.start();
    sockets[0]!.fire('connect');
    conn.stop();
    expect(sockets[0]!.disconnects).toBe(1);
    expect(conn.status()).toBe('idle');
    expect(statuses.at(-1)).toBe('idle');
    conn.start();
    expect(sockets).toHaveLength(2);
  });
});

describe('backoff and error codes', () => {
  it('grows exponentially to a cap, jittered between half and the full step', () => {
    expect(backoffMs(1, 0)).toBe(500);
    expect(backoffMs(1, 1)).toBe(1000);
    expect(backoffMs(3, 1)).toBe(4000);
    expect(backoffMs(30, 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(30, 0)).toBe(BACKOFF_MAX_MS / 2);
  });
  it('keeps server codes and calls the rest network errors', () => {
    expect(connectErrorCode(new Error('TOKEN_EXPIRED'))).toBe('TOKEN_EXPIRED');
    expect(connectErrorCode(new Error('websocket error'))).toBe('NETWORK_ERROR');
  });
});
