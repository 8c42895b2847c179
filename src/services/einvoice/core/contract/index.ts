/**
 * The provider contract: one suite of behaviours run against each of the four
 * adapters and their emulators. A provider's test file calls, at its top level,
 *   const c = providerSandbox(driver);
 *   describe('… contract', () => providerContract(c, driver));
 * and keeps beside it only what is that provider's own (its request fields, error codes, signing).
 */
import { issueContract, refusalContract, type InvoiceAnswers } from './invoices';
import { PHOCO_TAX, providerSandbox, type ProviderContext, type ProviderDriver } from './setup';
import { outageContract, signInContract, type SignInAnswers } from './sign-in';

export type ContractDriver = ProviderDriver & SignInAnswers & InvoiceAnswers;
export { PHOCO_TAX, providerSandbox, type ProviderContext };

/** Registers the contract's tests; the token-expiring and outage ones last, as they change the session. */
export function providerContract(c: ProviderContext, driver: ContractDriver): void {
  signInContract(c, driver);
  issueContract(c, driver);
  refusalContract(c, driver);
  outageContract(c, driver);
}
