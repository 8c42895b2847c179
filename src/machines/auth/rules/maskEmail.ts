const MASK = '***';

/**
 * Masks the local part for the "we sent a link to …" notice: ng***@gmail.com. Short local parts
 * reveal less so a one- or two-letter address is not shown whole.
 */
export function maskEmail(value: string | null | undefined): string {
  if (typeof value !== 'string') return MASK;
  const email = value.trim();
  const at = email.lastIndexOf('@');
  if (at < 0) return MASK;
  // Code points, so an emoji or accented letter is never split into half a surrogate pair.
  const local = Array.from(email.slice(0, at));
  const domain = email.slice(at + 1);
  const visible = local.length >= 4 ? 2 : local.length >= 2 ? 1 : 0;
  return `${local.slice(0, visible).join('')}${MASK}@${domain}`;
}
