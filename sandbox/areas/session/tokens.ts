import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { authenticate } from '../../platform/http/authenticate';
import { field, ok, required } from '../../platform/http/envelope';

/** POST /user/refresh-token, /user/logout1: a session's refresh and its end. */
export function registerSessionTokenRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/user/refresh-token', async (request) => {
    const refreshToken = field(request.body, 'refresh_token');
    if (!refreshToken) throw required(['refresh_token']);
    return ok(await ctx.tokens.rotate(refreshToken, field(request.body, 'access_token')));
  });

  // Ends the session the access token belongs to, which also voids its refresh tokens. An expired
  // access token must still be able to sign out, so a failed check falls back to the refresh token.
  app.post('/user/logout1', async (request) => {
    try {
      const caller = await authenticate(ctx, request);
      await ctx.tokens.revokeSession(caller.claims.sid);
    } catch (error) {
      const refreshToken = field(request.body, 'refresh_token');
      if (!refreshToken || !(await ctx.tokens.revokeByRefreshToken(refreshToken))) throw error;
    }
    return ok({ success: true });
  });
}
