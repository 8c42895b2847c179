/**
 * Amount inputs that take digits only (core §5 Inputs; doc 2 §5 Pay by Link): e, E, +, -, comma and
 * dot are stopped at the key and in pastes, because browsers' number fields let "e" and "-" in and a
 * guessed thousands separator could silently change an amount. Pure and shared because the ShopQR
 * bill amount and the Pay by Link amount filter the same way; each area keeps its own length limit
 * (passed in) and its own validation and messages.
 */

/**
 * Whether a keydown must be prevented: a single character other than a digit. Named keys
 * (Backspace, arrows, Tab) and shortcuts (Ctrl/Cmd + V, A, C) pass.
 */
export function isBlockedAmountKey(key: string, withShortcutModifier = false): boolean {
  if (withShortcutModifier) return false;
  // Named keys have names longer than one character ("Backspace"); a character key is one code point.
  if ([...key].length !== 1) return false;
  return !/^[0-9]$/.test(key);
}

/**
 * What pasting `text` into the amount gives: the digits (surrounding spaces dropped), or null to
 * refuse the paste when it holds any other character. "1.500.000" is refused rather than read as
 * 1500000: with dot and comma banned, reading separators could silently change the amount ("1.5"
 * would become 15).
 */
export function acceptAmountPaste(text: string): string | null {
  const trimmed = text.trim();
  return /^[0-9]+$/.test(trimmed) ? trimmed : null;
}

/** The amount after inserting `inserted` over the selection, cut to the field's length. */
export function insertIntoDigits(current: string, inserted: string, start: number, end: number, maxLength: number): string {
  const before = current.slice(0, Math.max(0, start));
  const after = current.slice(Math.max(start, end));
  return (before + inserted + after).slice(0, maxLength);
}

/** What the input holds after a change that slipped past the key filter (autofill, IME): digits only, cut to the field's length. */
export const digitsOnly = (value: string, maxLength: number) => value.replace(/[^0-9]/g, '').slice(0, maxLength);
