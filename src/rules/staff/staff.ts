import { EMAIL_MAX_LENGTH, isValidEmail } from '../email';
import { nationalPhone } from '../phone';
import { visibleText } from '../text';

/**
 * Staff form rules (core §5 Staff, §9 staff password at least 6). Pure: the portal's forms validate
 * with them and the sandbox checks the same rules again (sandbox/areas/staff), so both agree.
 */

export const STAFF_NAME_MAX_LENGTH = 100;
export const STAFF_ID_MAX_LENGTH = 20;
export const STAFF_ADDRESS_MAX_LENGTH = 255;
/** core §5, §9: a staff password has at least 6 characters. */
export const STAFF_PASSWORD_MIN_LENGTH = 6;
/** Not in the spec: a bound so a pasted novel is refused here rather than hashed (D98). */
export const STAFF_PASSWORD_MAX_LENGTH = 128;
export { EMAIL_MAX_LENGTH };
/** core §5: the mobile rule is shared with the customer form (src/rules/phone.ts). */
export { nationalPhone };

export type StaffField = 'staffId' | 'fullName' | 'phone' | 'email' | 'storeId' | 'address' | 'password' | 'oldPassword';

/** The §5 message keys keep the spec's names; the others are this area's (staff:validation.*). */
export type StaffFieldError =
  | 'required'
  | 'tooLong'
  | 'staff_name_invalid'
  | 'staff_name_empty'
  | 'staff_phone_invalid'
  | 'email_invalid'
  | 'staff_pw_6char'
  | 'staff_id_invalid';

export type StaffFieldErrors = Partial<Record<StaffField, StaffFieldError>>;

/**
 * Letters of any script, with their combining marks (a decomposed "ễ" is e + two marks), and single
 * spaces between words: "Nguyễn Thị Hồng", "Đỗ Quang Huy", "José", "李小龙" pass; digits, punctuation
 * and symbols do not (D98).
 */
const NAME = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

/** Letters, digits, dot, dash and underscore (the seeded ids are NV001…); not in the spec (D98). */
const STAFF_ID = /^[A-Za-z0-9._-]+$/;

/** The name as it is sent: visible text, inner runs of spaces made one, NFC. */
export function normaliseStaffName(value: string): string {
  return visibleText(value).replace(/\s+/g, ' ').normalize('NFC');
}

export function validateStaffName(value: string): StaffFieldError | null {
  const name = normaliseStaffName(value);
  if (name === '') return 'staff_name_empty';
  if (name.length > STAFF_NAME_MAX_LENGTH) return 'tooLong';
  return NAME.test(name) ? null : 'staff_name_invalid';
}

export function validateStaffPhone(value: string): StaffFieldError | null {
  if (visibleText(value) === '') return 'required';
  return nationalPhone(value) ? null : 'staff_phone_invalid';
}

export function validateStaffId(value: string): StaffFieldError | null {
  const id = visibleText(value);
  if (id === '') return 'required';
  if (id.length > STAFF_ID_MAX_LENGTH) return 'tooLong';
  return STAFF_ID.test(id) ? null : 'staff_id_invalid';
}

export function validateStaffEmail(value: string): StaffFieldError | null {
  const email = visibleText(value);
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX_LENGTH) return 'tooLong';
  return isValidEmail(email) ? null : 'email_invalid';
}

/** The password exactly as typed (spaces count): at least 6 characters (code points). */
export function validateStaffPassword(value: string): StaffFieldError | null {
  if (value === '') return 'required';
  const length = [...value].length;
  if (length < STAFF_PASSWORD_MIN_LENGTH) return 'staff_pw_6char';
  if (length > STAFF_PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

export function validateStaffAddress(value: string, required: boolean): StaffFieldError | null {
  const address = visibleText(value);
  if (address === '') return required ? 'required' : null;
  return address.length > STAFF_ADDRESS_MAX_LENGTH ? 'tooLong' : null;
}

/** What the add form holds (strings as typed; the store as its id). */
export interface StaffAddForm {
  staffId: string;
  fullName: string;
  phone: string;
  email: string;
  storeId: string | null;
  address: string;
  password: string;
}

/** core §5: every field is required on add. */
export function validateStaffAdd(form: StaffAddForm): StaffFieldErrors {
  const errors: StaffFieldErrors = {};
  const set = (field: StaffField, error: StaffFieldError | null) => {
    if (error) errors[field] = error;
  };
  set('staffId', validateStaffId(form.staffId));
  const name = validateStaffName(form.fullName);
  // On add an empty name is simply missing; staff_name_empty is the edit form's message (core §5).
  set('fullName', name === 'staff_name_empty' ? 'required' : name);
  set('phone', validateStaffPhone(form.phone));
  set('email', validateStaffEmail(form.email));
  set('storeId', form.storeId ? null : 'required');
  set('address', validateStaffAddress(form.address, true));
  set('password', validateStaffPassword(form.password));
  return errors;
}

/** What the edit form holds: id and e-mail are shown, not edited (core §5). */
export interface StaffEditForm {
  fullName: string;
  phone: string;
  storeId: string | null;
  address: string;
  /** The password part is on: old and new are required (old only when the staff member has a sign-in). */
  changePassword: boolean;
  oldPassword: string;
  password: string;
}

export function validateStaffEdit(form: StaffEditForm, hasLogin: boolean): StaffFieldErrors {
  const errors: StaffFieldErrors = {};
  const set = (field: StaffField, error: StaffFieldError | null) => {
    if (error) errors[field] = error;
  };
  set('fullName', validateStaffName(form.fullName));
  set('phone', validateStaffPhone(form.phone));
  set('storeId', form.storeId ? null : 'required');
  set('address', validateStaffAddress(form.address, false));
  if (form.changePassword) {
    if (hasLogin) set('oldPassword', form.oldPassword === '' ? 'required' : null);
    set('password', validateStaffPassword(form.password));
  }
  return errors;
}

export const hasStaffErrors = (errors: StaffFieldErrors): boolean => Object.keys(errors).length > 0;
