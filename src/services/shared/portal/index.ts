import type { AuthMode, ServiceClient } from '../../http/client';
import type { BusinessProfile, TokenPair, UserInfo } from '../schemas/auth';
import { businessCall } from './business';
import {
  checkResetLinkCall,
  forgotPasswordCall,
  loginCall,
  logoutCall,
  refreshTokenCall,
  resetPasswordCall,
  userInfoCall,
  wesapTokenCall,
} from './user';

export * from './user';
export * from './business';

/** The portal service's calls bound to one client; what actors and screens depend on. */
export interface PortalApi {
  login(body: { username: string; password: string }): Promise<TokenPair>;
  refreshToken(body: { refresh_token: string; access_token: string }): Promise<TokenPair>;
  logout(tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
  userInfo(auth?: AuthMode): Promise<UserInfo>;
  wesapToken(): Promise<{ token: string }>;
  forgotPassword(body: { email: string }): Promise<void>;
  checkResetLink(body: { token: string }, signal?: AbortSignal): Promise<void>;
  resetPassword(body: { token: string; new_password: string }): Promise<void>;
  business(): Promise<BusinessProfile>;
}

export function createPortalApi(client: ServiceClient): PortalApi {
  return {
    login: (body) => loginCall(client, body),
    refreshToken: (body) => refreshTokenCall(client, body),
    logout: (tokens) => logoutCall(client, tokens),
    userInfo: (auth) => userInfoCall(client, auth),
    wesapToken: () => wesapTokenCall(client),
    forgotPassword: (body) => forgotPasswordCall(client, body),
    checkResetLink: (body, signal) => checkResetLinkCall(client, body, signal),
    resetPassword: (body) => resetPasswordCall(client, body),
    business: () => businessCall(client),
  };
}
