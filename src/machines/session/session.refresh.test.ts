import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';
import { sessionMachine } from './session.machine';

const held: StoredTokens = { accessToken: 'A0', refreshToken: 'R0', expiresAt: Date.now() + 60_000, remember: true, method: 'original' };

function start(refreshError: { code: string; status: number }) {
  const clearStoredSession = vi.fn();
  const announceSignOut = vi.fn();
  const logic = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<StoredTokens | null>(async () => held),
      loadProfile: fromPromise<UserInfo, { tokens?: StoredTokens }>(() => new Promise(() => {})),
      refreshTokens: fromPromise<StoredTokens, { tokens: StoredTokens }>(async () => {
        throw refreshError;
      }),
    },
    actions: { clearStoredSession, announceSignOut, persistTokens: () => {}, goToLogin: () => {} },
  });
  const actor = createActor(logic, { input: { idleLimitMs: 30 * 60_000 } }).start();
  return { actor, clearStoredSession, announceSignOut };
}

describe('session refresh failures (core §4 session)', () => {
  it('a refresh that got no answer (offline, or the tab unloading mid-call) keeps the session in this tab and the others', async () => {
    const { actor, clearStoredSession, announceSignOut } = start({ code: 'NETWORK_ERROR', status: 0 });
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    actor.send({ type: 'TOKEN_EXPIRED' });
    await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.tokens).toEqual(held);
    expect(clearStoredSession).not.toHaveBeenCalled();
    expect(announceSignOut).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a refresh the server refused ends the session everywhere', async () => {
    const { actor, clearStoredSession, announceSignOut } = start({ code: 'TOKEN_INCORRECT', status: 401 });
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    actor.send({ type: 'TOKEN_EXPIRED' });
    await waitFor(actor, (s) => s.hasTag('signedOut'));
    expect(clearStoredSession).toHaveBeenCalled();
    expect(announceSignOut).toHaveBeenCalled();
    actor.stop();
  });
});
