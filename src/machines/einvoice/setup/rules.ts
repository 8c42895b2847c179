import type { LoginMethod, ProviderRoute } from '../../../services/einvoice/core/types';

/**
 * The setup form's rules (doc 2 §5 "E-invoice credentials", "Serial modal"; §9 VAT choices), pure so
 * the machines, the screen and the tests share one reading.
 */

/** What the setup needs to know of a provider (the registry's ProviderInfo, reduced: no I/O, no assets). */
export interface SetupProvider {
  route: ProviderRoute;
  isSSO: boolean;
  showSerial: boolean;
}

export type CredentialField = 'taxCode' | 'username' | 'password';
export const CREDENTIAL_FIELDS: readonly CredentialField[] = ['taxCode', 'username', 'password'];

/** The user names and passwords the providers accept are far shorter; this only stops a pasted book. */
export const MAX_CREDENTIAL_LENGTH = 200;

/**
 * A tax code's shape: 10 digits, 10 digits and a branch `-001`…`-999`, or a 12-digit personal code.
 * The check digit is the provider's to judge (checkTaxCode before login, doc 2 §5): the form only
 * refuses what no provider could accept, so a code the provider knows better is never blocked here.
 */
export function taxCodeShapeOk(value: string): boolean {
  const text = value.trim();
  return /^\d{10}(?:-(?!000)\d{3})?$/.test(text) || /^\d{12}$/.test(text);
}

export type CredentialProblem = 'required' | 'format' | 'tooLong' | null;

export function credentialProblem(field: CredentialField, value: string): CredentialProblem {
  const text = value.trim();
  if (text === '') return 'required';
  if (text.length > MAX_CREDENTIAL_LENGTH) return 'tooLong';
  if (field === 'taxCode' && !taxCodeShapeOk(text)) return 'format';
  return null;
}

/** The fields the chosen method asks for: with the merchant account the provider holds no password here. */
export function fieldsFor(method: LoginMethod): readonly CredentialField[] {
  return method === 'merchant_account' ? ['taxCode'] : CREDENTIAL_FIELDS;
}

export function credentialsValid(method: LoginMethod, values: Record<CredentialField, string>): boolean {
  return fieldsFor(method).every((field) => credentialProblem(field, values[field]) === null);
}
