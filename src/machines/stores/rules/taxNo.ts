/**
 * The store form's tax number (core §5 Store and Inputs): the field takes only digits and hyphens,
 * typed or pasted; the rule is non-blank, no spaces, at least 10 characters. The check digit is a
 * warning only, since the spec does not make it a rule.
 */

export const MIN_TAX_NO_LENGTH = 10;
export const MAX_TAX_NO_INPUT_LENGTH = 14;

/** What the field keeps of typed or pasted text: digits and hyphens, at most 14 characters. */
export function cleanTaxNoInput(value: string): string {
  return value.replace(/[^0-9-]/g, '').slice(0, MAX_TAX_NO_INPUT_LENGTH);
}

export type TaxNoProblem = 'required' | 'tooShort' | 'characters' | null;

/** The hard rule (what blocks Save). */
export function taxNoProblem(value: string): TaxNoProblem {
  if (value.trim() === '') return 'required';
  if (!/^[0-9-]+$/.test(value)) return 'characters';
  if (value.length < MIN_TAX_NO_LENGTH) return 'tooShort';
  return null;
}

const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

/**
 * Whether a code that passes the rule looks like a real tax code: 10 digits, optionally a hyphen and a
 * branch number 001–999, digits 3–9 not all zero, and the 10th digit the check digit (weights 31, 29,
 * 23, 19, 17, 13, 7, 5, 3; r = sum mod 11; check = 10 − r, r = 0 invalid). A 12-digit personal
 * identity number (used as tax code since July 2025) has no check digit and passes.
 */
export function taxNoLooksValid(value: string): boolean {
  if (/^\d{12}$/.test(value)) return true;
  const m = /^(\d{10})(?:-(\d{3}))?$/.exec(value);
  if (!m) return false;
  const digits = m[1]!;
  if (m[2] === '000') return false;
  if (/^0{7}$/.test(digits.slice(2, 9))) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const r = sum % 11;
  if (r === 0) return false;
  return (10 - r) % 10 === Number(digits[9]);
}
