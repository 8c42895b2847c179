import type { SaleMerchant, Subscription } from '../../../src/services/onboarding/schemas';

/** GET /saas/merchant and GET /saas/subscription answers for the onboarding model test. */
export const merchant: SaleMerchant = {
  merchant_id: '10000003',
  logo: null,
  banner: null,
  address: '1 Tràng Tiền, Hoàn Kiếm, Hà Nội',
  hotline: '02439000000',
  website: null,
  point_percent: 0,
  is_fnb: false,
};

export const inactive: Subscription = { is_active: false, plan: null, activated_at: null };
export const freePlan: Subscription = { is_active: true, plan: 'FREE', activated_at: 1_764_000_000 };
export const fullPlan: Subscription = { is_active: true, plan: 'FULL', activated_at: 1_764_000_000 };
