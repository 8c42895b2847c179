import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../platform/context';
import { registerMInvoiceAccountRoutes } from './routes/account';
import { registerMInvoiceIssueRoutes } from './routes/issue';
import { registerMInvoiceReadRoutes } from './routes/read';

/**
 * The M-Invoice emulator (docs/areas/einvoice.md → "Provider emulators" → "M-Invoice"), mounted at
 * /api/einvoice/m-invoice. The real service has a host per seller (`{taxcode}.minvoice.app`); here the
 * `TaxCode` header names the seller instead, on every call. Answers are HTTP 200 with the outcome in
 * `code` ("00" success), as M-Invoice does; only the `down` fault answers 503.
 */

export function registerMInvoiceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      registerMInvoiceAccountRoutes(scope, ctx);
      registerMInvoiceIssueRoutes(scope, ctx);
      registerMInvoiceReadRoutes(scope, ctx);
    },
    { prefix: '/m-invoice' },
  );
}
