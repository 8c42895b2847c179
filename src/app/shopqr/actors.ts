import { fromPromise } from 'xstate';
import type { ShopQrAddOptions } from '../../machines/shopqr/shopQrAdd.machine';
import { createShopQrApi } from '../../services/shopqr';
import { createShopQrActors } from '../../services/shopqr/actors';
import type { AppScope } from '../shared/composition';
import { currentMerchantId, lookupsOf } from '../shared/lookups';

/**
 * The ShopQR area's wiring for one runtime (D279): the portal client's ShopQR calls (same session);
 * the form's dropdowns (bank accounts, staff) come from the lookup cache.
 */
export const shopQrActorsOf = (scope: AppScope) => {
  const lookups = () => scope.use(lookupsOf);
  return {
    ...createShopQrActors(createShopQrApi(scope.runtime.clients.portal)),
    /** The form's bank accounts and staff, each from the lookup cache (fetched once, shared). */
    loadAddOptions: fromPromise<ShopQrAddOptions, void>(async () => {
      const merchantId = currentMerchantId(scope.runtime);
      const [bankAccounts, staff] = await Promise.all([lookups().get(merchantId, 'bankAccounts'), lookups().get(merchantId, 'staff')]);
      // No verified account stops the form: its "try again" (after verifying one, maybe in another tab) must ask afresh.
      if (!bankAccounts.some((account) => account.is_internal_transfer)) lookups().invalidate('bankAccounts');
      return { bankAccounts, staff };
    }),
    /** A ShopQR created or deleted changes which ShopQRs a card machine can be integrated with. */
    shopQrsChanged: () => lookups().invalidate('linkableVas'),
  };
};
