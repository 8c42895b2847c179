import { defineArea } from '../../platform/area';
import { registerCheckoutPing, registerSalePing } from './pings';
import { registerSessionTokenRoutes } from './tokens';
import { registerUserRoutes } from './user';

/** A signed-in session: refresh, sign-out, who is signed in, the wesap token, and reaching the other services. */
export default defineArea({
  name: 'session',
  routes: {
    portal(app, ctx) {
      registerSessionTokenRoutes(app, ctx);
      registerUserRoutes(app, ctx);
    },
    sale: registerSalePing,
    checkout: registerCheckoutPing,
  },
});
