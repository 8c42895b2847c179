// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { vaPaymentEventSchema } from '../../services/realtime/schemas';
import type { ConnectedInfo, ConnectionStatus } from '../../services/realtime/hub';
import { combineStatus, createRealtimeHub, type RealtimeHubController } from '../../services/realtime/realtime-hub';
import { realtimeConnectionDriver } from './realtime-driver';

// The hub against the real sandbox sockets: handshake token, events, drops with and without recovery,
// and an expired token renewed through the session's port.

/** The part of sandbox/platform/test/harness this file uses (the app's tsconfig does not compile the sandbox). */
interface TestSandbox {
  url: string;
  sandbox: { clock: { advance(seconds: number): void; reset(): void } };
  api(method: string, path: string, options?: { body?: unknown }): Promise<{ status: number; body: any }>;
  login(username: string, password: string): Promise<{ access_token: string }>;
  close(): Promise<void>;
}
// A computed specifier keeps the type checker out of the sandbox; vitest resolves it at run time.
const HARNESS = ['..', '..', '..', 'sandbox', 'platform', 'test', 'harness'].join('/');

// Booting a sandbox (PGlite) takes seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let t: TestSandbox;
let merchant: { merchant_id: string; username: string; password: string };
const hubs: RealtimeHubController[] = [];

beforeAll(async () => {
  const { startTestSandbox } = (await import(/* @vite-ignore */ HARNESS)) as {
    startTestSandbox(options: { seedVolume: 'small' }): Promise<TestSandbox>;
  };
  t = await startTestSandbox({ seedVolume: 'small' });
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  merchant = made.body.data ?? made.body;
});
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.stop();
});
afterAll(async () => {
  await t.close();
});

const trigger = (name: string, body: Record<string, string> = {}) =>
  t.api('POST', `/sandbox/triggers/${name}`, { body: { merchant: merchant.merchant_id, ...body } });

function hubWith(tokens: { get: () => Promise<string | null>; renew: (code: string) => Promise<void> }, random: () => number = () => 0) {
  const statuses: ConnectionStatus[] = [];
  const connected: Array<{ ns: string } & ConnectedInfo> = [];
  const hub = createRealtimeHub({
    driver: realtimeConnectionDriver(),
    origin: t.url,
    path: '/socket.io',
    namespaces: { va: '/va', sale: '/sale' },
    tokens: { va: tokens, sale: tokens },
    // Lowest jitter by default: the first retry comes after half a second.
    random,
  });
  hubs.push(hub);
  hub.onStatus((s) => statuses.push(s));
  hub.onConnected('va', (info) => connected.push({ ns: 'va', ...info }));
  hub.onConnected('sale', (info) => connected.push({ ns: 'sale', ...info }));
  return { hub, statuses, connected };
}

async function login() {
  return (await t.login(merchant.username, merchant.password)).access_token;
}

describe('createRealtimeHub on the sandbox', () => {
  it('is idle until started, connects both namespaces with the token, and delivers events', async () => {
    const token = await login();
    const { hub, statuses, connected } = hubWith({ get: async () => token, renew: async () => {} });
    expect(hub.status()).toBe('idle');
    const payments: unknown[] = [];
    const off = hub.on('va', merchant.merchant_id, (p) => payments.push(p));
    hub.start();
    await expect.poll(() => hub.status()).toBe('connected');
    expect(statuses[0]).toBe('connecting');
    await expect.poll(() => connected.length).toBe(2);
    expect(connected.every((c) => c.first && !c.recovered)).toBe(true);

    await trigger('qr-payment', { amount: '150000' });
    await expect.poll(() => payments.length).toBe(1);
    expect(vaPaymentEventSchema.parse(payments[0]).amount).toBe('150,000');
    off();
    await trigger('qr-payment', { amount: '1000' });
    await new Promise((r) => setTimeout(r, 200));
    expect(payments).toHaveLength(1);
  });

  it('after a drop it shows reconnecting, recovers and replays the missed event; with forget it reports recovered=false', async () => {
    const token = await login();
    const { hub, statuses, connected } = hubWith({ get: async () => token, renew: async () => {} });
    const amounts: string[] = [];
    hub.on('va', merchant.merchant_id, (p) => amounts.push(vaPaymentEventSchema.parse(p).amount));
    hub.start();
    await expect.poll(() => connected.length).toBe(2);

    await trigger('realtime-drop');
    await trigger('qr-payment', { amount: '2000' });
    await expect.poll(() => statuses.includes('reconnecting')).toBe(true);
    await expect.poll(() => connected.length, { timeout: 5000 }).toBe(4);
    expect(connected.slice(2).every((c) => !c.first && c.recovered)).toBe(true);
    await expect.poll(() => amounts).toEqual(['2,000']);

    await trigger('realtime-drop', { forget: 'true' });
    await trigger('qr-payment', { amount: '3000' });
    await expect.poll(() => connected.length, { timeout: 5000 }).toBe(6);
    expect(connected.slice(4).every((c) => !c.first && !c.recovered)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(amounts).toEqual(['2,000']);
    expect(hub.status()).toBe('connected');
  });

  it('renews an expired token once and connects with the new one', async () => {
    const fresh = await login();
    const renewals: string[] = [];
    // The server's clock moves past the token's 15 minutes, so the handshake answers TOKEN_EXPIRED.
    let current = await login();
    t.sandbox.clock.advance(16 * 60);
    const { hub } = hubWith({
      get: async () => current,
      renew: async (code) => {
        renewals.push(code);
        t.sandbox.clock.reset();
        current = fresh;
      },
    });
    try {
      hub.start();
      await expect.poll(() => hub.status(), { timeout: 5000 }).toBe('connected');
      expect(renewals).toContain('TOKEN_EXPIRED');
    } finally {
      t.sandbox.clock.reset();
    }
  });

  it('keeps retrying a refused handshake with back-off, never claiming connected', async () => {
    const { hub, statuses } = hubWith({ get: async () => 'not-a-token', renew: async () => {} });
    hub.start();
    await expect.poll(() => statuses.includes('reconnecting'), { timeout: 5000 }).toBe(true);
    expect(hub.status()).not.toBe('connected');
  });
});

describe('two namespaces on one engine connection', () => {
  it('both come back when their back-offs differ (the one reopening the engine takes the other along)', async () => {
    const token = await login();
    let n = 0;
    const { hub, connected } = hubWith({ get: async () => token, renew: async () => {} }, () => (n++ % 2 === 0 ? 0 : 1));
    hub.start();
    await expect.poll(() => connected.length).toBe(2);
    await trigger('realtime-drop');
    await expect.poll(() => connected.length, { timeout: 5000 }).toBe(4);
    await new Promise((r) => setTimeout(r, 1200));
    expect(hub.status()).toBe('connected');
  });
});

describe('combineStatus', () => {
  it('shows the worst of the two sockets', () => {
    expect(combineStatus(['connected', 'connected'])).toBe('connected');
    expect(combineStatus(['connected', 'reconnecting'])).toBe('reconnecting');
    expect(combineStatus(['offline', 'connecting'])).toBe('offline');
    expect(combineStatus(['idle', 'idle'])).toBe('idle');
  });
});
