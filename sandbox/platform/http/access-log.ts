import type { FastifyInstance } from 'fastify';

/**
 * One line per request: method, path without its query string, status, duration. Query strings,
 * bodies and headers are left out because they carry tokens, passwords and e-mail addresses.
 */
export function registerAccessLog(app: FastifyInstance, write: (line: string) => void = console.log): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    write(`${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)}ms`);
  });
}
