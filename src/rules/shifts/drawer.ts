/**
 * The cash drawer's rules (D303), shared by the shift machines, the service schemas and the sandbox:
 * the notes counted at close, the difference that needs a reason, the limits of the amounts typed and
 * the reasons a cash in / cash out may give. Money is whole đồng everywhere.
 */

/** Vietnamese notes in circulation, largest first (the State Bank's series; 500 ₫ is the smallest still taken at tills). */
export const DENOMINATIONS = [500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** A counted difference larger than this (either way) needs a written reason at close (D303). */
export const CLOSE_REASON_THRESHOLD = 50_000;
/** A float or a cash in / cash out above this is a typo, not a drawer (D303: 100 million đồng). */
export const DRAWER_AMOUNT_MAX = 100_000_000;
/** Notes of one kind counted at close: more than a drawer holds is a typo. */
export const NOTE_COUNT_MAX = 10_000;
export const REASON_MAX_LENGTH = 200;

/** How a movement made by hand changes the drawer: cash in adds, cash out takes away. */
export const MOVEMENT_KINDS = ['IN', 'OUT'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * Every kind in a shift's movement list: the hand-made ones and REFUND, a cash refund given back from
 * the drawer (D318), which only the refund itself writes (reason CASH_REFUND, the order's code as note).
 */
export const DRAWER_MOVEMENT_KINDS = [...MOVEMENT_KINDS, 'REFUND'] as const;
export type DrawerMovementKind = (typeof DRAWER_MOVEMENT_KINDS)[number];
export const MOVEMENT_SIGN: Record<DrawerMovementKind, 1 | -1> = { IN: 1, OUT: -1, REFUND: -1 };

/** The short list of reasons (D303); OTHER needs the free text. */
export const MOVEMENT_REASONS = ['CHANGE_TOP_UP', 'BANK_DEPOSIT', 'SUPPLIER', 'EXPENSE', 'OWNER_DRAW', 'OTHER'] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];
/** The reasons a movement list may show: the hand-made ones and a cash refund's (D318). */
export const DRAWER_MOVEMENT_REASONS = [...MOVEMENT_REASONS, 'CASH_REFUND'] as const;

export type DrawerError = 'required' | 'notWhole' | 'tooLarge' | 'notPositive' | 'tooLong' | 'reasonRequired';

/** Digits typed in an amount field, dots and spaces of the VND style allowed: the number, or null. */
export function amountOf(text: string): number | null {
  const digits = text.replace(/[.\s\u00a0,]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  return Number(digits);
}

function checkAmount(text: string, positive: boolean): DrawerError | null {
  if (text.trim() === '') return 'required';
  const n = amountOf(text);
  if (n === null) return 'notWhole';
  if (n > DRAWER_AMOUNT_MAX) return 'tooLarge';
  if (positive && n <= 0) return 'notPositive';
  return null;
}

/** The opening float: 0 allowed (a drawer may start empty). */
export const validateFloat = (text: string): DrawerError | null => checkAmount(text, false);
/** A cash in / cash out: more than 0. */
export const validateMoveAmount = (text: string): DrawerError | null => checkAmount(text, true);

/** Free text: required for OTHER (and a big difference at close), at most REASON_MAX_LENGTH. */
export function validateNote(text: string, needed: boolean): DrawerError | null {
  if (text.length > REASON_MAX_LENGTH) return 'tooLong';
  if (needed && text.trim() === '') return 'reasonRequired';
  return null;
}

/** One denomination's count: empty is 0; otherwise whole notes up to NOTE_COUNT_MAX. */
export function validateNoteCount(text: string): DrawerError | null {
  if (text.trim() === '') return null;
  if (!/^\d{1,6}$/.test(text.trim())) return 'notWhole';
  return Number(text.trim()) > NOTE_COUNT_MAX ? 'tooLarge' : null;
}

export const noteCountOf = (text: string): number => (validateNoteCount(text) === null && text.trim() !== '' ? Number(text.trim()) : 0);

/** The counted cash: Σ notes × value, exact in integers. */
export function countedTotal(counts: Partial<Record<Denomination, number>>): number {
  return DENOMINATIONS.reduce((sum, d) => sum + d * (counts[d] ?? 0), 0);
}

/** Whether a difference (counted − expected) needs a reason (D303). */
export const differenceNeedsReason = (difference: number): boolean => Math.abs(difference) > CLOSE_REASON_THRESHOLD;

/** How often the owner's list of open drawers is read again (D304: a poll, not the sockets). */
export const DRAWERS_REFRESH_MS = 15_000;

/** The fewest notes making `amount` (a multiple of 500 ₫), largest first: how a till hands out or counts it. */
export function notesFor(amount: number): Map<Denomination, number> {
  const notes = new Map<Denomination, number>();
  let left = amount;
  for (const d of DENOMINATIONS) {
    if (left >= d) notes.set(d, Math.floor(left / d));
    left %= d;
  }
  return notes;
}
