import { describe, expect, it, vi } from 'vitest';
import type { StoredTokens } from './schemas/auth';
import { createAppStorage, STORAGE_KEYS, watchOtherTabs } from './storage';
import { memoryStorage } from './testing/fake-server';

const tokens = (remember: boolean, overrides: Partial<StoredTokens> = {}): StoredTokens => ({
  accessToken: 'aaa.bbb.ccc',
  refreshToken: 'refresh-1',
  expiresAt: 1_700_000_000_000,
  remember,
  method: 'original',
  ...overrides,
});

function areas(options: { local?: Storage; session?: Storage } = {}) {
  const local = options.local ?? memoryStorage();
  const session = options.session ?? memoryStorage();
  return { local, session, storage: createAppStorage({ local: () => local, session: () => session }) };
}

describe('tokens', () => {
  it('remember-me → localStorage; otherwise sessionStorage; round-trips', () => {
    const a = areas();
    a.storage.writeTokens(tokens(true));
    expect(a.local.getItem(STORAGE_KEYS.accessToken)).toBe('aaa.bbb.ccc');
    expect(a.session.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(a.storage.readTokens()).toEqual(tokens(true));

    a.storage.writeTokens(tokens(false, { method: 'keycloak', refreshToken: null }));
    expect(a.local.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(a.session.getItem(STORAGE_KEYS.accessToken)).toBe('aaa.bbb.ccc');
    expect(a.storage.readTokens()).toEqual(tokens(false, { method: 'keycloak', refreshToken: null }));
  });

  it('core §4 session: rewriting the tokens never leaves the shared area empty for another tab to read', () => {
    const seen: Array<string | null> = [];
    const base = memoryStorage();
    // Records what another tab would read at every step of the write.
    const local: Storage = new Proxy(base, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'setItem' || prop === 'removeItem') {
          return (...args: [string, string]) => {
            (value as (...a: [string, string]) => void).apply(target, args);
            seen.push(target.getItem(STORAGE_KEYS.accessToken));
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const a = areas({ local });
    a.storage.writeTokens(tokens(true));
    seen.length = 0;
    a.storage.writeTokens(tokens(true, { accessToken: 'new.token.x', refreshToken: null }));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((token) => token !== null)).toBe(true);
    expect(a.storage.readTokens()).toEqual(tokens(true, { accessToken: 'new.token.x', refreshToken: null }));
  });

  it('clearTokens empties both areas and keeps preferences', () => {
    const a = areas();
    a.local.setItem(STORAGE_KEYS.accessToken, 'x');
    a.session.setItem(STORAGE_KEYS.refreshToken, 'y');
    a.storage.writeLanguage('en');
    a.storage.clearTokens();
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.tokenExpiresAt, STORAGE_KEYS.remember]) {
      expect(a.local.getItem(key)).toBeNull();
      expect(a.session.getItem(key)).toBeNull();
    }
    expect(a.storage.readTokens()).toBeNull();
    expect(a.storage.readLanguage()).toBe('en');
  });

  const tampered: Array<[string, string, string]> = [
    ['expiry not a number', STORAGE_KEYS.tokenExpiresAt, 'soon'],
    ['expiry negative', STORAGE_KEYS.tokenExpiresAt, '-5'],
    ['access token with spaces', STORAGE_KEYS.accessToken, 'a b'],
    ['access token empty', STORAGE_KEYS.accessToken, ''],
    ['access token with markup', STORAGE_KEYS.accessToken, 'ab\n<script>'],
    ['remember flag contradicts the area', STORAGE_KEYS.remember, 'false'],
    ['refresh token empty', STORAGE_KEYS.refreshToken, ''],
  ];
  it.each(tampered)('%s → absent', (_label, key, value) => {
    const a = areas();
    a.storage.writeTokens(tokens(true));
    a.local.setItem(key, value);
    expect(a.storage.readTokens()).toBeNull();
  });

  it('a tampered login_method falls back to original', () => {
    const a = areas();
    a.storage.writeTokens(tokens(true));
    a.local.setItem(STORAGE_KEYS.loginMethod, 'admin');
    expect(a.storage.readTokens()?.method).toBe('original');
    expect(a.storage.readLoginMethod()).toBe('original');
  });
});

describe('preferences', () => {
  it('language, last_active, login_method, sidebar, session_ended', () => {
    const a = areas();
    expect(a.storage.readLanguage()).toBeNull();
    a.storage.writeLanguage('en');
    expect(a.storage.readLanguage()).toBe('en');
    a.local.setItem(STORAGE_KEYS.language, 'fr');
    expect(a.storage.readLanguage()).toBeNull();

    a.storage.writeLastActive(123.7);
    expect(a.storage.readLastActive()).toBe(124);
    a.local.setItem(STORAGE_KEYS.lastActive, '1e99');
    expect(a.storage.readLastActive()).toBeNull();

    a.storage.writeLoginMethod('email');
    expect(a.storage.readLoginMethod()).toBe('email');

    expect(a.storage.readSidebarCollapsed()).toBe(false);
    a.storage.writeSidebarCollapsed(true);
    expect(a.storage.readSidebarCollapsed()).toBe(true);

    a.storage.writeSessionEnded(42);
    expect(a.local.getItem(STORAGE_KEYS.sessionEnded)).toBe('42');
    expect(a.storage.readSessionEnded()).toBe(42);
  });
});

describe('storage exceptions', () => {
  it('survives storage that throws on every access (private mode)', () => {
    const broken = memoryStorage({ failing: true });
    const a = areas({ local: broken, session: broken });
    expect(() => a.storage.writeTokens(tokens(true))).not.toThrow();
    expect(a.storage.readTokens()).toBeNull();
    expect(() => a.storage.clearTokens()).not.toThrow();
    expect(() => a.storage.writeLanguage('en')).not.toThrow();
    expect(a.storage.readLanguage()).toBeNull();
    expect(a.storage.readLoginMethod()).toBe('original');
    expect(a.storage.readSidebarCollapsed()).toBe(false);
  });

  it('survives a getter that throws (storage disabled) and a full quota', () => {
    const storage = createAppStorage({
      local: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      session: () => memoryStorage({ quota: 3 }),
    });
    expect(() => storage.writeTokens(tokens(false))).not.toThrow();
    expect(storage.readTokens()).toBeNull();
    expect(() => storage.writeSessionEnded(1)).not.toThrow();
  });
});

describe('watchOtherTabs', () => {
  function storageEvent(key: string, newValue: string | null) {
    const event = new Event('storage') as Event & { key: string; newValue: string | null };
    Object.assign(event, { key, newValue });
    return event;
  }

  it('reports a sign-out and remembered tokens written by another tab', () => {
    const a = areas();
    const target = new EventTarget();
    const onSignedOut = vi.fn();
    const onTokens = vi.fn();
    const stop = watchOtherTabs({ onSignedOut, onTokens }, { target: target as unknown as Window, storage: a.storage });

    target.dispatchEvent(storageEvent(STORAGE_KEYS.sessionEnded, '123'));
    expect(onSignedOut).toHaveBeenCalledTimes(1);

    // The other tab's write lands in the shared localStorage, then the event arrives.
    a.storage.writeTokens(tokens(true, { accessToken: 'new.token.x' }));
    target.dispatchEvent(storageEvent(STORAGE_KEYS.refreshToken, 'refresh-1'));
    expect(onTokens).not.toHaveBeenCalled();
    target.dispatchEvent(storageEvent(STORAGE_KEYS.accessToken, 'new.token.x'));
    target.dispatchEvent(storageEvent(STORAGE_KEYS.accessToken, 'new.token.x'));
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(onTokens).toHaveBeenCalledWith(tokens(true, { accessToken: 'new.token.x' }));

    // Removals and tampered values are not tokens.
    target.dispatchEvent(storageEvent(STORAGE_KEYS.accessToken, null));
    a.local.setItem(STORAGE_KEYS.tokenExpiresAt, 'x');
    target.dispatchEvent(storageEvent(STORAGE_KEYS.accessToken, 'new.token.y'));
    expect(onTokens).toHaveBeenCalledTimes(1);

    stop();
    target.dispatchEvent(storageEvent(STORAGE_KEYS.sessionEnded, '456'));
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });
});
