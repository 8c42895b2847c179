import type { FastifyRequest } from 'fastify';
import type { TokenClaims, TokenKind } from '../auth/tokens';
import { findUserById, isLocked, type UserRow } from '../auth/users';
import type { SandboxContext } from '../context';
import { ApiError } from './envelope';

export interface Caller {
  user: UserRow;
  claims: TokenClaims;
  token: string;
}

/** Both tokens open the sale service: deployments with saleTokenExchange send the wesap token (core §6). */
export const SALE_TOKEN_KINDS = ['access', 'wesap'] as const satisfies readonly TokenKind[];

const authenFail = () => new ApiError(401, 'AUTHEN_FAIL', 'Authentication failed');

/**
 * Bearer check of the wire contract: missing/invalid → 401 AUTHEN_FAIL, expired → 401 TOKEN_EXPIRED,
 * account locked since the token was issued → 403 USER_LOCKED_USING. A token of an ended session
 * (logout, password reset) counts as invalid.
 */
export async function authenticate(
  ctx: SandboxContext,
  request: FastifyRequest,
  accept: readonly TokenKind[] = ['access'],
): Promise<Caller> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw authenFail();
  const claims = await ctx.tokens.verify(match[1], accept);
  const user = await findUserById(ctx.db, Number(claims.sub));
  if (!user || user.merchant_id !== claims.merchant_id) throw authenFail();
  if (!(await ctx.tokens.isSessionActive(claims.sid))) throw authenFail();
  const now = ctx.clock.now();
  if (isLocked(user, now)) {
    throw new ApiError(403, 'USER_LOCKED_USING', 'User is locked', { locked_until: Math.floor(user.locked_until! / 1000) });
  }
  return { user, claims, token: match[1] };
}

/**
 * Core §6: only two kinds of user are told apart, the owner (role Customer) and staff-type users (any
 * other role). Managing staff, stores, bank accounts, ShopQR, card machines and e-invoice settings is
 * the owner's (D87): a staff-type caller is refused with PERMISSION_DENY whatever the portal shows.
 */
export function isOwnerRole(role: string): boolean {
  return role === 'Customer';
}

export function requireOwner(caller: Caller): Caller {
  if (!isOwnerRole(caller.user.role)) throw new ApiError(403, 'PERMISSION_DENY', 'Only the owner may do this');
  return caller;
}

/** `authenticate` and `requireOwner` in one: the bearer check, then the owner rule. */
export async function authenticateOwner(ctx: SandboxContext, request: FastifyRequest): Promise<Caller> {
  return requireOwner(await authenticate(ctx, request));
}
