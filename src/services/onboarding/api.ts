import type { ServiceClient } from '../http/client';
import {
  categoryCreatedSchema,
  CODE_TYPE_ID,
  saleMerchantSchema,
  subscriptionSchema,
  type SaleMerchant,
  type SaleSettingsChange,
  type Subscription,
} from './schemas';

export type { SaleSettingsChange };

/**
 * The onboarding's calls on the sale service (doc 2 §7 /saas/*, /category/; CONTRACT E and G;
 * docs/areas/onboarding.md). The wizard writes the sale settings through PUT /saas/merchant (partial:
 * absent fields stay) and the first category through POST /category/. Every answer is validated.
 */

export interface OnboardingApi {
  subscription(signal?: AbortSignal): Promise<Subscription>;
  merchant(signal?: AbortSignal): Promise<SaleMerchant>;
  registerFree(entityId: string, signal?: AbortSignal): Promise<Subscription>;
  registerCode(code: string, entityId: string, signal?: AbortSignal): Promise<Subscription>;
  saveSettings(change: SaleSettingsChange, signal?: AbortSignal): Promise<SaleMerchant>;
  createCategory(name: string, signal?: AbortSignal): Promise<{ id: number }>;
}

/** The register answers carry at least is_active and plan; the rest is read back with GET. */
const registeredSchema = subscriptionSchema.partial({ activated_at: true });

export function createOnboardingApi(client: ServiceClient): OnboardingApi {
  const registered = async (answer: Promise<{ is_active: boolean; plan: Subscription['plan']; activated_at?: number | null }>) => {
    const a = await answer;
    return { is_active: a.is_active, plan: a.plan, activated_at: a.activated_at ?? null };
  };
  return {
    subscription: (signal) =>
      client.data({ name: 'onboarding.subscription', path: '/saas/subscription', schema: subscriptionSchema, signal }),
    merchant: (signal) => client.data({ name: 'onboarding.merchant', path: '/saas/merchant', schema: saleMerchantSchema, signal }),
    registerFree: (entityId, signal) =>
      registered(
        client.data({
          name: 'onboarding.registerFree',
          method: 'POST',
          path: '/saas/subscription/register/free',
          body: { entity_id: entityId },
          schema: registeredSchema,
          signal,
        }),
      ),
    registerCode: (code, entityId, signal) =>
      registered(
        client.data({
          name: 'onboarding.registerCode',
          method: 'POST',
          path: '/saas/subscription/register/code',
          body: { code, entity_id: entityId, type_id: CODE_TYPE_ID },
          schema: registeredSchema,
          signal,
        }),
      ),
    saveSettings: (change, signal) =>
      client.data({
        name: 'onboarding.saveSettings',
        method: 'PUT',
        path: '/saas/merchant',
        body: { ...change },
        schema: saleMerchantSchema,
        signal,
      }),
    createCategory: (name, signal) =>
      client.data({
        name: 'onboarding.createCategory',
        method: 'POST',
        path: '/category/',
        body: { name, description: '' },
        schema: categoryCreatedSchema,
        signal,
      }),
  };
}
