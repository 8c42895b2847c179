import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../../../platform/context';
import { registerMisaAccountRoutes } from './routes/account';
import { registerMisaPublishRoutes } from './routes/publish';
import { registerMisaReadRoutes } from './routes/read';

/**
 * The MISA meInvoice emulator (docs/areas/einvoice.md → "Provider emulators" → "MISA meInvoice"),
 * mounted at /api/einvoice/misa. Every answer is HTTP 200 `{success, errorCode,
 * descriptionErrorCode, errors, data}` (only the `down` fault answers 503); invoice results carry
 * `data` as JSON text, each item with its own `ErrorCode`. MISA signs with its server certificate
 * while it publishes, so an invoice is issued, signed and sent in one call and there is no signing
 * call that could succeed (doc 2 §4: misa never).
 */

export function registerMisaRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      registerMisaAccountRoutes(scope, ctx);
      registerMisaPublishRoutes(scope, ctx);
      registerMisaReadRoutes(scope, ctx);
    },
    { prefix: '/misa' },
  );
}
