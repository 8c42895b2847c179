import { describe, expect, it, vi } from 'vitest';
import { z } from '../../config/zod-classic';
import { defaultConfig } from '../../config';
import { createFakeServer } from '../shared/testing/fake-server';
import type { AuthPort } from './auth-port';
import { createHttpClients } from './clients';

function setup(exchange: boolean) {
  const server = createFakeServer();
  let primary: string | null = 'P1';
  const port: AuthPort = { getAccessToken: vi.fn(async () => primary), tokenRejected: vi.fn(async () => null), userLocked: vi.fn() };
  let secondary = 0;
  server.on('GET', '/api/portal/user/wesap-token', (r) => {
    expect(r.authorization).toBe('Bearer P1');
    secondary += 1;
    return { body: { data: { token: `S${secondary}` } } };
  });
  let acceptFrom = 1;
  server.on('GET', '/api/sale/orders', (r) => {
    const n = Number(r.authorization?.replace('Bearer S', ''));
    return n >= acceptFrom || !exchange ? { body: { data: r.authorization } } : { status: 401, body: { error_code: 'AUTHEN_FAIL' } };
  });
  const clients = createHttpClients(
    { ...defaultConfig, features: { ...defaultConfig.features, saleTokenExchange: exchange } },
    { auth: port, fetch: server.fetch },
  );
  const orders = () => clients.sale.data({ name: 'orders', path: '/orders', schema: z.string() });
  return {
    server,
    clients,
    orders,
    port,
    rejectBefore: (n: number) => (acceptFrom = n),
    signOut: () => (primary = null),
  };
}

describe('sale token exchange (core §6, D9)', () => {
  it('off: sale calls carry the access token', async () => {
    const s = setup(false);
    await expect(s.orders()).resolves.toBe('Bearer P1');
    expect(s.server.count('GET', '/api/portal/user/wesap-token')).toBe(0);
  });

  it('on: the secondary token is fetched once for many calls', async () => {
    const s = setup(true);
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.orders()));
    expect(answers).toEqual(Array(10).fill('Bearer S1'));
    await s.orders();
    expect(s.server.count('GET', '/api/portal/user/wesap-token')).toBe(1);
  });

  it('on: a 401 drops the cached token, exchanges again and retries once', async () => {
    const s = setup(true);
    await s.orders();
    s.rejectBefore(2);
    await expect(s.orders()).resolves.toBe('Bearer S2');
    expect(s.server.count('GET', '/api/portal/user/wesap-token')).toBe(2);
    expect(s.server.count('GET', '/api/sale/orders')).toBe(3);
  });

  it('on: a second 401 after the re-exchange is returned, not looped', async () => {
    const s = setup(true);
    s.rejectBefore(99);
    await expect(s.orders()).rejects.toMatchObject({ code: 'AUTHEN_FAIL' });
    expect(s.server.count('GET', '/api/sale/orders')).toBe(2);
  });

  it('on: reset and sign-out forget the secondary token', async () => {
    const s = setup(true);
    await s.orders();
    s.clients.resetExchangedToken();
    await expect(s.orders()).resolves.toBe('Bearer S2');
    s.signOut();
    await expect(s.orders()).rejects.toMatchObject({ code: 'AUTHEN_FAIL' });
  });
});
