import { nationalPhone } from '../../../rules/phone';

/**
 * The customer step of an order (doc 2 §4 "step 0 search by phone, step 1 create"; §5 quick create:
 * name letters and spaces only, no leading space, no consecutive spaces; phone required, no
 * whitespace, a Vietnamese mobile). The sandbox's POST /customer checks the same phone rule.
 */

export const QUICK_NAME_MAX = 100;
/** What the phone box keeps: enough for +84 and nine digits with a few stray characters. */
export const QUICK_PHONE_MAX = 15;

export type QuickNameProblem = 'required' | 'leadingSpace' | 'doubleSpace' | 'lettersOnly' | 'tooLong';
export type QuickPhoneProblem = 'required' | 'whitespace' | 'format';

// Letters of any script (Vietnamese with its marks) and plain spaces.
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

export function quickNameProblem(name: string): QuickNameProblem | null {
  if (name.trim() === '') return 'required';
  if (name.startsWith(' ')) return 'leadingSpace';
  if (name.includes('  ')) return 'doubleSpace';
  if (!LETTERS_AND_SPACES.test(name)) return 'lettersOnly';
  if (name.length > QUICK_NAME_MAX) return 'tooLong';
  return null;
}

export function quickPhoneProblem(phone: string): QuickPhoneProblem | null {
  if (phone === '') return 'required';
  if (/\s/.test(phone)) return 'whitespace';
  return nationalPhone(phone) === null ? 'format' : null;
}

/** The phone as the service stores it (0xxxxxxxxx), or null when it is not a valid mobile. */
export function searchablePhone(phone: string): string | null {
  return quickPhoneProblem(phone) === null ? nationalPhone(phone) : null;
}

/** The name as sent: trailing spaces dropped (a leading or double space is refused, not fixed). */
export const tidyQuickName = (name: string) => name.trimEnd();
