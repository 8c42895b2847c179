import {
  SUB_MERCHANT_ADDRESS_MAX,
  SUB_MERCHANT_NAME_MAX,
  TAX_NO_CHARACTERS,
  TAX_NO_MAX,
  TAX_NO_MIN,
  VN_MOBILE,
  type SubMerchantField,
} from '../../../services/merchants/schemas';
import { isFilled } from '../../../rules/required';
import { visibleText } from '../../../rules/text';

/**
 * A new sub-merchant's fields (D101) checked as the service checks them (the same limits): the form
 * says what is wrong before sending, in the user's language (the screen maps each problem to a text).
 */
export type SubMerchantValues = Record<SubMerchantField, string>;
export type SubMerchantProblem = 'required' | 'tooLong' | 'taxNoCharacters' | 'taxNoLength' | 'phoneInvalid';
export type SubMerchantProblems = Partial<Record<SubMerchantField, SubMerchantProblem>>;

export const EMPTY_SUB_MERCHANT: SubMerchantValues = { name: '', tax_no: '', address: '', phone: '' };

export function subMerchantProblems(values: SubMerchantValues): SubMerchantProblems {
  const problems: SubMerchantProblems = {};
  const name = visibleText(values.name);
  if (!isFilled(values.name)) problems.name = 'required';
  else if (name.length > SUB_MERCHANT_NAME_MAX) problems.name = 'tooLong';
  const taxNo = visibleText(values.tax_no);
  // core §5: digits and hyphen only, no spaces, at least 10 characters.
  if (!isFilled(values.tax_no)) problems.tax_no = 'required';
  else if (!TAX_NO_CHARACTERS.test(taxNo)) problems.tax_no = 'taxNoCharacters';
  else if (taxNo.length < TAX_NO_MIN || taxNo.length > TAX_NO_MAX) problems.tax_no = 'taxNoLength';
  const address = visibleText(values.address);
  if (!isFilled(values.address)) problems.address = 'required';
  else if (address.length > SUB_MERCHANT_ADDRESS_MAX) problems.address = 'tooLong';
  if (!isFilled(values.phone)) problems.phone = 'required';
  else if (!VN_MOBILE.test(values.phone.replace(/[\s.]/g, ''))) problems.phone = 'phoneInvalid';
  return problems;
}

export const hasProblems = (problems: SubMerchantProblems) => Object.keys(problems).length > 0;
