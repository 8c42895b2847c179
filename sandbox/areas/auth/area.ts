import { defineArea } from '../../platform/area';
import { registerForgotPasswordRoutes } from './forgot-password';
import { registerLoginRoutes } from './login';

/** Sign-in (attempt counting and the 24-hour lock) and forgot/reset password. */
export default defineArea({
  name: 'auth',
  routes: {
    portal(app, ctx) {
      registerLoginRoutes(app, ctx);
      registerForgotPasswordRoutes(app, ctx);
    },
  },
  sql: new URL('./sql/', import.meta.url),
});
