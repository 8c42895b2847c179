import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUserById, isLocked } from '../auth/users';
import type { SandboxContext } from '../context';
import { escapeHtml, page } from './html';
import { ownOrigins } from './origin';

/** The portal's single-sign-on return route: /portal/auth-…-check (core §2). */
const RETURN_PATH = /^\/portal\/auth-(?:[\w.~-]*-)?check$/;

/** Only a return route of this same portal may receive a token; anything else would leak it. */
export function acceptableRedirect(ctx: SandboxContext, request: FastifyRequest, raw: unknown): URL | null {
  if (typeof raw !== 'string' || !raw) return null;
  let url: URL;
  try {
    url = new URL(raw, ctx.publicUrl());
  } catch {
    return null;
  }
  if (!ownOrigins(ctx, request).has(url.origin) || !RETURN_PATH.test(url.pathname) || url.hash) return null;
  return url;
}

function htmlAnswer(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page(title, body));
}

/**
 * GET /sandbox/sso/authorize?redirect_uri=…: a stand-in identity provider (flag unifiedLogin). Choosing
 * an account redirects to redirect_uri#access_token=<access token>, like the real provider's implicit
 * return; there is no refresh token on this path.
 */
export function registerSsoControls(app: FastifyInstance, ctx: SandboxContext): void {
  const title = 'Sandbox identity provider';

  app.get('/sandbox/sso/authorize', async (request, reply) => {
    if (!ctx.portalConfig().features.unifiedLogin) {
      return htmlAnswer(
        reply,
        404,
        title,
        '<h1>Unified login is off</h1><p>Start the sandbox with SANDBOX_FEATURES=unifiedLogin=true.</p>',
      );
    }
    const raw = (request.query as { redirect_uri?: string }).redirect_uri;
    const redirect = acceptableRedirect(ctx, request, raw);
    if (!redirect) {
      return htmlAnswer(
        reply,
        400,
        title,
        "<h1>Invalid redirect_uri</h1><p>Only this portal's /portal/auth-…-check route is accepted.</p>",
      );
    }
    const users = await ctx.db.query<{ id: number; username: string; full_name: string; role: string; merchant: string }>(
      `SELECT u.id, u.username, u.full_name, u.role, m.name AS merchant FROM users u JOIN merchants m ON m.id = u.merchant_id
       ORDER BY u.throwaway, u.id`,
    );
    const items = users
      .map((u) => {
        const href = `/sandbox/sso/authorize/choose?user=${u.id}&redirect_uri=${encodeURIComponent(redirect.href)}`;
        return `<li class="card"><a class="button" href="${escapeHtml(href)}">${escapeHtml(u.username)}</a>
<span> ${escapeHtml(u.full_name)} · ${escapeHtml(u.role)} · ${escapeHtml(u.merchant)}</span></li>`;
      })
      .join('\n');
    return htmlAnswer(
      reply,
      200,
      title,
      `<h1>Đăng nhập hợp nhất (sandbox) / Unified sign-in (sandbox)</h1>
<p class="note">Choose an account; you will return to ${escapeHtml(redirect.pathname)} signed in.</p>
<ul style="list-style:none;padding:0">${items}</ul>`,
    );
  });

  app.get('/sandbox/sso/authorize/choose', async (request, reply) => {
    if (!ctx.portalConfig().features.unifiedLogin) return htmlAnswer(reply, 404, title, '<h1>Unified login is off</h1>');
    const query = request.query as { user?: string; redirect_uri?: string };
    const redirect = acceptableRedirect(ctx, request, query.redirect_uri);
    const user = query.user && /^\d+$/.test(query.user) ? await findUserById(ctx.db, Number(query.user)) : undefined;
    if (!redirect || !user) return htmlAnswer(reply, 400, title, '<h1>Invalid request</h1>');
    if (isLocked(user, ctx.clock.now())) {
      return htmlAnswer(reply, 423, title, `<h1>Tài khoản bị khoá / Account locked</h1><p>${escapeHtml(user.username)}</p>`);
    }
    const token = await ctx.tokens.startAccessOnlySession(user);
    return reply.header('Cache-Control', 'no-store').redirect(`${redirect.href}#access_token=${encodeURIComponent(token)}`);
  });
}
