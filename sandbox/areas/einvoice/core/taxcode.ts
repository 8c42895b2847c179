/**
 * Vietnamese tax codes (mã số thuế). An organisation's code is 10 digits, the last a check digit:
 * with weights 31 29 23 19 17 13 7 5 3 on digits 1–9, r = Σ mod 11 and the check digit is 10 − r (r = 0
 * can never be valid; r = 10 gives 0). Digits 1–2 are a province code, digits 3–9 are never all zero,
 * and a branch adds `-001` … `-999` (`-000` is not a branch). Since July 2025 individuals and household
 * businesses use their 12-digit personal ID number, which has no check digit.
 */
const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;
const ORGANISATION = /^(\d{10})(?:-(\d{3}))?$/;
const PERSONAL = /^\d{12}$/;

export type TaxCodeProblem = 'format' | 'province' | 'serial' | 'check-digit' | 'branch';

/** The check digit the first nine digits call for, or null when no digit can be right (r = 0). */
export function checkDigit(first9: string): number | null {
  if (!/^\d{9}$/.test(first9)) throw new RangeError('nine digits expected');
  const r = WEIGHTS.reduce((sum, w, i) => sum + w * Number(first9[i]), 0) % 11;
  if (r === 0) return null;
  return (10 - r) % 10;
}

/** Why a code is not valid, or null when it is. */
export function taxCodeProblem(value: string): TaxCodeProblem | null {
  if (PERSONAL.test(value)) return null;
  const match = ORGANISATION.exec(value);
  if (!match) return 'format';
  const digits = match[1]!;
  if (digits.slice(0, 2) === '00') return 'province';
  if (/^0{7}$/.test(digits.slice(2, 9))) return 'serial';
  if (checkDigit(digits.slice(0, 9)) !== Number(digits[9])) return 'check-digit';
  if (match[2] === '000') return 'branch';
  return null;
}

export const isValidTaxCode = (value: unknown): boolean => typeof value === 'string' && taxCodeProblem(value) === null;

/** The 10-digit organisation part of a code (a branch's parent), or the personal code itself. */
export const parentTaxCode = (value: string): string => value.split('-')[0]!;
