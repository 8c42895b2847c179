/**
 * A Vietnamese tax code (mã số thuế) as the tax administration issues it (Circular 86/2024/TT-BTC
 * art. 5; Circular 105/2020 before it): an organisation's 10 digits, a dependent unit's (branch) 10
 * digits, a hyphen and 3 digits 001–999, or since 1 July 2025 an individual's or household's 12-digit
 * personal identification number (Decree 70's buyers and Circular 86: the citizen ID is the tax code).
 * The 10th digit of a 10-digit code is a check digit (weights 31, 29, 23, 19, 17, 13, 7, 5, 3 on the
 * first nine; r = sum mod 11; check = 10 − r; r = 0 never issued), which is what catches a mistyped
 * digit before a provider does. A 12-digit number carries no check digit the portal can verify.
 * Pure: used by every form that takes a tax code (stores, e-invoice buyers).
 */

export type TaxCodeKind = 'organisation' | 'branch' | 'personal';

const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

/** The shape alone: 10 digits, 10-3 (branch 001–999), or 12 digits; null when none. */
export function taxCodeKind(value: string): TaxCodeKind | null {
  if (/^\d{12}$/.test(value)) return 'personal';
  const m = /^(\d{10})(?:-(\d{3}))?$/.exec(value);
  if (!m) return null;
  if (m[2] === '000') return null;
  return m[2] === undefined ? 'organisation' : 'branch';
}

/** Whether a 10-digit code (or the 10 digits before a branch number) has the right check digit. */
export function checkDigitOk(value: string): boolean {
  const digits = value.slice(0, 10);
  if (!/^\d{10}$/.test(digits)) return false;
  // Digits 3–9 all zero are never issued (the province code alone).
  if (/^0{7}$/.test(digits.slice(2, 9))) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const r = sum % 11;
  if (r === 0) return false;
  return (10 - r) % 10 === Number(digits[9]);
}

/** A code of one of the three shapes whose check digit, where it has one, is right. */
export function taxCodeValid(value: string): boolean {
  const kind = taxCodeKind(value);
  if (kind === null) return false;
  return kind === 'personal' || checkDigitOk(value);
}
