/**
 * Pay by Link form rules (doc 2 §5 Pay by Link; D146, D157). Pure: the payLink machine
 * validates with them, the amount input filters keys and pastes with them, the list machine cleans
 * its search with them.
 */
import { insertIntoDigits } from '../../../rules/amountDigits';
import { visibleText } from '../../../rules/text';

/** Contract §B: order_id is 1..64 characters after trimming. */
export const ORDER_ID_MAX_LENGTH = 64;
/** Contract §B: amount is a whole number of đồng, 1,000..999,999,999. */
export const LINK_AMOUNT_MIN = 1_000;
export const LINK_AMOUNT_MAX = 999_999_999;
/** Nine digits hold the largest amount; the field keeps no more. */
export const AMOUNT_MAX_LENGTH = 9;

export type OrderIdError = 'order_id_required' | 'no_white_space' | 'order_id_too_long' | 'order_id_invalid';
export type AmountError = 'amount_required' | 'amount_digits' | 'amount_min' | 'amount_max';

export interface PayLinkFormErrors {
  orderId?: OrderIdError;
  amount?: AmountError;
}

// Control characters (C0, DEL, C1) never belong in an order id: the service refuses them (contract §B).
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * doc 2 §5: required (order_id_required) and at least one character that is not a space
 * (no_white_space); contract §B: at most 64 characters after trimming, no control characters.
 */
export function validateOrderId(value: string): OrderIdError | null {
  if (value === '') return 'order_id_required';
  if (visibleText(value) === '') return 'no_white_space';
  if (CONTROL.test(value)) return 'order_id_invalid';
  if ([...value.trim()].length > ORDER_ID_MAX_LENGTH) return 'order_id_too_long';
  return null;
}

/** The order id as sent: trimmed (the service trims too, so what the list shows is what was typed). */
export const orderIdValue = (value: string) => value.trim();

/** doc 2 §5: required (amount_required); digits only; contract §B: 1,000..999,999,999 đồng. */
export function validateAmount(value: string): AmountError | null {
  if (value === '') return 'amount_required';
  if (!/^[0-9]+$/.test(value)) return 'amount_digits';
  const n = Number(value);
  if (n < LINK_AMOUNT_MIN) return 'amount_min';
  if (n > LINK_AMOUNT_MAX) return 'amount_max';
  return null;
}

/** The amount as sent: a whole number (validateAmount first). Leading zeros are dropped. */
export const amountValue = (value: string) => Number(value);

export function validatePayLinkForm(form: { orderId: string; amount: string }): PayLinkFormErrors {
  const errors: PayLinkFormErrors = {};
  const orderId = validateOrderId(form.orderId);
  if (orderId) errors.orderId = orderId;
  const amount = validateAmount(form.amount);
  if (amount) errors.amount = amount;
  return errors;
}

// doc 2 §5: e, E, +, -, comma and dot never enter the amount; the filter is the shared one.
export { acceptAmountPaste, isBlockedAmountKey } from '../../../rules/amountDigits';

/** The amount after inserting `inserted` over the selection, cut to the field's length. */
export const insertIntoAmount = (current: string, inserted: string, start: number, end: number) =>
  insertIntoDigits(current, inserted, start, end, AMOUNT_MAX_LENGTH);

/** The list's search (order id contains), as sent: visible, no control characters, bounded. */
export function linkSearchText(value: string): string {
  return value
    .replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, ORDER_ID_MAX_LENGTH);
}
