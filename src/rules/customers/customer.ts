import { nationalPhone } from '../phone';
import { visibleText } from '../text';

/**
 * Customer form rules (doc 2 §5 "Customer: name and phone required", D112). Pure: the portal's form
 * validates with them and the sandbox checks the same rules again (sandbox/areas/customers).
 */

/** Not in the spec: bounds so a pasted page is refused rather than stored (D112). */
export const CUSTOMER_NAME_MAX_LENGTH = 100;
export const CUSTOMER_ADDRESS_MAX_LENGTH = 200;
/** The search box: longer input is cut, not refused (a pasted paragraph finds nothing anyway). */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

export type CustomerField = 'name' | 'phone' | 'address';
export type CustomerFieldError = 'required' | 'tooLong' | 'invalidCharacters' | 'phoneInvalid';
export type CustomerFieldErrors = Partial<Record<CustomerField, CustomerFieldError>>;

/** Control characters (NUL included) never belong in a name or an address. */
const CONTROL = /[\u0000-\u001F\u007F]/;

/** A name or address as it is sent: visible text, inner runs of spaces made one, NFC. */
export function tidyText(value: string): string {
  return visibleText(value).replace(/\s+/g, ' ').normalize('NFC');
}

export function validateCustomerName(value: string): CustomerFieldError | null {
  if (CONTROL.test(value)) return 'invalidCharacters';
  const name = tidyText(value);
  if (name === '') return 'required';
  return name.length > CUSTOMER_NAME_MAX_LENGTH ? 'tooLong' : null;
}

export function validateCustomerPhone(value: string): CustomerFieldError | null {
  if (visibleText(value) === '') return 'required';
  return nationalPhone(value) ? null : 'phoneInvalid';
}

export function validateCustomerAddress(value: string): CustomerFieldError | null {
  if (CONTROL.test(value)) return 'invalidCharacters';
  return tidyText(value).length > CUSTOMER_ADDRESS_MAX_LENGTH ? 'tooLong' : null;
}

export interface CustomerTexts {
  name: string;
  phone: string;
  address: string;
}

export function validateCustomer(form: CustomerTexts): CustomerFieldErrors {
  const errors: CustomerFieldErrors = {};
  const name = validateCustomerName(form.name);
  const phone = validateCustomerPhone(form.phone);
  const address = validateCustomerAddress(form.address);
  if (name) errors.name = name;
  if (phone) errors.phone = phone;
  if (address) errors.address = address;
  return errors;
}

/** The search as sent: visible text, single spaces, bounded (D113). */
export function customerSearchText(value: string): string {
  return tidyText(value.replace(/[\u0000-\u001F\u007F]/g, ' ')).slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
}

/**
 * Lower case without Vietnamese diacritics and đ made d, so "pho" finds "Phở" and "dong da" finds
 * "Đống Đa" (D113). The sandbox stores names folded this way and searches the folded column.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}
