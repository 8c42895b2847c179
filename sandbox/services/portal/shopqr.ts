import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';

/** /channel-payment, /metadata/list-staff, /metadata/list-va-to-link (issue 4). */
export function registerShopQrRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
