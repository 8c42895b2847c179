import { z } from '../../../config/zod-mini';
import type { AuthMode, ServiceClient } from '../../http/client';
import { tokenPairSchema, userInfoSchema, type TokenPair, type UserInfo } from '../schemas/auth';

/** Portal /user calls (docs/architecture.md wire table). Each takes the portal client. */

const successSchema = z.object({ success: z.literal(true) });
/** A reset link's check says only that it is good; a dead link is an error answer (410 / 400). */
export const resetLinkCheckSchema = z.object({ valid: z.literal(true) });
export const wesapTokenSchema = z.object({ token: z.string().check(z.minLength(1)) });

export function loginCall(client: ServiceClient, body: { username: string; password: string }): Promise<TokenPair> {
  return client.data({ name: 'login', method: 'POST', path: '/user/login', body, auth: false, schema: tokenPairSchema });
}

/** Unauthenticated by design: it runs exactly when the access token is no longer good. */
export function refreshTokenCall(client: ServiceClient, body: { refresh_token: string; access_token: string }): Promise<TokenPair> {
  return client.data({ name: 'refreshToken', method: 'POST', path: '/user/refresh-token', body, auth: false, schema: tokenPairSchema });
}

/** Explicit bearer: the session is ending, so no refresh may be started on its behalf. */
export async function logoutCall(client: ServiceClient, tokens: { accessToken: string; refreshToken: string | null }): Promise<void> {
  await client.data({
    name: 'logout',
    method: 'POST',
    path: '/user/logout1',
    body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
    auth: { token: tokens.accessToken },
    schema: successSchema,
  });
}

/** `auth` defaults to the session; login passes its fresh token before a session exists. */
export function userInfoCall(client: ServiceClient, auth: AuthMode = true): Promise<UserInfo> {
  return client.data({ name: 'userInfo', path: '/user/info', auth, schema: userInfoSchema });
}

export function wesapTokenCall(client: ServiceClient): Promise<z.output<typeof wesapTokenSchema>> {
  return client.data({ name: 'wesapToken', path: '/user/wesap-token', schema: wesapTokenSchema });
}

export async function forgotPasswordCall(client: ServiceClient, body: { email: string }): Promise<void> {
  await client.data({ name: 'forgotPassword', method: 'POST', path: '/user/forgot-password', body, auth: false, schema: successSchema });
}

export async function resetPasswordCall(client: ServiceClient, body: { token: string; new_password: string }): Promise<void> {
  await client.data({ name: 'resetPassword', method: 'PUT', path: '/user/forgot-password', body, auth: false, schema: successSchema });
}

/**
 * Is the e-mailed reset link still good (core §5)? A read: the token stays usable. The token goes in
 * the body, never the query, so it stays out of logs and history.
 */
export async function checkResetLinkCall(client: ServiceClient, body: { token: string }, signal?: AbortSignal): Promise<void> {
  await client.data({
    name: 'checkResetLink',
    method: 'POST',
    path: '/user/forgot-password/check',
    body,
    auth: false,
    schema: resetLinkCheckSchema,
    signal,
  });
}
