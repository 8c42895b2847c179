/**
 * A practical subset of RFC 5321/5322 addresses: dot-atom local part (no quoted strings, no
 * comments), a DNS host name with at least two labels and an alphabetic TLD, ASCII only. Anything
 * the bank's mail server would refuse is better refused here, where the user can still fix it.
 */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

// Each quantified group is separated by a character outside its class, so matching stays linear
// even on hostile 10,000-character input (no catastrophic backtracking).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Validates what the user typed; surrounding whitespace is tolerated (the machine sends it trimmed). */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > LOCAL_MAX_LENGTH) return false;
  return LOCAL_PART.test(local) && DOMAIN.test(domain);
}
