import { defineArea } from '../../platform/area';
import { registerTxRuleRoutes } from './routes';
import { seedTxRules } from './seed';

/**
 * Card-transaction routing rules on the portal service (doc 2 §3 Transaction rule, §7 /metadata/rule;
 * docs/areas/txrules.md). Reads the bank area's `banks` and the platform's `stores` by SQL.
 */
export default defineArea({
  name: 'txrules',
  after: ['bank'],
  routes: { portal: registerTxRuleRoutes },
  seed: seedTxRules,
  sql: new URL('./sql/', import.meta.url),
});
