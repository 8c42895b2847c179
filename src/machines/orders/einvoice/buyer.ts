import { WALK_IN_BUYER } from '../../../services/orders/schemas';
import type { Buyer, CompanyInfo } from '../../../services/shared/einvoice/types';
import { isValidEmail } from '../../shared/rules/email';

/**
 * The buyer form of an order's e-invoice (doc 2 §3 E-invoice buyer, §5 "E-invoice individual: name
 * required; business: tax code, company name, address, name required; email and phone optional").
 * The provider checks the tax code's check digit when it issues; here only its shape is checked, so a
 * typo is caught before anything is sent (D208).
 */

export { WALK_IN_BUYER };
export const BUYER_TEXT_MAX = 200;
export const BUYER_ADDRESS_MAX = 400;
export const BUYER_TAX_CODE_MAX = 14;

export type BuyerField = 'name' | 'company' | 'taxCode' | 'address' | 'email' | 'phone';

export interface BuyerForm {
  isIndividual: boolean;
  name: string;
  company: string;
  taxCode: string;
  address: string;
  email: string;
  phone: string;
}

export type BuyerProblem = 'required' | 'format' | 'tooLong';

export const INDIVIDUAL_BUYER: BuyerForm = {
  isIndividual: true,
  name: WALK_IN_BUYER,
  company: '',
  taxCode: '',
  address: '',
  email: '',
  phone: '',
};

const LIMITS: Record<BuyerField, number> = {
  name: BUYER_TEXT_MAX,
  company: BUYER_TEXT_MAX,
  taxCode: BUYER_TAX_CODE_MAX,
  address: BUYER_ADDRESS_MAX,
  email: 254,
  phone: 20,
};

/** A Vietnamese tax code: 10 digits, or 10 digits, a hyphen and 3 for a branch (doc 2 §5 "digits and hyphen only"). */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;

/** A company's phone: a mobile or a landline (028…), digits with an optional +, spaces, dots or hyphens. */
export const PHONE_PATTERN = /^\+?\d[\d .-]{7,16}$/;

/** What a field keeps of what was typed: the tax-code field takes digits and a hyphen only (doc 2 §5). */
export function keepTyped(field: BuyerField, value: string): string {
  const cut = field === 'taxCode' ? value.replace(/[^\d-]/g, '') : value;
  return cut.slice(0, LIMITS[field]);
}

const REQUIRED_BUSINESS: readonly BuyerField[] = ['taxCode', 'company', 'address', 'name'];

export function buyerProblem(form: BuyerForm, field: BuyerField): BuyerProblem | null {
  const value = form[field].trim();
  if (field === 'name' && value === '') return 'required';
  if (form.isIndividual) return null;
  if (REQUIRED_BUSINESS.includes(field) && value === '') return 'required';
  if (field === 'taxCode' && !TAX_CODE_PATTERN.test(value)) return 'format';
  if (field === 'email' && value !== '' && !isValidEmail(value)) return 'format';
  if (field === 'phone' && value !== '' && !PHONE_PATTERN.test(value)) return 'format';
  if (value.length > LIMITS[field]) return 'tooLong';
  return null;
}

export const BUYER_FIELDS: readonly BuyerField[] = ['name', 'company', 'taxCode', 'address', 'email', 'phone'];

export function buyerValid(form: BuyerForm): boolean {
  return BUYER_FIELDS.every((field) => buyerProblem(form, field) === null);
}

/** The lookup button needs a tax code of the right shape (doc 2 §5 "lookup button disabled without tax code"). */
export const canLookUp = (form: BuyerForm) => !form.isIndividual && TAX_CODE_PATTERN.test(form.taxCode.trim());

/** doc 2 §5: the lookup fills company name, address, representative, e-mail and phone; empty answers keep what was typed. */
export function fillFromCompany(form: BuyerForm, company: CompanyInfo): BuyerForm {
  const pick = (found: string, typed: string, field: BuyerField) => (found.trim() === '' ? typed : keepTyped(field, found.trim()));
  return {
    ...form,
    company: pick(company.name, form.company, 'company'),
    address: pick(company.address, form.address, 'address'),
    name: pick(company.representative, form.name, 'name'),
    email: pick(company.email, form.email, 'email'),
    phone: pick(company.phone, form.phone, 'phone'),
  };
}

/** The buyer as the adapter takes it: trimmed, optional parts left out when empty. */
export function toBuyer(form: BuyerForm): Buyer {
  const name = form.name.trim() || WALK_IN_BUYER;
  if (form.isIndividual) return { isIndividual: true, name };
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    isIndividual: false,
    name,
    company: form.company.trim(),
    taxCode: form.taxCode.trim(),
    address: form.address.trim(),
    email: optional(form.email),
    phone: optional(form.phone),
  };
}
