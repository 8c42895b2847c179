import { defineArea } from '../../platform/area';
import { registerMerchantRoutes } from './routes';
import { seedMerchants } from './seed';

/** Master merchant: a merchant's sub-merchants (list and new record). */
export default defineArea({
  name: 'merchants',
  routes: { portal: registerMerchantRoutes },
  seed: seedMerchants,
  sql: new URL('./sql/', import.meta.url),
});
