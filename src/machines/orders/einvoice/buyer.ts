import { WALK_IN_BUYER } from '../../../services/orders/schemas';
import type { Buyer, CompanyInfo } from '../../../services/einvoice';
import { isValidEmail } from '../../../rules/email';
import { taxCodeKind, taxCodeValid } from '../../../rules/taxCode';

/**
 * The buyer form of an order's e-invoice (doc 2 §3 E-invoice buyer, §5, D237). An
 * individual may give a name, a 12-digit personal identification number, an e-mail and an address,
 * all optional (Decree 70: buyer details only when the buyer asks; no name is the walk-in "Khách
 * lẻ"). A business gives its tax code (10 digits, a branch's 10-3, or a household's or individual
 * business's 12 digits), company name, address and a name; e-mail and phone are optional. The tax
 * code's check digit is verified here (shared rule taxCode.ts), so a mistyped digit is caught before
 * anything is sent and before a lookup.
 */

export { WALK_IN_BUYER };
export const BUYER_TEXT_MAX = 200;
export const BUYER_ADDRESS_MAX = 400;
export const BUYER_TAX_CODE_MAX = 14;

export type BuyerField = 'name' | 'idCard' | 'company' | 'taxCode' | 'address' | 'email' | 'phone';

export interface BuyerForm {
  isIndividual: boolean;
  name: string;
  /** An individual's 12-digit personal identification number (CCCD). */
  idCard: string;
  company: string;
  taxCode: string;
  address: string;
  email: string;
  phone: string;
}

export type BuyerProblem = 'required' | 'format' | 'checkDigit' | 'idCard' | 'tooLong';

export const INDIVIDUAL_BUYER: BuyerForm = {
  isIndividual: true,
  name: WALK_IN_BUYER,
  idCard: '',
  company: '',
  taxCode: '',
  address: '',
  email: '',
  phone: '',
};

const LIMITS: Record<BuyerField, number> = {
  name: BUYER_TEXT_MAX,
  idCard: 12,
  company: BUYER_TEXT_MAX,
  taxCode: BUYER_TAX_CODE_MAX,
  address: BUYER_ADDRESS_MAX,
  email: 254,
  phone: 20,
};

/** A personal identification number: 12 digits (the citizen ID, Decree 70's CCCDan). */
export const ID_CARD_PATTERN = /^\d{12}$/;

/** A company's phone: a mobile or a landline (028…), digits with an optional +, spaces, dots or hyphens. */
export const PHONE_PATTERN = /^\+?\d[\d .-]{7,16}$/;

/** What a field keeps of what was typed: the tax-code field takes digits and a hyphen only (doc 2 §5). */
export function keepTyped(field: BuyerField, value: string): string {
  const cut = field === 'taxCode' ? value.replace(/[^\d-]/g, '') : field === 'idCard' ? value.replace(/\D/g, '') : value;
  return cut.slice(0, LIMITS[field]);
}

const REQUIRED_BUSINESS: readonly BuyerField[] = ['taxCode', 'company', 'address', 'name'];

/** The fields each kind of buyer fills, in the form's order. */
export const INDIVIDUAL_FIELDS: readonly BuyerField[] = ['name', 'idCard', 'email', 'address'];
export const BUSINESS_FIELDS: readonly BuyerField[] = ['taxCode', 'company', 'address', 'name', 'email', 'phone'];

export function buyerProblem(form: BuyerForm, field: BuyerField): BuyerProblem | null {
  const value = form[field].trim();
  const fields = form.isIndividual ? INDIVIDUAL_FIELDS : BUSINESS_FIELDS;
  if (!fields.includes(field)) return null;
  if (!form.isIndividual && REQUIRED_BUSINESS.includes(field) && value === '') return 'required';
  if (field === 'taxCode') {
    if (taxCodeKind(value) === null) return 'format';
    if (!taxCodeValid(value)) return 'checkDigit';
  }
  if (field === 'idCard' && value !== '' && !ID_CARD_PATTERN.test(value)) return 'idCard';
  if (field === 'email' && value !== '' && !isValidEmail(value)) return 'format';
  if (field === 'phone' && value !== '' && !PHONE_PATTERN.test(value)) return 'format';
  if (value.length > LIMITS[field]) return 'tooLong';
  return null;
}

export const BUYER_FIELDS: readonly BuyerField[] = ['name', 'idCard', 'company', 'taxCode', 'address', 'email', 'phone'];

export function buyerValid(form: BuyerForm): boolean {
  return BUYER_FIELDS.every((field) => buyerProblem(form, field) === null);
}

/** The lookup button needs a tax code of the right shape (doc 2 §5 "lookup button disabled without tax code"). */
export const canLookUp = (form: BuyerForm) => !form.isIndividual && taxCodeValid(form.taxCode.trim());

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
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  if (form.isIndividual) {
    const buyer: Buyer = { isIndividual: true, name };
    for (const key of ['idCard', 'email', 'address'] as const) {
      const value = optional(form[key]);
      if (value) buyer[key] = value;
    }
    return buyer;
  }
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
