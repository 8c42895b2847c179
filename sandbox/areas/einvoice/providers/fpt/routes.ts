import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { SandboxContext } from '../../../../platform/context';
import { InvoiceInputError } from '../../core/document';
import { FptError } from './common';
import { fptField } from './input';
import { registerFptAccountRoutes } from './routes/account';
import { registerFptIssueRoutes } from './routes/issue';
import { registerFptSearchRoutes } from './routes/search';

/**
 * FPT eInvoice, emulated under /api/einvoice/fpt (docs/areas/einvoice.md "FPT eInvoice"). FPT answers
 * in its own shape, `{error, message}` with the HTTP status, never the sandbox's envelope; what the
 * platform refuses before a route runs (NUL, an over-long URL, broken JSON) keeps the envelope.
 */

export function registerFptRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(
    async (scope) => {
      scope.setErrorHandler((error, _request, reply) => {
        if (error instanceof FptError)
          return reply.status(error.status).send({ error: error.code, message: error.message, ...error.extra });
        if (error instanceof ZodError) {
          const issue = error.issues[0];
          const field = issue?.path.join('.') ?? '';
          return reply.status(400).send({ error: 'INVALID_DATA', message: `${field}: ${issue?.message ?? 'invalid'}`, field });
        }
        // The core's refusal of a figure, named as FPT names its field (D234).
        if (error instanceof InvoiceInputError) {
          const code = /^lines\[\d+\]\.rate$/.test(error.field) ? 'INVALID_VAT_RATE' : 'INVALID_DATA';
          return reply.status(400).send({ error: code, message: error.message, field: fptField(error.field) });
        }
        // The platform's refusals (NUL, broken JSON, over-long URL) keep the sandbox envelope.
        throw error;
      });

      registerFptAccountRoutes(scope, ctx);
      registerFptIssueRoutes(scope, ctx);
      registerFptSearchRoutes(scope, ctx);
    },
    { prefix: '/fpt' },
  );
}
