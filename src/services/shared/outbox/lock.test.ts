import { describe, expect, it } from 'vitest';
import { holdReplayLock, type ReplayLocks } from './lock';

/**
 * An exclusive lock manager with the Web Locks API's queueing (MDN, LockManager.request): a request
 * waits until the lock is let go; aborting a request still waiting withdraws it; aborting after the
 * grant changes nothing.
 */
function fakeLocks(): ReplayLocks {
  const tails = new Map<string, Promise<void>>();
  const request = (name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) => {
    const before = tails.get(name) ?? Promise.resolve();
    let free: () => void = () => {};
    const mine = new Promise<void>((resolve) => (free = resolve));
    tails.set(
      name,
      before.then(() => mine),
    );
    return new Promise<unknown>((resolve, reject) => {
      let granted = false;
      let withdrawn = false;
      options.signal?.addEventListener('abort', () => {
        if (granted) return;
        withdrawn = true;
        free();
        reject(new DOMException('withdrawn', 'AbortError'));
      });
      void before.then(async () => {
        if (withdrawn) return;
        granted = true;
        try {
          resolve(await callback({ name, mode: 'exclusive' } as Lock));
        } finally {
          free();
        }
      });
    });
  };
  return { request: request as ReplayLocks['request'] };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('replay lock (D330)', () => {
  it('lets one tab replay at a time and hands the lock on when it lets go', async () => {
    const locks = fakeLocks();
    const held: string[] = [];
    const letGoA = holdReplayLock(locks, 'outbox:replay', () => held.push('A'));
    const letGoB = holdReplayLock(locks, 'outbox:replay', () => held.push('B'));
    await tick();
    expect(held).toEqual(['A']);
    letGoA();
    await tick();
    await tick();
    expect(held).toEqual(['A', 'B']);
    letGoB();
  });

  it('withdraws a request still waiting, so a tab that stopped replaying never gets the lock', async () => {
    const locks = fakeLocks();
    const held: string[] = [];
    const letGoA = holdReplayLock(locks, 'outbox:replay', () => held.push('A'));
    const letGoB = holdReplayLock(locks, 'outbox:replay', () => held.push('B'));
    const letGoC = holdReplayLock(locks, 'outbox:replay', () => held.push('C'));
    await tick();
    letGoB();
    letGoA();
    for (let i = 0; i < 5; i += 1) await tick();
    expect(held).toEqual(['A', 'C']);
    letGoC();
  });

  it('replays unguarded where the browser has no Web Locks: the idempotency key keeps a double send harmless', () => {
    const held: string[] = [];
    const letGo = holdReplayLock(null, 'outbox:replay', () => held.push('A'));
    expect(held).toEqual(['A']);
    letGo();
  });
});
