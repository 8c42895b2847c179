/**
 * ShopQR add form rules (core §5 ShopQR add and Inputs, §9 price input 13 characters). Pure: the
 * machine validates with them and the amount input filters keys and pastes with them.
 */
import { insertIntoDigits } from '../../../rules/amountDigits';

export type ShopQrType = 'STORE' | 'STAFF' | 'BILL';
export type ShopQrField = 'bankAccount' | 'store' | 'staff' | 'channel' | 'amount';
export type AmountError = 'required' | 'notWholeNumber' | 'notPositive' | 'tooLong';
export type FieldError = 'required' | AmountError;
export type ShopQrFieldErrors = Partial<Record<ShopQrField, FieldError>>;

/** core §9: the price input keeps at most 13 characters (VietQR's amount is at most 13 digits too). */
export const AMOUNT_MAX_LENGTH = 13;

/** core §5: e, E, +, ., comma and minus never enter the amount (nor any other non-digit character). */
export const AMOUNT_BLOCKED_KEYS = ['e', 'E', '+', '.', ',', '-'] as const;

// The key and paste filter is the shared one (core §5 Inputs).
export { acceptAmountPaste, isBlockedAmountKey } from '../../../rules/amountDigits';

/** The amount after inserting `inserted` over the selection, cut to 13 characters (core §9 truncation). */
export const insertIntoAmount = (current: string, inserted: string, start: number, end: number) =>
  insertIntoDigits(current, inserted, start, end, AMOUNT_MAX_LENGTH);

/** A whole dong amount above 0 with at most 13 digits. */
export function validateAmount(text: string): AmountError | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^[0-9]+$/.test(value)) return 'notWholeNumber';
  if (value.length > AMOUNT_MAX_LENGTH) return 'tooLong';
  if (/^0+$/.test(value)) return 'notPositive';
  return null;
}

/** The amount as a number for the request (validateAmount first). Leading zeros are dropped. */
export function amountValue(text: string): number {
  return Number(text.trim());
}

/** The store a STORE code belongs to: its id, and its name as the picker showed it (sent as store_name, core §7). */
export interface StoreChoice {
  id: string;
  name: string | null;
}

/** The fields, named as the form keeps them (FIELD.CHANGE {field, value}). */
export interface ShopQrForm {
  type: ShopQrType;
  /** The receiving account's number. */
  bankAccount: string | null;
  store: StoreChoice | null;
  /** The staff member's staff_id. */
  staff: string | null;
  channel: string | null;
  amount: string;
}

/** The checked fields in screen order (the type is a choice, never wrong). */
export const SHOPQR_FIELDS: readonly ShopQrField[] = ['bankAccount', 'store', 'staff', 'channel', 'amount'];

const SALE_CHANNELS = ['WEBSITE', 'KIOSK', 'MOBILE', 'IN_STORE', 'CALL_CENTER'];

/**
 * core §5: bank account always; STORE a store; STAFF a staff member; BILL staff, channel and amount.
 * Fields the type does not use are not checked (a store picked before switching to STAFF is kept
 * but not sent).
 */
export function validateShopQrForm(form: ShopQrForm): ShopQrFieldErrors {
  const errors: ShopQrFieldErrors = {};
  if (!form.bankAccount) errors.bankAccount = 'required';
  if (form.type === 'STORE' && !form.store?.id) errors.store = 'required';
  if (form.type !== 'STORE' && !form.staff) errors.staff = 'required';
  if (form.type === 'BILL') {
    if (!form.channel || !SALE_CHANNELS.includes(form.channel)) errors.channel = 'required';
    const amount = validateAmount(form.amount);
    if (amount) errors.amount = amount;
  }
  return errors;
}

export const hasErrors = (errors: ShopQrFieldErrors): boolean => Object.keys(errors).length > 0;
