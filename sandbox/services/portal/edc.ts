import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';

/** /metadata/edc, /metadata/edc/active, /map-edc-to-va, /pos/check-status (issue 4). */
export function registerEdcRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
