import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../context';

/** /bank/account, /bank/holder-name, /bank/qr, /metadata/list-bank (issue 4). */
export function registerBankRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
