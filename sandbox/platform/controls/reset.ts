import type { FastifyInstance } from 'fastify';
import type { SandboxArea } from '../area';
import type { SandboxContext } from '../context';
import { reseed } from '../db/seed';
import { clockState } from './clock';

/** POST /sandbox/reset: the demo world as at first start, clock included. */
export function registerResetControl(app: FastifyInstance, ctx: SandboxContext, areas: readonly SandboxArea[]): void {
  app.post('/sandbox/reset', async () => {
    // Clock first: the report history is generated relative to it.
    ctx.clock.reset();
    ctx.faults.reset();
    await reseed(ctx.db, areas, { volume: ctx.options.seedVolume, now: ctx.clock.now() });
    return { reset: true, clock: clockState(ctx) };
  });
}
