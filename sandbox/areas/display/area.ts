import { defineArea } from '../../platform/area';
import { registerDisplayRoutes } from './routes';

/**
 * Customer displays on another device (beyond the spec; D141–D143): a cashier pairs a
 * device with a short code, then relays the display messages of the payment screen to it.
 */
export default defineArea({
  name: 'display',
  routes: { sale: registerDisplayRoutes },
  sql: new URL('./sql/', import.meta.url),
});
