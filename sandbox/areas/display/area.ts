import { defineArea } from '../../platform/area';
import { registerDisplayLookRoutes } from './look';
import { registerDisplayRoutes } from './routes';

/**
 * Customer displays on another device (beyond the spec; D141–D143): a cashier pairs a
 * device with a short code, then relays the display messages of the payment screen to it; the display
 * reads the shop's screen customisation through it (D296).
 */
export default defineArea({
  name: 'display',
  routes: {
    sale: (app, ctx) => {
      registerDisplayRoutes(app, ctx);
      registerDisplayLookRoutes(app, ctx);
    },
  },
  sql: new URL('./sql/', import.meta.url),
});
