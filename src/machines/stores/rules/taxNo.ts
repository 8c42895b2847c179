import { taxCodeValid } from '../../../rules/taxCode';

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

/**
 * Whether a code that passes the rule looks like a real tax code (the shared rule: 10 digits with
 * the right check digit, a branch 001–999 after a hyphen, or a 12-digit personal code).
 */
export const taxNoLooksValid = taxCodeValid;
