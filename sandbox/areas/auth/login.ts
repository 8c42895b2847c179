import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { field, ok, required } from '../../platform/http/envelope';
import { checkSignIn } from './login-attempts';

/** POST /user/login: a new session (the session area's calls refresh and end it). */
export function registerLoginRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/user/login', async (request) => {
    const username = field(request.body, 'username')?.trim();
    const password = field(request.body, 'password');
    const missing = [!username && 'username', !password && 'password'].filter((f): f is string => Boolean(f));
    if (missing.length) throw required(missing);
    // A lock ends the account's sockets at once, as it ends its calls.
    const user = await checkSignIn(ctx.db, ctx.clock, username!, password!, { onLocked: (id) => ctx.realtime.endUser(id) });
    return ok(await ctx.tokens.startSession(user));
  });
}
