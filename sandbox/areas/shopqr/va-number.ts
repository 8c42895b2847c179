/**
 * ShopQR virtual account numbers (core §3: 18 characters). Prefix 9699 + the merchant's 8-digit id +
 * a 6-digit sequence from the merchant's stored counter (create.ts nextVaSequence): unique across
 * merchants (throwaway copies included, their ids come from a sequence too), never reissued after a
 * delete, and never equal to the stores' seeded va_account_no values (prefix 9688 / 968803).
 */
export const VA_PREFIX = '9699';

export function vaAccountNo(merchantId: string, sequence: number): string {
  if (!/^\d{8}$/.test(merchantId)) throw new Error(`merchant id ${merchantId} is not 8 digits`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) throw new Error(`sequence ${sequence} out of range`);
  return VA_PREFIX + merchantId + String(sequence).padStart(6, '0');
}

/** The sequence part of a number made by vaAccountNo, or 0 for anything else. */
export function vaSequence(vaAccountNo: string): number {
  return /^\d{18}$/.test(vaAccountNo) && vaAccountNo.startsWith(VA_PREFIX) ? Number(vaAccountNo.slice(12)) : 0;
}
