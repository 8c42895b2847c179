import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { registerAuthRoutes } from '../areas/auth/login';
import { registerBankRoutes } from '../areas/bank/routes';
import { registerEdcRoutes } from '../areas/edc/routes';
import { registerShopQrRoutes } from '../areas/shopqr/routes';
import { registerBusinessRoutes } from '../areas/profile/business';
import { registerForgotPasswordRoutes } from '../areas/auth/forgot-password';
import { registerReportRoutes } from '../areas/reports/routes';
import { registerUserRoutes } from '../areas/session/user';

/** The portal service under /api/portal; each later issue adds a module here. */
export async function portalService(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerForgotPasswordRoutes(app, ctx);
  registerBusinessRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerBankRoutes(app, ctx);
  registerShopQrRoutes(app, ctx);
  registerEdcRoutes(app, ctx);
}
