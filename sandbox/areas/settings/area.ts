import { defineArea } from '../../platform/area';
import { registerCheckoutSettingsRoutes } from './checkout-routes';
import { registerSettingsRoutes } from './routes';
import { seedSettings } from './seed';
import { settingsTriggers } from './triggers';

/**
 * Sale settings (doc 2 §3, §7 /saas/merchant, /saas/image; CONTRACT14 §E) on the sale service, and the
 * e-order payment setup and screen customisation (CONTRACT14 §D) on the checkout service.
 */
export default defineArea({
  name: 'settings',
  routes: { sale: registerSettingsRoutes, checkout: registerCheckoutSettingsRoutes },
  seed: seedSettings,
  triggers: settingsTriggers,
  sql: new URL('./sql/', import.meta.url),
});
