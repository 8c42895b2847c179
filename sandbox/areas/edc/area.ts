import { defineArea } from '../../platform/area';
import { registerEdcRoutes } from './routes';
import { seedEdc } from './seed';
import { edcTriggers } from './triggers';

/** Card machines and Soundboxes; the seed integrates a POS with its store's ShopQR, so shopqr comes first. */
export default defineArea({
  name: 'edc',
  after: ['shopqr'],
  routes: { portal: registerEdcRoutes },
  seed: seedEdc,
  triggers: edcTriggers,
  sql: new URL('./sql/', import.meta.url),
});
