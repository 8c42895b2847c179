/**
 * Money in VND, Vietnamese style (core §9): dot thousands, no decimals, the ₫ sign after a no-break
 * space, as Intl vi-VN writes it: 150000 → "150.000 ₫" (U+00A0 before ₫).
 */
const VND = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const PLAIN = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

const finite = (amount: unknown) => (typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);

export function formatVnd(amount: unknown): string {
  return VND.format(finite(amount));
}

/** Without the sign, for table cells under a "(VND)" header: 150000 → "150.000". */
export function formatVndNumber(amount: unknown): string {
  return PLAIN.format(finite(amount));
}
