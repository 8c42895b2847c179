import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/envelope';

export const clockState = (ctx: SandboxContext) => {
  const now = ctx.clock.now();
  return { now, iso: new Date(now).toISOString(), offset_seconds: ctx.clock.offsetMs() / 1000 };
};

/** GET /sandbox/clock, POST /sandbox/clock/advance {seconds}, POST /sandbox/clock/reset. */
export function registerClockControls(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/sandbox/clock', async () => clockState(ctx));

  app.post('/sandbox/clock/advance', async (request) => {
    const seconds = (request.body as { seconds?: unknown } | undefined)?.seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
      throw new ApiError(400, 'REQUIRED', 'Body must be {"seconds": number}', { fields: ['seconds'] });
    }
    ctx.clock.advance(seconds);
    return clockState(ctx);
  });

  app.post('/sandbox/clock/reset', async () => {
    ctx.clock.reset();
    return clockState(ctx);
  });
}
