import { defineArea } from '../../platform/area';
import { registerBankRoutes } from './routes';
import { seedBank } from './seed';
import { bankTriggers } from './triggers';

/** Linked bank accounts and their verification. */
export default defineArea({
  name: 'bank',
  routes: { portal: registerBankRoutes },
  seed: seedBank,
  triggers: bankTriggers,
  sql: new URL('./sql/', import.meta.url),
});
