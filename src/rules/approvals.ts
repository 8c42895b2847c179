/**
 * Manager approval (D310): a staff-type user's void or refund waits for the owner, who approves it
 * with the approval PIN on the staff's screen or later from the bell. Pure: the portal checks the PIN's
 * shape with these rules before sending it and the sandbox checks it again, so both agree.
 */

/** What may wait for an approval. A price change is not one: an order line has no price to edit (D310). */
export const APPROVAL_KINDS = ['VOID', 'REFUND'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * PENDING: asked, waiting for the owner; APPROVED: the owner said yes from the bell, not used yet;
 * DECLINED: the owner said no; USED: the approved action was carried out (once, D310).
 */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'USED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The one error code for "a staff-type user needs the owner's approval", for void and refund alike (D311). */
export const APPROVAL_REQUIRED = 'APPROVAL_REQUIRED';

/** The PIN: 6 digits, like a card's PIN pad or a banking app's, typed quickly on the till. */
export const APPROVAL_PIN_LENGTH = 6;

/** Wrong PINs allowed before the PIN is locked, and for how long (D310: like the sign-in lock). */
export const APPROVAL_PIN_MAX_FAILS = 5;
export const APPROVAL_PIN_LOCK_MS = 5 * 60_000;

export type ApprovalPinProblem = 'required' | 'format';

/** What is wrong with a typed PIN, or null: exactly six digits. */
export function approvalPinProblem(pin: unknown): ApprovalPinProblem | null {
  if (typeof pin !== 'string' || pin === '') return 'required';
  return new RegExp(`^[0-9]{${APPROVAL_PIN_LENGTH}}$`).test(pin) ? null : 'format';
}

export function isApprovalKind(value: unknown): value is ApprovalKind {
  return typeof value === 'string' && (APPROVAL_KINDS as readonly string[]).includes(value);
}
