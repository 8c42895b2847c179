/**
 * Viettel S-Invoice's status fields (doc 2 §4). `adjustmentType` is the invoice's kind and is what
 * einv_invoices.status holds (1 original, 3 replacement, 5 adjustment, 7 deleted); the exchange with
 * the tax authority is einv_invoices.cqt_status, as its number in text.
 */
export const VIETTEL_STATUS = { original: 1, replaced: 3, adjusted: 5, deleted: 7 } as const;

/**
 * "with CQT" = a series that starts with C (the tax authority gives a code), "no CQT" = K (doc 2 §4,
 * notes "Invoice symbol"). Each kind walks its own path: C 1 → 4 → 5; K 2 → 3 → 6.
 */
export const VIETTEL_CQT = {
  notSentWithCode: 1,
  notSentNoCode: 2,
  sentNoCode: 3,
  sentWithCode: 4,
  codeGranted: 5,
  accepted: 6,
  rejectedWithCode: 7,
  rejectedNoCode: 8,
} as const;

export type ViettelCqtStatus = (typeof VIETTEL_CQT)[keyof typeof VIETTEL_CQT];

/** The named forms Viettel also sends (doc 2 §4 "INVOICE_HAS_CODE_NOT_SENT ..."), answered beside the number. */
export const VIETTEL_CQT_NAMES: Record<ViettelCqtStatus, string> = {
  1: 'INVOICE_HAS_CODE_NOT_SENT',
  2: 'INVOICE_NO_CODE_NOT_SENT',
  3: 'INVOICE_NO_CODE_SENT',
  4: 'INVOICE_HAS_CODE_SENT',
  5: 'INVOICE_HAS_CODE_APPROVED',
  6: 'INVOICE_NO_CODE_APPROVED',
  7: 'INVOICE_HAS_CODE_DIS_APPROVED',
  8: 'INVOICE_NO_CODE_DIS_APPROVED',
};

/** A series whose first letter is C gets a tax-authority code; K (and anything else) does not. */
export const seriesHasCode = (series: string): boolean => series.trim().toUpperCase().startsWith('C');

export const notSentStatus = (series: string): ViettelCqtStatus =>
  seriesHasCode(series) ? VIETTEL_CQT.notSentWithCode : VIETTEL_CQT.notSentNoCode;
export const sentStatus = (series: string): ViettelCqtStatus => (seriesHasCode(series) ? VIETTEL_CQT.sentWithCode : VIETTEL_CQT.sentNoCode);
export const doneStatus = (series: string): ViettelCqtStatus => (seriesHasCode(series) ? VIETTEL_CQT.codeGranted : VIETTEL_CQT.accepted);

/** doc 2 §4 "viettel only when not sent": sending to the tax authority is the signing step. */
export function viettelMaySign(cqtStatus: number): boolean {
  return cqtStatus === VIETTEL_CQT.notSentWithCode || cqtStatus === VIETTEL_CQT.notSentNoCode;
}
