import { z } from '../../config/zod-mini';
import { loginMethodSchema, storedTokensSchema, type LoginMethod, type StoredTokens } from './schemas/auth';

/** Client storage keys (docs/architecture.md "Client storage keys", core §3). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenExpiresAt: 'token_expires_at',
  remember: 'remember',
  language: 'language',
  lastActive: 'last_active',
  loginMethod: 'login_method',
  sidebarCollapsed: 'sidebar_collapsed',
  sessionEnded: 'session_ended',
} as const;

const TOKEN_KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.tokenExpiresAt, STORAGE_KEYS.remember] as const;

export const languageSchema = z.enum(['vi', 'en']);
export type Language = z.infer<typeof languageSchema>;

// Tokens are opaque to us but must look like a bearer: printable, no spaces, bounded.
const bearerText = z.string().check(z.regex(/^[\x21-\x7e]{1,8192}$/));
const msText = z.pipe(z.string().check(z.regex(/^\d{1,16}$/)), z.transform(Number));

/** Where storage lives; getters, because merely touching `window.localStorage` can throw. */
export interface StorageAreas {
  local: () => Storage | null;
  session: () => Storage | null;
}

const browserAreas: StorageAreas = {
  local: () => (typeof window === 'undefined' ? null : window.localStorage),
  session: () => (typeof window === 'undefined' ? null : window.sessionStorage),
};

// Private mode, disabled storage and full quota all throw; the app must keep working without
// persistence rather than crash, so every access swallows and reports "absent".
function safeGet(area: () => Storage | null, key: string): string | null {
  try {
    return area()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function safeSet(area: () => Storage | null, key: string, value: string): boolean {
  try {
    const storage = area();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
function safeRemove(area: () => Storage | null, key: string): void {
  try {
    area()?.removeItem(key);
  } catch {
    /* nothing to clean in an unusable storage */
  }
}

export interface AppStorage {
  readTokens(): StoredTokens | null;
  /** Remember-me → localStorage, else sessionStorage; the other area is cleared. */
  writeTokens(tokens: StoredTokens): void;
  clearTokens(): void;
  readLanguage(): Language | null;
  writeLanguage(language: Language): void;
  readLastActive(): number | null;
  writeLastActive(ms: number): void;
  readLoginMethod(): LoginMethod;
  writeLoginMethod(method: LoginMethod): void;
  readSidebarCollapsed(): boolean;
  writeSidebarCollapsed(collapsed: boolean): void;
  readSessionEnded(): number | null;
  /** Tells other tabs the session ended (they watch this key). */
  writeSessionEnded(ms: number): void;
}

export function createAppStorage(areas: StorageAreas = browserAreas): AppStorage {
  const { local, session } = areas;

  function readTokensFrom(area: () => Storage | null, remember: boolean): StoredTokens | null {
    const access = bearerText.safeParse(safeGet(area, STORAGE_KEYS.accessToken));
    if (!access.success) return null;
    const expires = msText.safeParse(safeGet(area, STORAGE_KEYS.tokenExpiresAt));
    if (!expires.success) return null;
    const rawRefresh = safeGet(area, STORAGE_KEYS.refreshToken);
    let refreshToken: string | null = null;
    if (rawRefresh !== null) {
      const refresh = bearerText.safeParse(rawRefresh);
      if (!refresh.success) return null;
      refreshToken = refresh.data;
    }
    // The flag must agree with the area it was found in, else the record was tampered with.
    if (safeGet(area, STORAGE_KEYS.remember) !== String(remember)) return null;
    const tokens = storedTokensSchema.safeParse({
      accessToken: access.data,
      refreshToken,
      expiresAt: expires.data,
      remember,
      method: readLoginMethod(),
    });
    return tokens.success ? tokens.data : null;
  }

  function clearTokens(): void {
    for (const area of [local, session]) for (const key of TOKEN_KEYS) safeRemove(area, key);
  }

  function readLoginMethod(): LoginMethod {
    const parsed = loginMethodSchema.safeParse(safeGet(local, STORAGE_KEYS.loginMethod));
    return parsed.success ? parsed.data : 'original';
  }

  function readMs(key: string): number | null {
    const parsed = msText.safeParse(safeGet(local, key));
    return parsed.success ? parsed.data : null;
  }

  return {
    // This tab's own (session) record first: it is the more specific one if both exist.
    readTokens: () => readTokensFrom(session, false) ?? readTokensFrom(local, true),

    writeTokens(tokens) {
      const parsed = storedTokensSchema.parse(tokens);
      const area = parsed.remember ? local : session;
      // Overwritten in place, never emptied first: another tab reading the shared area meanwhile (one
      // restoring after a reload) must find the old tokens or the new, not none, or it signs out.
      for (const key of TOKEN_KEYS) safeRemove(area === local ? session : local, key);
      safeSet(area, STORAGE_KEYS.remember, String(parsed.remember));
      safeSet(area, STORAGE_KEYS.tokenExpiresAt, String(Math.round(parsed.expiresAt)));
      if (parsed.refreshToken) safeSet(area, STORAGE_KEYS.refreshToken, parsed.refreshToken);
      else safeRemove(area, STORAGE_KEYS.refreshToken);
      safeSet(local, STORAGE_KEYS.loginMethod, parsed.method);
      // Written last: other tabs react to this key and must find the rest already in place.
      safeSet(area, STORAGE_KEYS.accessToken, parsed.accessToken);
    },

    clearTokens,

    readLanguage() {
      const parsed = languageSchema.safeParse(safeGet(local, STORAGE_KEYS.language));
      return parsed.success ? parsed.data : null;
    },
    writeLanguage: (language) => void safeSet(local, STORAGE_KEYS.language, languageSchema.parse(language)),

    readLastActive: () => readMs(STORAGE_KEYS.lastActive),
    writeLastActive: (ms) => void safeSet(local, STORAGE_KEYS.lastActive, String(Math.round(ms))),

    readLoginMethod,
    writeLoginMethod: (method) => void safeSet(local, STORAGE_KEYS.loginMethod, loginMethodSchema.parse(method)),

    readSidebarCollapsed: () => safeGet(local, STORAGE_KEYS.sidebarCollapsed) === 'true',
    writeSidebarCollapsed: (collapsed) => void safeSet(local, STORAGE_KEYS.sidebarCollapsed, String(collapsed)),

    readSessionEnded: () => readMs(STORAGE_KEYS.sessionEnded),
    writeSessionEnded: (ms) => void safeSet(local, STORAGE_KEYS.sessionEnded, String(Math.round(ms))),
  };
}

/** The browser's storage; tests build their own with createAppStorage. */
export const appStorage: AppStorage = createAppStorage();

export interface CrossTabHandlers {
  /** Another tab signed out (wrote session_ended). */
  onSignedOut(): void;
  /** Another tab stored new remembered tokens (sign-in or refresh). */
  onTokens(tokens: StoredTokens): void;
}

/**
 * Watches other tabs through 'storage' events, which only fire for changes made elsewhere and only
 * for localStorage; so only remembered sessions are shared, as intended.
 */
export function watchOtherTabs(
  handlers: CrossTabHandlers,
  options: { target?: Pick<Window, 'addEventListener' | 'removeEventListener'>; storage?: AppStorage } = {},
): () => void {
  const target = options.target ?? (typeof window === 'undefined' ? null : window);
  const storage = options.storage ?? appStorage;
  if (!target) return () => {};
  let lastAccess: string | null = null;

  const listener = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key === STORAGE_KEYS.sessionEnded && newValue !== null) {
      handlers.onSignedOut();
      return;
    }
    // access_token is written last (writeTokens), so the record is complete when it changes.
    if (key === STORAGE_KEYS.accessToken && newValue !== null && newValue !== lastAccess) {
      const tokens = storage.readTokens();
      if (tokens && tokens.remember && tokens.accessToken === newValue) {
        lastAccess = newValue;
        handlers.onTokens(tokens);
      }
    }
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
