/**
 * Reconciliation against the bank (issue 27 §5, D308, D309): which order payments the bank keeps a
 * record of, in which of its reports, and what it charges. Shared by the sandbox (the bank writing its
 * record, the matching service) and the portal (labels, groups).
 */

/** The ways of paying an order the bank records; cash never passes through the bank. */
export const BANK_METHODS = ['QR', 'CARD', 'LINK'] as const;
export type BankMethod = (typeof BANK_METHODS)[number];

/** The bank's report each way lands in: VietQR → virtual-account (/tx-va), card → /tx-card, link → /tx-ecom. */
export const BANK_CHANNEL: Record<BankMethod, 'va' | 'card' | 'ecom'> = { QR: 'va', CARD: 'card', LINK: 'ecom' };

/**
 * The bank's fee per channel in basis points (1/10,000), the same rates as the generated report
 * history (va 0, card 1.1 %, ecom 2 %); fee = ⌊amount × bp / 10,000⌋, integer đồng.
 */
export const BANK_FEE_BP: Record<'va' | 'card' | 'ecom', number> = { va: 0, card: 110, ecom: 200 };

export const bankFee = (channel: 'va' | 'card' | 'ecom', amount: number): number => Math.floor((amount * BANK_FEE_BP[channel]) / 10_000);

/**
 * The four groups of a reconciled day (D308): matched (the bank has the payment and credited it),
 * waiting (the bank has it, the credit is not made yet), ours only (paid here, no bank record:
 * flagged) and bank only (a bank credit no order payment accounts for).
 */
export const RECON_GROUPS = ['MATCHED', 'WAITING', 'OURS_ONLY', 'BANK_ONLY'] as const;
export type ReconGroup = (typeof RECON_GROUPS)[number];
