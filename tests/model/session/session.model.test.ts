import { DEFAULT_IDLE_LIMIT_MS, sessionMachine, type SessionContext } from '../../../src/machines/session/session.machine';
import { expiredTokens, freshTokens, networkError, otherTabTokens, profile, refreshedTokens, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const LAST_ACTIVE = 1_700_000_000_000;

const events: SampleEvent[] = [
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.done.actor.restoreSession', output: freshTokens },
  { type: 'xstate.done.actor.restoreSession', output: expiredTokens },
  { type: 'xstate.error.actor.restoreSession', error: serviceError('INVALID_RESPONSE', 0) },
  { type: 'xstate.done.actor.refreshTokens', output: refreshedTokens },
  { type: 'xstate.error.actor.refreshTokens', error: serviceError('TOKEN_INCORRECT', 401) },
  { type: 'xstate.error.actor.refreshTokens', error: networkError },
  { type: 'xstate.done.actor.loadProfile', output: profile },
  { type: 'xstate.error.actor.loadProfile', error: serviceError('AUTHEN_FAIL', 401) },
  { type: 'xstate.error.actor.loadProfile', error: serviceError('TOKEN_EXPIRED', 401) },
  { type: 'xstate.error.actor.loadProfile', error: networkError },
  { type: 'xstate.error.actor.loadProfile', error: serviceError('INTERNAL_ERROR', 500) },
  { type: 'xstate.done.actor.readKeptProfile', output: profile },
  { type: 'xstate.done.actor.readKeptProfile', output: null },
  { type: 'xstate.error.actor.readKeptProfile', error: new Error('IndexedDB unavailable') },
  { type: 'xstate.done.actor.logoutCall', output: undefined },
  { type: 'xstate.error.actor.logoutCall', error: networkError },
  { type: 'xstate.error.actor.watchOtherTabs', error: new Error('BroadcastChannel unavailable') },
  { type: 'SIGNED_IN', tokens: freshTokens },
  { type: 'TOKEN_EXPIRED' },
  { type: 'USER_LOCKED' },
  { type: 'LOGOUT', reason: 'user' },
  { type: 'LOGOUT', reason: 'login-page' },
  // Exactly the limit signs out; a millisecond less does not.
  { type: 'WINDOW_FOCUSED', now: LAST_ACTIVE + DEFAULT_IDLE_LIMIT_MS, lastActive: LAST_ACTIVE },
  { type: 'WINDOW_FOCUSED', now: LAST_ACTIVE + DEFAULT_IDLE_LIMIT_MS - 1, lastActive: LAST_ACTIVE },
  { type: 'OTHER_TAB_SIGNED_OUT' },
  { type: 'OTHER_TAB_TOKENS', tokens: otherTabTokens },
  { type: 'PROFILE.RELOAD' },
];

function sessionProjection(context: SessionContext) {
  return {
    hasTokens: context.tokens !== null,
    hasProfile: context.profile !== null,
    profileError: context.profileError,
    profileKept: context.profileKept,
    endReason: context.endReason,
    logoutFailed: context.lastLogoutError !== null,
  };
}

describeModel({
  name: 'session',
  machine: sessionMachine,
  promiseActors: ['restoreSession', 'loadProfile', 'readKeptProfile', 'refreshTokens', 'logoutCall'],
  callbackActors: ['watchOtherTabs', 'watchServiceBack'],
  spyActions: ['persistTokens', 'clearStoredSession', 'announceSignOut', 'goToLogin', 'keepProfile'],
  variants: [{ events, project: sessionProjection as (context: never) => unknown }],
  check(outcome) {
    for (const [index, step] of outcome.steps.entries()) {
      const fail = (message: string) => {
        throw new Error(`step ${index} (${step.event.type}): ${message}`);
      };
      const after = step.after.context as SessionContext;
      const before = step.before?.context as SessionContext | undefined;
      const called = (name: string) => step.actions.filter((call) => call.action === name);

      // Every new token pair reaches storage, except the ones just read from it.
      if (after.tokens && after.tokens !== before?.tokens && step.event.type !== 'xstate.done.actor.restoreSession') {
        const persisted = called('persistTokens').map((call) => (call.params as { tokens: unknown }).tokens);
        if (!persisted.includes(after.tokens)) fail('new tokens were not persisted');
      }

      const wasIn = step.before && (step.before.hasTag('signedIn') || step.before.hasTag('signingOut'));
      if (wasIn && step.after.hasTag('signedOut')) {
        if (after.tokens !== null || after.profile !== null) fail('signed out but still holding the session');
        if (called('clearStoredSession').length !== 1 || called('goToLogin').length !== 1) {
          fail('ending a session must clear storage and go to /login once');
        }
        const announces = called('announceSignOut').length;
        if (announces !== (step.event.type === 'OTHER_TAB_SIGNED_OUT' ? 0 : 1)) fail('other tabs told wrongly');
      }
      if (step.before?.hasTag('restoring') && called('goToLogin').length > 0) {
        fail('restoring must leave navigation to the router');
      }

      for (const call of step.invoked) {
        if (call.id === 'logoutCall' && !step.after.matches('signingOut')) fail('logout call outside signingOut');
        if (call.id === 'refreshTokens' && (call.input as { tokens: unknown }).tokens !== after.tokens) {
          fail('refresh must send the held tokens');
        }
      }
      if (step.event.type === 'TOKEN_EXPIRED' && step.before?.hasTag('refreshing') && step.invoked.length > 0) {
        fail('a second TOKEN_EXPIRED started another refresh');
      }
      // D367: every profile the service returns is offered for keeping; a kept one only when none came.
      if (step.event.type === 'xstate.done.actor.loadProfile' && step.before?.hasTag('signedIn')) {
        const kept = called('keepProfile');
        if (kept.length !== 1 || (kept[0]!.params as { profile: unknown }).profile !== after.profile)
          fail('the loaded profile was not kept');
        if (after.profileKept) fail('a profile from the service still marked as kept');
      }
      if (
        after.profileKept &&
        step.after.hasTag('signedIn') &&
        (!step.after.hasTag('profileReady') || !step.after.hasTag('profileKept') || after.profileError === null)
      ) {
        fail('a kept profile must open the shell marked offline, with the unanswered code');
      }
      if (
        step.event.type === 'xstate.done.actor.readKeptProfile' &&
        step.after.hasTag('profileKept') &&
        after.profileError !== 'NETWORK_ERROR'
      ) {
        fail('the kept profile opens only after a call got no answer');
      }
      if (step.event.type === 'xstate.error.actor.logoutCall' && after.lastLogoutError !== 'NETWORK_ERROR') {
        fail('logout failure not recorded');
      }
      if (step.event.type === 'xstate.error.actor.watchOtherTabs' && after.tabSyncError !== 'UNKNOWN_ERROR') {
        fail('tab sync failure not recorded');
      }
    }
  },
});
