import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordRuleViolations, verifyPassword } from '../../platform/auth/passwords';
import { findUserByEmail, findUserById } from '../../platform/auth/users';
import type { SandboxContext } from '../../platform/context';
import { ApiError, field, ok } from '../../platform/http/envelope';

export const RESET_LINK_TTL_MS = 20 * 60 * 1000;
export const MAX_RESET_MAILS_PER_HOUR = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
// Deliberately plain: one @, no spaces, a dot in the domain. The client checks the same shape.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /user/forgot-password (mail a link), POST /user/forgot-password/check (is the link still good?)
 * and PUT /user/forgot-password (set the new password).
 */
export function registerForgotPasswordRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerResetMailRoute(app, ctx);
  registerResetLinkRoutes(app, ctx);
}

const incorrect = () => new ApiError(400, 'TOKEN_INCORRECT', 'The reset link is not valid');

/** Mails a reset link (when the address has an account), at most MAX_RESET_MAILS_PER_HOUR per address. */
function registerResetMailRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/user/forgot-password', async (request) => {
    const email = field(request.body, 'email')?.trim().toLowerCase() ?? '';
    if (!EMAIL.test(email) || email.length > 254) throw new ApiError(400, 'INVALID_EMAIL', 'Invalid email');

    const now = ctx.clock.now();
    // Counted per address whether or not it has an account, so the limit reveals nothing either.
    const [recent] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM password_reset_requests WHERE email = $1 AND requested_at > $2`,
      [email, now - 3600_000],
    );
    if ((recent?.n ?? 0) >= MAX_RESET_MAILS_PER_HOUR) {
      throw new ApiError(429, 'SEND_EMAIL_ERROR', 'Too many reset e-mails for this address; try again later', {
        max_per_hour: MAX_RESET_MAILS_PER_HOUR,
      });
    }
    await ctx.db.query(`INSERT INTO password_reset_requests (email, requested_at) VALUES ($1, $2)`, [email, now]);

    const user = await findUserByEmail(ctx.db, email);
    if (user) {
      const token = randomBytes(32).toString('base64url');
      await ctx.db.query(`INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
        sha256(token),
        user.id,
        now,
        now + RESET_LINK_TTL_MS,
      ]);
      const link = `${ctx.publicUrl()}/portal/reset-password?token=${token}`;
      await ctx.mailbox.deliver({
        to: user.email,
        subject: 'Đặt lại mật khẩu / Reset your password',
        text: [
          `Xin chào ${user.full_name},`,
          '',
          'Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Liên kết có hiệu lực trong 20 phút và chỉ dùng được một lần:',
          link,
          'Nếu bạn không yêu cầu, hãy bỏ qua thư này.',
          '',
          `Hello ${user.full_name},`,
          '',
          'We received a request to reset your password. The link is valid for 20 minutes and can be used once:',
          link,
          'If you did not ask for this, ignore this e-mail.',
        ].join('\n'),
        links: [link],
      });
    }
    return ok({ success: true });
  });
}

/**
 * The token's row while the link can still set a password; otherwise the error the set call
 * answers (unknown or used: 400 TOKEN_INCORRECT, past 20 minutes: 410 TOKEN_EXPIRED).
 */
async function liveLink(ctx: SandboxContext, token: string, now: number): Promise<{ user_id: number }> {
  if (!token) throw incorrect();
  const [row] = await ctx.db.query<{ user_id: number; expires_at: number; used_at: number | null }>(
    `SELECT user_id, expires_at, used_at FROM password_reset_tokens WHERE token_hash = $1`,
    [sha256(token)],
  );
  if (!row || row.used_at !== null) throw incorrect();
  if (row.expires_at <= now) throw new ApiError(410, 'TOKEN_EXPIRED', 'The reset link has expired');
  return row;
}

/** Checking a link, and setting the new password through it. */
function registerResetLinkRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // POST /user/forgot-password/check {token}: the reset page asks on opening whether its link is
  // still good (core §5). It reads only: the token stays usable, and the answer names no user. The
  // token travels in the body, never the query, so it stays out of access logs.
  app.post('/user/forgot-password/check', async (request) => {
    const row = await liveLink(ctx, field(request.body, 'token') ?? '', ctx.clock.now());
    if (!(await findUserById(ctx.db, row.user_id))) throw incorrect();
    return ok({ valid: true });
  });

  app.put('/user/forgot-password', async (request) => {
    const token = field(request.body, 'token') ?? '';
    const newPassword = field(request.body, 'new_password');
    const now = ctx.clock.now();
    const row = await liveLink(ctx, token, now);

    const broken = newPassword === undefined ? ['length'] : passwordRuleViolations(newPassword);
    if (broken.length) throw new ApiError(400, 'REQUIRED', 'The new password does not meet the rules', { rules: broken });
    const user = await findUserById(ctx.db, row.user_id);
    if (!user) throw incorrect();
    if (await verifyPassword(newPassword!, user.password_hash)) {
      throw new ApiError(400, 'PASSWORD_DUPLICATE', 'The new password must differ from the current one');
    }

    // Claim the token atomically: of two parallel submissions only one may change the password.
    const claimed = await ctx.db.query(
      `UPDATE password_reset_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING user_id`,
      [sha256(token), now],
    );
    if (!claimed.length) throw incorrect();
    // A reset is the spec's way out of a lock, and it ends every session and every other pending link.
    await ctx.db.query(`UPDATE users SET password_hash = $2, failed_login_count = 0, locked_until = NULL WHERE id = $1`, [
      user.id,
      await hashPassword(newPassword!),
    ]);
    await ctx.db.query(`UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [user.id, now]);
    await ctx.tokens.revokeUserSessions(user.id);
    return ok({ success: true });
  });
}
