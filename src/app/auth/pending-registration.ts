import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';

/**
 * The temporary session between a unified-login sign-in and /register-digistore-id (D8). Kept in
 * memory only: not in storage and not in history state, so a token never outlives the tab's page.
 */
export interface PendingRegistration {
  tokens: StoredTokens;
  profile: UserInfo | null;
  from: string;
}

let pending: PendingRegistration | null = null;

export function setPendingRegistration(value: PendingRegistration | null): void {
  pending = value;
}

export function takePendingRegistration(): PendingRegistration | null {
  return pending;
}
