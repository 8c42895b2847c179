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

/** The pending registration of one runtime, in the app scope (D279): `useAreaActors(pendingRegistrationOf)`. */
export const pendingRegistrationOf = () => {
  let pending: PendingRegistration | null = null;
  return {
    set(value: PendingRegistration | null): void {
      pending = value;
    },
    take(): PendingRegistration | null {
      return pending;
    },
  };
};
