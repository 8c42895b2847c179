import type { FastifyInstance } from 'fastify';
import type { SandboxArea } from '../area';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/envelope';
import { registerClockControls } from './clock';
import { registerFaultControls } from './faults';
import { registerMailboxControls } from './mailbox';
import { isCrossSite } from './origin';
import { registerResetControl } from './reset';
import { registerSsoControls } from './sso';
import { registerTriggerControls } from './triggers';
import { registerMerchantControls } from './merchants';
import type { TriggerDefinition } from '../triggers/registry';
import { registerUserControls } from './users';

/** /sandbox/*: controls that exist only in the sandbox, never in a bank deployment. */
export async function sandboxControls(
  app: FastifyInstance,
  ctx: SandboxContext,
  from: { areas: readonly SandboxArea[]; triggers: readonly TriggerDefinition[] },
): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && isCrossSite(ctx, request)) {
      throw new ApiError(403, 'PERMISSION_DENY', 'Sandbox controls refuse cross-site requests');
    }
  });
  registerClockControls(app, ctx);
  registerMailboxControls(app, ctx);
  registerResetControl(app, ctx, from.areas);
  registerUserControls(app, ctx);
  registerSsoControls(app, ctx);
  registerFaultControls(app, ctx);
  registerTriggerControls(app, ctx, from.triggers);
  registerMerchantControls(app, ctx, from.areas);
}
