/**
 * A Vietnamese mobile number (core §5 staff, doc 2 §5 customer): 0, 84 or +84, then 3–9, then 8
 * digits. Spaces and dots a person types between groups are ignored. Shared by every form that asks
 * for a mobile (staff, customers) and by the sandbox's checks of the same fields, so they agree.
 */
const PHONE = /^(?:0|\+?84)([3-9]\d{8})$/;

/** A Vietnamese mobile number in its national form (0xxxxxxxxx), or null when it is not one. */
export function nationalPhone(value: string): string | null {
  const compact = value.replace(/[\s.]/g, '');
  if (compact.length > 20) return null;
  const m = PHONE.exec(compact);
  return m ? `0${m[1]}` : null;
}
