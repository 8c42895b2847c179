import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';
import { registerAuthRoutes } from './auth';
import { registerBankRoutes } from './bank';
import { registerEdcRoutes } from './edc';
import { registerShopQrRoutes } from './shopqr';
import { registerBusinessRoutes } from './business';
import { registerForgotPasswordRoutes } from './forgot-password';
import { registerReportRoutes } from './reports';
import { registerUserRoutes } from './user';

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
