import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Stored as `scheme$N$r$p$salt$hash` (base64url) so the cost can change without breaking old rows.
 * `scrypt-sha256` (D97): scrypt of the SHA-256 hex digest of the NFC password, the digest the portal
 * sends where the spec wants a password hashed before sending (staff calls). Sign-in, which receives
 * the typed password, digests it first, so one stored value serves both. `scrypt` (scrypt of the
 * password itself) is still read for rows written before.
 */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const DIGEST_SCHEME = 'scrypt-sha256';

/** The SHA-256 hex digest of the password as the portal computes it (src/services/staff/password-digest.ts). */
export function passwordDigest(password: string): string {
  return createHash('sha256').update(password.normalize('NFC'), 'utf8').digest('hex');
}

/** A digest as the portal sends it: 64 lower-case hex characters. */
export const isPasswordDigest = (value: string): boolean => /^[0-9a-f]{64}$/.test(value);

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The stored value for a password the portal sent as its digest (isPasswordDigest first). */
export async function hashPasswordDigest(digest: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(digest, salt, PARAMS);
  return [DIGEST_SCHEME, PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function hashPassword(password: string): Promise<string> {
  return hashPasswordDigest(passwordDigest(password));
}

async function matches(secret: string, salt: string, hash: string, n: string, r: string, p: string): Promise<boolean> {
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A typed password (sign-in, reset) against a stored value of either scheme. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n = '', r = '', p = '', salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  if (scheme === DIGEST_SCHEME) return matches(passwordDigest(password), salt, hash, n, r, p);
  if (scheme === 'scrypt') return matches(password, salt, hash, n, r, p);
  return false;
}

/**
 * A digest the portal sent (a staff password change's old_password) against a stored value. An old
 * `scrypt` row cannot be checked against a digest and answers false; every row written since D97 is
 * `scrypt-sha256`.
 */
export async function verifyPasswordDigest(digest: string, stored: string): Promise<boolean> {
  const [scheme, n = '', r = '', p = '', salt, hash] = stored.split('$');
  if (scheme !== DIGEST_SCHEME || !salt || !hash || !isPasswordDigest(digest)) return false;
  return matches(digest, salt, hash, n, r, p);
}

export type PasswordRule = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'characters';

/**
 * Core §5 new-password rules, checked again on the server because the client's check is only a
 * convenience. The longer of the spec's two readings (35) is used; "listed symbols" are taken to be
 * the printable ASCII symbols, which also excludes spaces and accented letters.
 */
export function passwordRuleViolations(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < 8 || password.length > 35) broken.push('length');
  if (!/[A-Z]/.test(password)) broken.push('uppercase');
  if (!/[a-z]/.test(password)) broken.push('lowercase');
  if (!/[0-9]/.test(password)) broken.push('digit');
  if (!/^[\x21-\x7E]*$/.test(password)) broken.push('characters');
  return broken;
}
