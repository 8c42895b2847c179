import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createServiceClient } from '../http/client';
import { createPortalApi } from '../shared/portal';
import type { StoredTokens } from '../shared/schemas/auth';
import { createAppStorage, STORAGE_KEYS } from '../shared/storage';
import { createFakeServer, makeJwt, memoryStorage } from '../shared/testing/fake-server';
import { createAuthActors, createSessionActions } from './actors';
import type { KeptProfiles } from './kept-profile';

const NOW = 2_000_000;
const ACCESS = makeJwt({ sub: '1', iat: 100, exp: 1000 });
const ACCESS2 = makeJwt({ sub: '1', iat: 5000, exp: 5900 });

const userInfo = {
  id: 1,
  username: 'owner',
  email: 'owner@example.vn',
  full_name: 'Nguyễn Văn A',
  role: 'Customer',
  account_type: 'business',
  phone: '0912345678',
  merchant_id: 'M1',
  merchant: { tax_no: '0101', name: 'Cà phê', ref_id: null, is_fnb: true, saleperson: { name: 'B', phone: '0900' } },
  sso_registered: false,
};

function setup() {
  const server = createFakeServer();
  const local = memoryStorage();
  const session = memoryStorage();
  const storage = createAppStorage({ local: () => local, session: () => session });
  const client = createServiceClient({
    service: 'portal',
    baseURL: '/api/portal',
    fetch: server.fetch,
    tokens: { getToken: async () => 'SESSION', onRejected: async () => null, onUserLocked: () => {} },
  });
  const target = new EventTarget();
  const actors = createAuthActors({ portal: createPortalApi(client), storage, now: () => NOW, eventTarget: target as unknown as Window });
  return { server, storage, local, session, actors, target };
}

function run<T>(logic: AnyActorLogic, input?: unknown): Promise<T> {
  const actor = createActor(logic, { input });
  actor.start();
  return toPromise(actor) as Promise<T>;
}

const stored = (over: Partial<StoredTokens> = {}): StoredTokens => ({
  accessToken: ACCESS,
  refreshToken: 'R1',
  expiresAt: 1,
  remember: true,
  method: 'email',
  ...over,
});

describe('createAuthActors', () => {
  it('login → StoredTokens with method original and the remember flag', async () => {
    const s = setup();
    s.server.on('POST', '/api/portal/user/login', (r) => {
      expect(r.body).toEqual({ username: 'owner', password: 'Secret123' });
      expect(r.authorization).toBeNull();
      return { body: { data: { access_token: ACCESS, refresh_token: 'R1' } } };
    });
    const out = await run<StoredTokens>(s.actors.login, { username: 'owner', password: 'Secret123', remember: true });
    expect(out).toEqual({ accessToken: ACCESS, refreshToken: 'R1', expiresAt: NOW + 870_000, remember: true, method: 'original' });
  });

  it('login failure rejects with the ServiceError', async () => {
    const s = setup();
    s.server.on('POST', '/api/portal/user/login', () => ({
      status: 401,
      body: { error_code: 'LOGIN_FAIL', data: { failed_count: 1, max_attempts: 5 } },
    }));
    await expect(run(s.actors.login, { username: 'a', password: 'b', remember: false })).rejects.toMatchObject({
      code: 'LOGIN_FAIL',
      data: { failed_count: 1, max_attempts: 5 },
    });
  });

  it('restoreSession reads storage', async () => {
    const s = setup();
    await expect(run(s.actors.restoreSession)).resolves.toBeNull();
    s.storage.writeTokens(stored());
    await expect(run(s.actors.restoreSession)).resolves.toEqual(stored());
  });

  it('loadProfile uses given tokens before a session exists, else the session', async () => {
    const s = setup();
    s.server.on('GET', '/api/portal/user/info', () => ({ body: { data: userInfo } }));
    await expect(run(s.actors.loadProfile, { tokens: stored() })).resolves.toEqual(userInfo);
    await expect(run(s.actors.loadProfile, {})).resolves.toEqual(userInfo);
    expect(s.server.requests.map((r) => r.authorization)).toEqual([`Bearer ${ACCESS}`, 'Bearer SESSION']);
  });

  it('refreshTokens keeps remember and method', async () => {
    const s = setup();
    s.server.on('POST', '/api/portal/user/refresh-token', (r) => {
      expect(r.body).toEqual({ refresh_token: 'R1', access_token: ACCESS });
      return { body: { data: { access_token: ACCESS2, refresh_token: 'R2' } } };
    });
    await expect(run(s.actors.refreshTokens, { tokens: stored({ remember: false, method: 'email' }) })).resolves.toEqual({
      accessToken: ACCESS2,
      refreshToken: 'R2',
      expiresAt: NOW + 870_000,
      remember: false,
      method: 'email',
    });
  });

  it('refreshTokens without a refresh token (SSO session) fails as TOKEN_EXPIRED without a call', async () => {
    const s = setup();
    await expect(run(s.actors.refreshTokens, { tokens: stored({ refreshToken: null }) })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(s.server.requests).toHaveLength(0);
  });

  it('logoutCall sends the refresh token with the given bearer', async () => {
    const s = setup();
    s.server.on('POST', '/api/portal/user/logout1', () => ({ body: { data: { success: true } } }));
    await expect(run(s.actors.logoutCall, { tokens: stored() })).resolves.toBeUndefined();
    expect(s.server.requests[0]).toMatchObject({ authorization: `Bearer ${ACCESS}`, body: { refresh_token: 'R1' } });
  });

  it('requestPasswordReset and resetPassword', async () => {
    const s = setup();
    s.server.on('POST', '/api/portal/user/forgot-password', () => ({ body: { data: { success: true } } }));
    s.server.on('PUT', '/api/portal/user/forgot-password', (r) => {
      expect(r.body).toEqual({ token: 'tok', new_password: 'NewPass123' });
      return { status: 410, body: { error_code: 'TOKEN_EXPIRED' } };
    });
    await expect(run(s.actors.requestPasswordReset, { email: 'a@b.vn' })).resolves.toBeUndefined();
    await expect(run(s.actors.resetPassword, { token: 'tok', newPassword: 'NewPass123' })).rejects.toMatchObject({
      code: 'TOKEN_EXPIRED',
      status: 410,
    });
  });

  it("core §5: checkResetLink resolves for a live link and rejects with the dead link's code", async () => {
    const s = setup();
    let answer: { status?: number; body: unknown } = { body: { data: { valid: true } } };
    s.server.on('POST', '/api/portal/user/forgot-password/check', (r) => {
      expect(r.body).toEqual({ token: 'tok' });
      return answer;
    });
    await expect(run(s.actors.checkResetLink, { token: 'tok' })).resolves.toBeUndefined();
    answer = { status: 400, body: { error_code: 'TOKEN_INCORRECT' } };
    await expect(run(s.actors.checkResetLink, { token: 'tok' })).rejects.toMatchObject({ code: 'TOKEN_INCORRECT', status: 400 });
  });

  it('watchOtherTabs sends OTHER_TAB_SIGNED_OUT and OTHER_TAB_TOKENS to its parent', async () => {
    const s = setup();
    const received: unknown[] = [];
    const { createMachine } = await import('xstate');
    const parent = createActor(
      createMachine({
        invoke: { src: s.actors.watchOtherTabs },
        on: { '*': { actions: ({ event }) => void received.push(event) } },
      }),
    );
    parent.start();
    const event = (key: string, newValue: string) => Object.assign(new Event('storage'), { key, newValue });
    s.target.dispatchEvent(event(STORAGE_KEYS.sessionEnded, '1'));
    s.storage.writeTokens(stored());
    s.target.dispatchEvent(event(STORAGE_KEYS.accessToken, ACCESS));
    expect(received).toEqual([{ type: 'OTHER_TAB_SIGNED_OUT' }, { type: 'OTHER_TAB_TOKENS', tokens: stored() }]);
    parent.stop();
    s.target.dispatchEvent(event(STORAGE_KEYS.sessionEnded, '2'));
    expect(received).toHaveLength(2);
  });
});

describe('createSessionActions', () => {
  it('persistTokens, clearStoredSession, announceSignOut', () => {
    const s = setup();
    let cleared = 0;
    const actions = createSessionActions({ storage: s.storage, now: () => 77, onSessionCleared: () => (cleared += 1) });
    actions.persistTokens({}, { tokens: stored({ remember: false }) });
    expect(s.session.getItem(STORAGE_KEYS.accessToken)).toBe(ACCESS);
    actions.clearStoredSession();
    expect(s.storage.readTokens()).toBeNull();
    expect(cleared).toBe(1);
    actions.announceSignOut();
    expect(s.local.getItem(STORAGE_KEYS.sessionEnded)).toBe('77');
  });
});

describe('the kept profile (D367)', () => {
  function fakeKept(readAnswer: typeof userInfo | null) {
    const calls: string[] = [];
    const kept: KeptProfiles = {
      read: async (tokens) => {
        calls.push(`read ${tokens.refreshToken}`);
        return readAnswer;
      },
      keep: async (profile, tokens) => void calls.push(`keep ${profile.id} ${tokens.refreshToken}`),
      clear: async () => void calls.push('clear'),
    };
    return { kept, calls };
  }

  it('readKeptProfile answers what the store read for these tokens, or null without a store', async () => {
    const { kept, calls } = fakeKept(userInfo);
    const s = setup();
    const withStore = createAuthActors({
      portal: createPortalApi(createServiceClientFor(s.server)),
      storage: s.storage,
      keptProfiles: kept,
    });
    await expect(run(withStore.readKeptProfile, { tokens: stored() })).resolves.toEqual(userInfo);
    expect(calls).toEqual(['read R1']);
    await expect(run(s.actors.readKeptProfile, { tokens: stored() })).resolves.toBeNull();
  });

  it('keepProfile keeps with the tokens; every clearStoredSession deletes the kept profiles', () => {
    const { kept, calls } = fakeKept(null);
    const s = setup();
    const actions = createSessionActions({ storage: s.storage, keptProfiles: kept });
    actions.keepProfile({}, { profile: userInfo, tokens: stored() });
    actions.clearStoredSession();
    expect(calls).toEqual(['keep 1 R1', 'clear']);
  });

  it('a store that fails is ignored: keeping and clearing never throw', async () => {
    const failing: KeptProfiles = {
      read: () => Promise.reject(new Error('no IndexedDB')),
      keep: () => Promise.reject(new Error('no IndexedDB')),
      clear: () => Promise.reject(new Error('no IndexedDB')),
    };
    const s = setup();
    const actions = createSessionActions({ storage: s.storage, keptProfiles: failing });
    expect(() => actions.keepProfile({}, { profile: userInfo, tokens: stored() })).not.toThrow();
    expect(() => actions.clearStoredSession()).not.toThrow();
    await Promise.resolve();
  });
});

function createServiceClientFor(server: ReturnType<typeof createFakeServer>) {
  return createServiceClient({
    service: 'portal',
    baseURL: '/api/portal',
    fetch: server.fetch,
    tokens: { getToken: async () => 'SESSION', onRejected: async () => null, onUserLocked: () => {} },
  });
}
