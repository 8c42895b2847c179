import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from '../../config/zod-mini';
import { userInfoSchema, type StoredTokens, type UserInfo } from '../shared/schemas/auth';
import { decodeJwtPayload, EXPIRY_MARGIN_MS } from '../shared/tokens';

/**
 * The profile kept for reopening the till without any network (D367, issue 28 §4). Only a till's
 * user (a food-and-beverage merchant) is kept: one row per merchant and user in this origin's
 * IndexedDB, never in a URL, a log or the inspector. A row is read back only for the very user the
 * stored access token names, only through the profile's schema, and only until the refresh token
 * it came with can no longer be used (D368). A sign-out deletes every row.
 */

export const KEPT_PROFILE_DATABASE = 'portal-session-keep';
/** The refresh token's life (docs/areas/auth.md: "opaque, 7 days, rotated on use"). */
export const REFRESH_TOKEN_LIFE_MS = 7 * 24 * 3600 * 1000;

interface KeptRow {
  owner: string;
  profile: unknown;
  /** Local ms after which the row is not used (and is deleted when met). */
  until: number;
}

interface KeptSchema extends DBSchema {
  profiles: { key: string; value: KeptRow };
}

const subjectSchema = z.looseObject({ sub: z.string().check(z.minLength(1)), merchant_id: z.string().check(z.minLength(1)) });

/** `<merchant>:<user>` as the access token names them (read, not verified: only to pick the row), or null. */
export function tokenOwner(accessToken: string): string | null {
  try {
    const parsed = subjectSchema.safeParse(decodeJwtPayload(accessToken));
    return parsed.success ? `${parsed.data.merchant_id}:${parsed.data.sub}` : null;
  } catch {
    return null;
  }
}

const profileOwner = (profile: UserInfo) => `${profile.merchant_id}:${profile.id}`;

/**
 * Until when a profile kept with these tokens may be used (D368): the refresh token's life counted
 * from when the pair arrived (worked back from the access token's local expiry, D5), or the access
 * token's own expiry when there is no refresh token (single sign-on, D7).
 */
export function keptUntil(tokens: StoredTokens, now: number): number {
  if (!tokens.refreshToken) return tokens.expiresAt;
  try {
    const times = decodeJwtPayload(tokens.accessToken);
    if (times.iat === undefined) return now;
    const lifetimeMs = (times.exp - times.iat) * 1000;
    if (lifetimeMs <= 0) return now;
    const receivedAt = tokens.expiresAt - lifetimeMs + Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
    return Math.min(receivedAt, now) + REFRESH_TOKEN_LIFE_MS;
  } catch {
    return now;
  }
}

export interface KeptProfiles {
  /** The kept profile of the user these tokens belong to, or null (none, another user's, too old, unreadable). */
  read(tokens: StoredTokens): Promise<UserInfo | null>;
  /** Keeps a till's profile (a non-till's is dropped instead). */
  keep(profile: UserInfo, tokens: StoredTokens): Promise<void>;
  /** Deletes every kept profile (sign-out). */
  clear(): Promise<void>;
}

export interface KeptProfileOptions {
  name?: string;
  now?: () => number;
}

export function createKeptProfiles(options: KeptProfileOptions = {}): KeptProfiles {
  const name = options.name ?? KEPT_PROFILE_DATABASE;
  const now = options.now ?? Date.now;
  let opening: Promise<IDBPDatabase<KeptSchema>> | null = null;
  const database = () => {
    opening ??= openDB<KeptSchema>(name, 1, {
      upgrade(db) {
        db.createObjectStore('profiles', { keyPath: 'owner' });
      },
      blocking() {
        // Another build wants a newer version: let it, and open again at the next call.
        void opening?.then((db) => db.close());
        opening = null;
      },
    });
    // A failed open is tried again at the next call, not remembered.
    opening.catch(() => {
      opening = null;
    });
    return opening;
  };

  return {
    async read(tokens) {
      const owner = tokenOwner(tokens.accessToken);
      if (!owner) return null;
      const db = await database();
      const row = await db.get('profiles', owner);
      if (!row) return null;
      const parsed = userInfoSchema.safeParse(row.profile);
      if (row.until <= now() || !parsed.success || profileOwner(parsed.data) !== owner || !parsed.data.merchant.is_fnb) {
        await db.delete('profiles', owner);
        return null;
      }
      return parsed.data;
    },
    async keep(profile, tokens) {
      const owner = tokenOwner(tokens.accessToken);
      const db = await database();
      if (!owner || profileOwner(profile) !== owner || !profile.merchant.is_fnb) {
        await db.delete('profiles', profileOwner(profile));
        return;
      }
      await db.put('profiles', { owner, profile, until: keptUntil(tokens, now()) });
    },
    async clear() {
      const db = await database();
      await db.clear('profiles');
    },
  };
}
