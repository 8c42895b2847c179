import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';

/** The origins that count as "the sandbox itself": the configured one and the one the browser used. */
export function ownOrigins(ctx: SandboxContext, request: FastifyRequest): Set<string> {
  return new Set([new URL(ctx.publicUrl()).origin, `${request.protocol}://${request.host}`]);
}

/**
 * The controls change state without credentials, so a web page on another site must not be able to
 * drive them through a visitor's browser. Tools (curl, tests) send no Origin and pass.
 */
export function isCrossSite(ctx: SandboxContext, request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && !ownOrigins(ctx, request).has(origin);
}
