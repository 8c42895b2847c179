import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';

/** /notification and the order a notification opens (issue 4). */
export function registerNotificationRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
