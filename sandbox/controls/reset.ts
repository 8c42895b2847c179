import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { reseed } from '../db/seed';
import { clockState } from './clock';

/** POST /sandbox/reset: the demo world as at first start, clock included. */
export function registerResetControl(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/reset', async () => {
    await reseed(ctx.db);
    ctx.clock.reset();
    return { reset: true, clock: clockState(ctx) };
  });
}
