/**
 * FPT eInvoice's two status fields (doc 2 §4), as the emulator stores them in einv_invoices.status
 * (the invoice) and einv_invoices.cqt_status (the tax authority's answer, as text).
 */
export const FPT_STATUS = {
  /** Chờ cấp số: not produced by the emulator (it numbers on create), kept for the portal's label map. */
  waitingForNumber: 1,
  pendingApproval: 2,
  approved: 3,
  cancelled: 4,
} as const;

export const FPT_CQT = {
  pendingSubmission: 0,
  submitted: 1,
  submissionFailed: 2,
  pendingSignature: 7,
  noValidCode: 8,
  validationFailed: 9,
  codeIssued: 10,
} as const;

export type FptStatus = (typeof FPT_STATUS)[keyof typeof FPT_STATUS];
export type FptCqtStatus = (typeof FPT_CQT)[keyof typeof FPT_CQT];

/**
 * FPT's approve call (`/apprs`) signs an invoice that is waiting: numbered or pending approval. The
 * portal shows the sign action whenever the row has a status (doc 2 §4 "fpt when a value is present");
 * the provider itself refuses an approved or cancelled one (D181).
 */
export function fptMaySign(status: number): boolean {
  return status === FPT_STATUS.waitingForNumber || status === FPT_STATUS.pendingApproval;
}

/** Released = approved (signed and sent); the list's released/unreleased filter reads this. */
export const FPT_RELEASED_STATUSES: readonly number[] = [FPT_STATUS.approved];
