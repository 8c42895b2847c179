import { fromPromise } from 'xstate';
import type { OnboardingApi } from './api';
import type { SaleMerchant, SaleSettingsChange, Subscription } from './schemas';

/** The saleOnboarding machine's actors for `machine.provide({ actors })` in src/app; each request stops with its actor. */
export function createOnboardingActors(api: OnboardingApi) {
  return {
    // The configuration the page starts from: whether the feature is on, and the sale settings.
    loadConfig: fromPromise<{ subscription: Subscription; merchant: SaleMerchant }, void>(async ({ signal }) => {
      const [subscription, merchant] = await Promise.all([api.subscription(signal), api.merchant(signal)]);
      return { subscription, merchant };
    }),
    registerFree: fromPromise<Subscription, { entityId: string }>(({ input, signal }) => api.registerFree(input.entityId, signal)),
    registerCode: fromPromise<Subscription, { code: string; entityId: string }>(({ input, signal }) =>
      api.registerCode(input.code, input.entityId, signal),
    ),
    saveSettings: fromPromise<SaleMerchant, SaleSettingsChange>(({ input, signal }) => api.saveSettings(input, signal)),
    createCategory: fromPromise<{ id: number }, { name: string }>(({ input, signal }) => api.createCategory(input.name, signal)),
  };
}

export type OnboardingActors = ReturnType<typeof createOnboardingActors>;
