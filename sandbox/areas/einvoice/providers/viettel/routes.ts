import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { InvoiceInputError } from '../../core/document';
import { ViettelError, GeneralError } from './common';
import { registerViettelAccountRoutes } from './routes/account';
import { registerViettelIssueRoutes } from './routes/issue';
import { registerViettelReadRoutes } from './routes/read';

/**
 * Viettel S-Invoice, emulated under /api/einvoice/viettel (docs/areas/einvoice.md "Viettel
 * S-Invoice"). Answers `{errorCode, description, ...}`; a token that does not verify (expired or
 * unknown) answers HTTP 500 `{message: "GENERAL"}` as Viettel does. What the platform refuses before
 * a route runs (NUL, broken JSON, an over-long URL) keeps the sandbox envelope.
 */

export function registerViettelRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof GeneralError) return reply.status(500).send({ message: 'GENERAL' });
        if (error instanceof ViettelError)
          return reply.status(error.status).send({ errorCode: error.code, description: error.message, result: null });
        if (error instanceof ZodError) {
          const issue = error.issues[0];
          const field = issue?.path.join('.') ?? '';
          return reply
            .status(400)
            .send({ errorCode: 'BAD_REQUEST', description: `${field}: ${issue?.message ?? 'invalid'}`, result: null });
        }
        if (error instanceof InvoiceInputError) {
          return reply.status(400).send({ errorCode: 'BAD_REQUEST', description: `${error.field}: ${error.message}`, result: null });
        }
        throw error;
      });

      registerViettelAccountRoutes(scope, ctx);
      registerViettelIssueRoutes(scope, ctx);
      registerViettelReadRoutes(scope, ctx);
    },
    { prefix: '/viettel' },
  );
}
