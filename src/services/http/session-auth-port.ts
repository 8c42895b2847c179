import type { StoredTokens } from '../shared/schemas/auth';
import type { AuthPort } from './auth-port';

/** The tags of the session machine this port reads (docs/architecture.md, "session"). */
export type SessionPortTag = 'refreshing' | 'signedIn' | 'signedOut';

export interface SessionSnapshotLike {
  hasTag(tag: SessionPortTag): boolean;
  context: { tokens: StoredTokens | null };
  /** xstate snapshots carry it; anything but 'active' means the session actor has stopped. */
  status?: string;
}

/** Structural view of the session actor, so this file does not import the machine. */
export interface SessionActorLike<S extends SessionSnapshotLike = SessionSnapshotLike> {
  send(event: { type: 'TOKEN_EXPIRED' } | { type: 'USER_LOCKED' }): void;
  getSnapshot(): S;
  subscribe(next: (snapshot: S) => void, error?: (error: unknown) => void, complete?: () => void): { unsubscribe(): void };
}

export interface SessionAuthPortOptions {
  now?: () => number;
  /**
   * How long to wait for the machine to enter `refreshing` after TOKEN_EXPIRED. A machine that
   * ignores the event (e.g. mid sign-out) must not leave requests hanging forever.
   */
  refreshStartGraceMs?: number;
}

const isStopped = (s: SessionSnapshotLike) => s.status !== undefined && s.status !== 'active';
const isSettled = (s: SessionSnapshotLike) => isStopped(s) || (!s.hasTag('refreshing') && (s.hasTag('signedIn') || s.hasTag('signedOut')));
const usableToken = (s: SessionSnapshotLike): string | null =>
  !isStopped(s) && s.hasTag('signedIn') && !s.hasTag('signedOut') ? (s.context.tokens?.accessToken ?? null) : null;

/**
 * AuthPort on the session actor. Single flight has two layers: this port sends TOKEN_EXPIRED at most
 * once per refresh, and the machine ignores the event while `refreshing`; every caller then waits
 * for the tag to clear and reads the new token from the context.
 */
export function createSessionAuthPort<S extends SessionSnapshotLike>(
  actor: SessionActorLike<S>,
  options: SessionAuthPortOptions = {},
): AuthPort {
  const now = options.now ?? Date.now;
  const grace = options.refreshStartGraceMs ?? 2_000;
  let inFlight: Promise<SessionSnapshotLike> | null = null;

  function waitFor(
    done: (s: SessionSnapshotLike) => boolean,
    timeout?: { ms: number; onTimeout: () => boolean },
  ): Promise<SessionSnapshotLike> {
    return new Promise((resolve) => {
      const first = actor.getSnapshot();
      if (done(first)) return resolve(first);
      let finished = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Assigned after `finish` exists: subscribe may call back at once, before it returns.
      // eslint-disable-next-line prefer-const
      let subscription: { unsubscribe(): void } | undefined;
      const finish = (s: SessionSnapshotLike) => {
        if (finished) return;
        finished = true;
        if (timer !== undefined) clearTimeout(timer);
        subscription?.unsubscribe();
        resolve(s);
      };
      subscription = actor.subscribe(
        (s) => done(s) && finish(s),
        () => finish(actor.getSnapshot()),
        () => finish(actor.getSnapshot()),
      );
      if (finished) subscription.unsubscribe();
      if (timeout) {
        timer = setTimeout(() => {
          if (timeout.onTimeout()) finish(actor.getSnapshot());
        }, timeout.ms);
      }
    });
  }

  function refreshOnce(): Promise<SessionSnapshotLike> {
    if (inFlight) return inFlight;
    const before = actor.getSnapshot().context.tokens?.accessToken ?? null;
    let sawRefreshing = false;
    const done = (s: SessionSnapshotLike) => {
      if (s.hasTag('refreshing')) sawRefreshing = true;
      if (isStopped(s) || (s.hasTag('signedOut') && !s.hasTag('refreshing'))) return true;
      if (s.hasTag('refreshing')) return false;
      return sawRefreshing || (s.context.tokens?.accessToken ?? null) !== before;
    };
    actor.send({ type: 'TOKEN_EXPIRED' });
    inFlight = waitFor(done, { ms: grace, onTimeout: () => !sawRefreshing }).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function settled(): Promise<SessionSnapshotLike> {
    if (inFlight) await inFlight;
    return waitFor(isSettled);
  }

  return {
    async getAccessToken() {
      const s = await settled();
      const tokens = usableToken(s) ? s.context.tokens : null;
      if (!tokens) return null;
      if (now() < tokens.expiresAt) return tokens.accessToken;
      // Locally expired: renew first rather than collect a 401. If the machine keeps the same
      // token (it declined), send it anyway and let the server decide.
      return usableToken(await refreshOnce());
    },

    async tokenRejected(rejectedToken) {
      const current = usableToken(await settled());
      if (!current) return null;
      // Someone else already renewed while this request was on the wire.
      if (rejectedToken !== undefined && current !== rejectedToken) return current;
      const next = usableToken(await refreshOnce());
      return next && next !== rejectedToken ? next : null;
    },

    userLocked() {
      actor.send({ type: 'USER_LOCKED' });
    },
  };
}
