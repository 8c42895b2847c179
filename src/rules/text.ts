// Zero-width and BOM characters survive String.prototype.trim() (except U+FEFF) and are invisible
// on screen, so a field holding only them must count as empty.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/** The value as a person sees it: surrounding whitespace and invisible characters removed. */
export function visibleText(value: string): string {
  return value.replace(INVISIBLE, '').trim();
}
