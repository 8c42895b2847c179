import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorRef } from 'xstate';
import { z } from '../../config/zod-classic';
import { createAuthActors } from '../auth/actors';
import { createPortalApi } from '../shared/portal';
import type { StoredTokens } from '../shared/schemas/auth';
import { createAppStorage } from '../shared/storage';
import { createFakeServer, makeJwt, memoryStorage } from '../shared/testing/fake-server';
import { createHttpClients } from './clients';
import { ServiceError } from './errors';
import { createSessionAuthPort, type SessionActorLike } from './session-auth-port';

/**
 * A small stand-in for the session machine with only what the contract promises the http layer:
 * tags restoring / signedIn / refreshing / signedOut, events TOKEN_EXPIRED and USER_LOCKED, and an
 * invoked `refreshTokens` actor. TOKEN_EXPIRED is ignored while refreshing, as the contract says.
 */
function stubSessionMachine(refreshTokens: ReturnType<typeof createAuthActors>['refreshTokens'], initial: 'restoring' | 'signedIn') {
  return setup({
    types: {
      context: {} as { tokens: StoredTokens | null },
      input: {} as { tokens: StoredTokens | null },
      events: {} as { type: 'TOKEN_EXPIRED' } | { type: 'USER_LOCKED' } | { type: 'RESTORED' },
    },
    actors: { refreshTokens },
  }).createMachine({
    context: ({ input }) => ({ tokens: input.tokens }),
    initial,
    states: {
      restoring: { tags: ['restoring'], on: { RESTORED: 'signedIn' } },
      signedIn: {
        tags: ['signedIn'],
        on: { TOKEN_EXPIRED: 'refreshing', USER_LOCKED: { target: 'signedOut', actions: assign({ tokens: null }) } },
      },
      refreshing: {
        tags: ['signedIn', 'refreshing'],
        invoke: {
          src: 'refreshTokens',
          input: ({ context }) => ({ tokens: context.tokens! }),
          onDone: { target: 'signedIn', actions: assign({ tokens: ({ event }) => event.output }) },
          onError: { target: 'signedOut', actions: assign({ tokens: null }) },
        },
      },
      signedOut: { tags: ['signedOut'] },
    },
  });
}

const NOW = 1_700_000_000_000;
const iat = NOW / 1000;
const T1 = makeJwt({ sub: 'u1', iat, exp: iat + 900, n: 1 });
const T2 = makeJwt({ sub: 'u1', iat, exp: iat + 900, n: 2 });

function tokens(accessToken: string, expiresAt: number): StoredTokens {
  return { accessToken, refreshToken: 'R1', expiresAt, remember: false, method: 'original' };
}

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

function world(options: { expiresAt: number; refresh?: 'ok' | 'fail'; initial?: 'restoring' | 'signedIn'; dataCallExpiredFor?: string[] }) {
  const server = createFakeServer();
  let clock = NOW;
  const now = () => clock;
  const storage = createAppStorage({ local: () => memoryStorage(), session: () => memoryStorage() });

  server.on('POST', '/api/portal/user/refresh-token', async (r) => {
    await new Promise((resolve) => setTimeout(resolve, 20)); // on the wire long enough for everyone to pile up
    if (options.refresh === 'fail') return { status: 401, body: { error_code: 'TOKEN_INCORRECT' } };
    expect(r.body).toEqual({ refresh_token: 'R1', access_token: T1 });
    return { body: { data: { access_token: T2, refresh_token: 'R2' } } };
  });
  const expiredFor = new Set(options.dataCallExpiredFor ?? []);
  server.on('GET', '/api/portal/business', async (r) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const token = r.authorization?.replace('Bearer ', '') ?? '';
    if (expiredFor.has(token)) return { status: 401, body: { error_code: 'TOKEN_EXPIRED' } };
    return { body: { data: token === T2 ? 'fresh' : 'stale' } };
  });
  server.on('GET', '/api/portal/locked', () => ({ status: 403, body: { error_code: 'USER_LOCKED_USING' } }));

  // The refresh actor is the real one (createAuthActors) over an unauthenticated portal client.
  let port: ReturnType<typeof createSessionAuthPort> | null = null;
  const clients = createHttpClients(
    { services: { portal: '/api/portal', checkout: '/api/checkout', sale: '/api/sale' }, features: { saleTokenExchange: false } as never },
    {
      fetch: server.fetch,
      auth: {
        getAccessToken: () => port!.getAccessToken(),
        tokenRejected: (t) => port!.tokenRejected(t),
        userLocked: () => port!.userLocked(),
      },
    },
  );
  const authActors = createAuthActors({ portal: createPortalApi(clients.portal), storage, now });
  const actor = createActor(stubSessionMachine(authActors.refreshTokens, options.initial ?? 'signedIn'), {
    input: { tokens: tokens(T1, options.expiresAt) },
  });
  actors.push(actor);
  actor.start();
  // The real xstate actor satisfies the structural type without casts.
  const actorLike: SessionActorLike = actor;
  port = createSessionAuthPort(actorLike, { now, refreshStartGraceMs: 200 });
  const business = () => clients.portal.data({ name: 'business', path: '/business', schema: z.string() });
  return { server, actor, port, business, setClock: (t: number) => (clock = t) };
}

describe('createSessionAuthPort with concurrent requests', () => {
  it('20 requests meeting a locally expired token cause exactly one refresh', async () => {
    const w = world({ expiresAt: NOW - 1 });
    const results = await Promise.all(Array.from({ length: 20 }, () => w.business()));
    expect(results).toEqual(Array(20).fill('fresh'));
    expect(w.server.count('POST', '/api/portal/user/refresh-token')).toBe(1);
    expect(w.server.count('GET', '/api/portal/business')).toBe(20);
    expect(w.actor.getSnapshot().context.tokens?.accessToken).toBe(T2);
  });

  it('20 requests answered 401 TOKEN_EXPIRED cause exactly one refresh, then one retry each', async () => {
    const w = world({ expiresAt: NOW + 600_000, dataCallExpiredFor: [T1] });
    const results = await Promise.all(Array.from({ length: 20 }, () => w.business()));
    expect(results).toEqual(Array(20).fill('fresh'));
    expect(w.server.count('POST', '/api/portal/user/refresh-token')).toBe(1);
    expect(w.server.count('GET', '/api/portal/business')).toBe(40);
  });

  it('a failed refresh fails every waiter with the original error and ends the session', async () => {
    const w = world({ expiresAt: NOW + 600_000, refresh: 'fail', dataCallExpiredFor: [T1] });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => w.business()));
    expect(w.server.count('POST', '/api/portal/user/refresh-token')).toBe(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const reason = (r as PromiseRejectedResult).reason as ServiceError;
      expect(reason).toBeInstanceOf(ServiceError);
      expect(reason.code).toBe('TOKEN_EXPIRED');
    }
    expect(w.actor.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('a failed proactive refresh fails every waiter (no session) with one refresh call', async () => {
    const w = world({ expiresAt: NOW - 1, refresh: 'fail' });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => w.business()));
    expect(w.server.count('POST', '/api/portal/user/refresh-token')).toBe(1);
    expect(w.server.count('GET', '/api/portal/business')).toBe(0);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ServiceError).code === 'AUTHEN_FAIL')).toBe(true);
  });

  it('requests during restoring wait for the session', async () => {
    const w = world({ expiresAt: NOW + 600_000, initial: 'restoring' });
    const pending = w.business();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(w.server.count('GET', '/api/portal/business')).toBe(0);
    w.actor.send({ type: 'RESTORED' });
    await expect(pending).resolves.toBe('stale');
  });

  it('USER_LOCKED_USING sends USER_LOCKED to the session', async () => {
    const w = world({ expiresAt: NOW + 600_000 });
    await expect(w.port.getAccessToken()).resolves.toBe(T1);
    const clients = createHttpClients(
      { services: { portal: '/api/portal', checkout: '/c', sale: '/s' }, features: { saleTokenExchange: false } as never },
      { fetch: w.server.fetch, auth: w.port },
    );
    await expect(clients.portal.data({ name: 'locked', path: '/locked', schema: z.unknown() })).rejects.toMatchObject({
      code: 'USER_LOCKED_USING',
    });
    expect(w.actor.getSnapshot().hasTag('signedOut')).toBe(true);
    await expect(w.port.getAccessToken()).resolves.toBeNull();
  });

  it('tokenRejected returns a token renewed meanwhile without another refresh', async () => {
    const w = world({ expiresAt: NOW + 600_000 });
    expect(await w.port.tokenRejected(T1)).toBe(T2);
    expect(await w.port.tokenRejected(T1)).toBe(T2);
    expect(w.server.count('POST', '/api/portal/user/refresh-token')).toBe(1);
  });
});

describe('createSessionAuthPort with a fake actor', () => {
  function fakeActor(snapshot: { tags: string[]; tokens: StoredTokens | null }) {
    const sent: string[] = [];
    const actor: SessionActorLike = {
      send: (e) => void sent.push(e.type),
      getSnapshot: () => ({ hasTag: (t) => snapshot.tags.includes(t), context: { tokens: snapshot.tokens }, status: 'active' }),
      subscribe: () => ({ unsubscribe() {} }),
    };
    return { actor, sent };
  }

  it('a machine that ignores TOKEN_EXPIRED does not hang requests', async () => {
    const { actor, sent } = fakeActor({ tags: ['signedIn'], tokens: tokens(T1, 0) });
    const port = createSessionAuthPort(actor, { now: () => NOW, refreshStartGraceMs: 20 });
    await expect(port.getAccessToken()).resolves.toBe(T1);
    expect(sent).toEqual(['TOKEN_EXPIRED']);
  });

  it('signed out → null, no events', async () => {
    const { actor, sent } = fakeActor({ tags: ['signedOut'], tokens: null });
    const port = createSessionAuthPort(actor);
    await expect(port.getAccessToken()).resolves.toBeNull();
    await expect(port.tokenRejected('x')).resolves.toBeNull();
    expect(sent).toEqual([]);
  });

  it('userLocked sends USER_LOCKED', () => {
    const { actor, sent } = fakeActor({ tags: ['signedIn'], tokens: tokens(T1, NOW * 2) });
    createSessionAuthPort(actor).userLocked();
    expect(sent).toEqual(['USER_LOCKED']);
  });
});
