import { fromPromise } from 'xstate';
import { createLookupCache, type LookupLoader } from '../../services/shared/lookup';
import type { BankOption } from '../../services/bank/schemas';
import type { LinkableVa } from '../../services/edc/schemas';
import type { StoreOption } from '../../services/shared/schemas/stores';
import type { LinkedBankAccount, StaffOption } from '../../services/shopqr/schemas';
import type { AppScope, AreaFactory } from './composition';
import type { Runtime } from './runtime';

/**
 * Every dropdown list of the portal through one cache (services/shared/lookup): made once per
 * runtime on its portal client, kept in the app scope (D279). Areas read a list with useLookup (a screen's dropdown) or
 * lookupActor (a machine's options actor), and invalidate a kind after a mutation that changes it.
 */

/** Each kind's list. */
export interface LookupLists {
  /** The merchant's stores (up to 100,000): report filters, the ShopQR form. */
  stores: StoreOption[];
  /** Banks with names: the bank form's dropdown, bank names in lists. */
  banks: BankOption[];
  /** Staff (up to 100,000): the ShopQR form. */
  staff: StaffOption[];
  /** Linked bank accounts: the ShopQR form (verified ones). Changed by bank add, delete, verify. */
  bankAccounts: LinkedBankAccount[];
  /** ShopQRs a card machine can be integrated with. Changed by ShopQR create and delete. */
  linkableVas: LinkableVa[];
}

export type LookupKind = keyof LookupLists;

function createLookups(runtime: Runtime) {
  const portal = runtime.clients.portal;
  // Each list's service is fetched with its first use, so a page does not download the services of
  // areas whose lists it never shows (the bank page would otherwise carry ShopQR's and the card machines').
  const loaders: { [K in LookupKind]: LookupLoader<LookupLists[K]> } = {
    stores: async (signal) => (await import('../../services/reports/transactions')).createReportsApi(portal).stores(signal),
    banks: async (signal) => (await import('../../services/bank')).createBankApi(portal).banks(signal),
    staff: async (signal) => (await import('../../services/shopqr')).createShopQrApi(portal).staff(signal),
    bankAccounts: async (signal) => (await import('../../services/shopqr')).createShopQrApi(portal).bankAccounts(signal),
    linkableVas: async (signal) => (await import('../../services/edc')).createEdcApi(portal).linkableVas(signal),
  };
  return createLookupCache(loaders);
}

export type Lookups = ReturnType<typeof createLookups>;

export const lookupsOf: AreaFactory<Lookups> = (scope) => createLookups(scope.runtime);

/** The signed-in merchant ('' before the profile is in: such a list is keyed apart and dropped later). */
export function currentMerchantId(runtime: Runtime): string {
  return runtime.session.getSnapshot().context.profile?.merchant_id ?? '';
}

/** A lookup as a machine's promise actor (no input): the signed-in merchant's list of that kind. */
export function lookupActor<K extends LookupKind>(scope: AppScope, kind: K) {
  return fromPromise<LookupLists[K], void>(() => scope.use(lookupsOf).get(currentMerchantId(scope.runtime), kind));
}
