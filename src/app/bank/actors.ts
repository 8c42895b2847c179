import { bankVerifyMachine } from '../../machines/bank/bankVerify.machine';
import { createBankActors, createBankApi } from '../../services/bank';
import type { AppScope } from '../shared/composition';
import { lookupActor, lookupsOf } from '../shared/lookups';
import { realtimeHubOf } from '../shared/realtime-runtime';

/**
 * The bank area's wiring for one runtime (D279): the portal client's bank calls, the realtime hub
 * (verification) and the lookup cache (bank names; the linked accounts the ShopQR form offers change
 * with an add, delete or verification).
 */
export const bankActorsOf = (scope: AppScope) => {
  const actors = createBankActors({ bank: createBankApi(scope.runtime.clients.portal), hub: scope.use(realtimeHubOf) });
  const { loadQr, waitForVerification, checkVerified } = actors;
  return {
    ...actors,
    verifyAccount: bankVerifyMachine.provide({ actors: { loadQr, waitForVerification, checkVerified } }),
    loadBanks: lookupActor(scope, 'banks'),
    accountsChanged: () => scope.use(lookupsOf).invalidate('bankAccounts'),
  };
};
