/**
 * The payment screen's pure rules (doc 2 §4 Cash, §5 cash, §9 limits) and how a failed payment call is
 * read. No I/O: the machines and the screens share them.
 */

/** doc 2 §5, §9: the cash received field takes at most 13 characters. */
export const CASH_MAX_CHARS = 13;
/** doc 2 §4, §9: the chosen terminal's connection is asked every 2 s, at most 150 times. */
export const TERMINAL_POLL_MS = 2000;
export const TERMINAL_MAX_POLLS = 150;

/** What the cashier typed, reduced to digits (separators, spaces and signs dropped), at most 13. */
export function cleanReceived(typed: string): string {
  return typed
    .replace(/\D+/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, CASH_MAX_CHARS);
}

export function receivedAmount(received: string): number | null {
  if (received === '') return null;
  const value = Number(received);
  return Number.isSafeInteger(value) ? value : null;
}

/** doc 2 §4: change = received − total; unknown (null) while nothing or less than the total is received. */
export function changeFor(received: string, total: number): number | null {
  const amount = receivedAmount(received);
  if (amount === null || amount < total) return null;
  return amount - total;
}

/** Completion only when received ≥ total. */
export function canCompleteCash(received: string, total: number): boolean {
  return changeFor(received, total) !== null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The payment carried by 409 ORDER_PAID (the order was paid by another attempt), if any. */
export function paidByOther<P>(error: unknown, parse: (value: unknown) => P | null): P | null {
  if (!isRecord(error) || error.code !== 'ORDER_PAID' || !isRecord(error.data)) return null;
  return parse(error.data.payment);
}

/** The `field` a 400 answer names, if any. */
export function errorField(error: unknown): string | null {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  return typeof error.data.field === 'string' ? error.data.field : null;
}

/** What the Soundbox choice needs of an edc machine (core §3 EDC machine). */
export interface SoundboxDevice {
  serial_number: string;
  type_edc: number;
  store_id: number | null;
  status: string | null;
  activated_at?: string | null;
}

/**
 * The Soundboxes an order's QR may be sent to (D298): Soundboxes (type_edc 2) of the order's store,
 * activated (core §4) and ONLINE; the service refuses any other, so none other is offered.
 */
export function activeSoundboxesOf(devices: readonly SoundboxDevice[], storeId: number | null): Array<{ serial: string }> {
  if (storeId === null) return [];
  return devices
    .filter((d) => d.type_edc === 2 && d.store_id === storeId && Boolean(d.activated_at) && d.status === 'ONLINE')
    .map((d) => ({ serial: d.serial_number }));
}
