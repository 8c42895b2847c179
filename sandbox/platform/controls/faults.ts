import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { FaultUpdate } from '../faults';
import { ApiError } from '../http/envelope';
import { channelFromPath } from '../transactions/channels';

/**
 * POST /sandbox/faults {dashboardBreakAfter?, reportFailNext?, userInfo?: {username, failing}}; GET
 * shows what is armed.
 */
export function registerFaultControls(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/sandbox/faults', async () => ctx.faults.state());
  app.post('/sandbox/faults', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const update: FaultUpdate = {};
    if ('dashboardBreakAfter' in body) {
      const value = body.dashboardBreakAfter;
      if (value !== null && !(typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10)) {
        throw new ApiError(400, 'BAD_REQUEST', 'dashboardBreakAfter must be an integer 0..10 or null');
      }
      update.dashboardBreakAfter = value;
    }
    if ('reportFailNext' in body) {
      const value = body.reportFailNext;
      const channel = typeof value === 'string' ? channelFromPath(value) : null;
      if (value !== null && !channel) throw new ApiError(400, 'BAD_REQUEST', 'reportFailNext must be a report channel or null');
      update.reportFailNext = channel;
    }
    if ('userInfo' in body) {
      const value = body.userInfo as Record<string, unknown> | null;
      const username = typeof value?.username === 'string' ? value.username.trim() : '';
      if (!username || typeof value?.failing !== 'boolean') {
        throw new ApiError(400, 'BAD_REQUEST', 'userInfo must be {username: string, failing: boolean}');
      }
      update.userInfo = { username, failing: value.failing };
    }
    ctx.faults.set(update);
    return ctx.faults.state();
  });
}
