import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can change without breaking old rows. */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
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
