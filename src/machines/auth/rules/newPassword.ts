/**
 * Core §5 new-password rules. The spec gives 8–35 with another reading of 8–34; the team chose 35.
 * "Latin characters and listed symbols only" is read as printable ASCII without the space, which
 * refuses accented Vietnamese letters, spaces, emoji and invisible characters alike.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 35;

export const NEW_PASSWORD_RULES = ['length', 'uppercase', 'lowercase', 'digit', 'allowedCharacters'] as const;
export type NewPasswordRule = (typeof NEW_PASSWORD_RULES)[number];

export interface NewPasswordCheck {
  /** True when every rule passes. */
  valid: boolean;
  /** Each rule's outcome, for the checklist under the field. */
  rules: Record<NewPasswordRule, boolean>;
  /** The rules that fail, in display order. */
  failed: NewPasswordRule[];
}

const PRINTABLE_ASCII_NO_SPACE = /^[\x21-\x7E]+$/;

export function checkNewPassword(value: string | null | undefined): NewPasswordCheck {
  const password = typeof value === 'string' ? value : '';
  // Count code points so an emoji is one character in the message, not two UTF-16 units.
  const length = Array.from(password).length;
  const rules: Record<NewPasswordRule, boolean> = {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
    allowedCharacters: PRINTABLE_ASCII_NO_SPACE.test(password),
  };
  const failed = NEW_PASSWORD_RULES.filter((rule) => !rules[rule]);
  return { valid: failed.length === 0, rules, failed };
}

/** Confirmation must equal the password exactly (no trimming: spaces are already refused above). */
export function passwordsMatch(password: string, confirmation: string): boolean {
  return confirmation.length > 0 && password === confirmation;
}
