import { defineArea } from '../../platform/area';
import { registerOnboardingRoutes } from './routes';
import { seedOnboarding } from './seed';

/** The sales feature's subscription on the sale service (doc 2 §2 Onboarding, §7 /saas/subscription/*; docs/areas/onboarding.md). */
export default defineArea({
  name: 'onboarding',
  routes: { sale: registerOnboardingRoutes },
  seed: seedOnboarding,
  sql: new URL('./sql/', import.meta.url),
});
