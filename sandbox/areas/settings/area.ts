import { defineArea } from '../../platform/area';
import { registerSettingsRoutes } from './routes';
import { seedSettings } from './seed';
import { settingsTriggers } from './triggers';

/** Sale settings (doc 2 §3, §7 /saas/merchant): read-only in issue 13; the settings issue adds the form. */
export default defineArea({
  name: 'settings',
  routes: { sale: registerSettingsRoutes },
  seed: seedSettings,
  triggers: settingsTriggers,
  sql: new URL('./sql/', import.meta.url),
});
