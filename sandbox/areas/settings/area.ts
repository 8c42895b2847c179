import { defineArea } from '../../platform/area';
import { registerSettingsRoutes } from './routes';
import { seedSettings } from './seed';
import { settingsTriggers } from './triggers';

/** Sale settings (doc 2 §3, §7 /saas/merchant, /saas/image; CONTRACT14 §E) on the sale service. */
export default defineArea({
  name: 'settings',
  routes: { sale: registerSettingsRoutes },
  seed: seedSettings,
  triggers: settingsTriggers,
  sql: new URL('./sql/', import.meta.url),
});
