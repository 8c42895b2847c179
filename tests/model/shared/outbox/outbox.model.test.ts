import { outboxMachine, type OutboxContext } from '../../../../src/machines/shared/outbox/outbox.machine';
import type { OutboxEntry, OutboxSnapshot, OutboxUpdate } from '../../../../src/services/shared/outbox/schemas';
import { networkError, serviceError } from '../fixtures/auth';
import { describeModel } from '../harness';

/** D329–D332: the till's offline outbox; queued in order, replayed in order, a conflict shown to the cashier. */

const order: OutboxEntry = {
  id: 1,
  kind: 'order.create',
  payload: { table: 4 },
  key: 'outbox-1',
  createdAt: 0,
  attempts: 0,
  lastError: null,
  state: 'waiting',
  conflict: null,
};
const conflicted: OutboxEntry = { ...order, state: 'conflict', conflict: 'changed elsewhere' };

const empty: OutboxSnapshot = { waiting: 0, head: null };
const oneWaiting: OutboxSnapshot = { waiting: 1, head: order };
const oneConflict: OutboxSnapshot = { waiting: 1, head: conflicted };
const storageFailed = { code: 'QUOTA_EXCEEDED' };

/** What decides the next step: whether something waits, is in conflict or is being written. */
function project(c: OutboxContext) {
  return {
    online: c.online,
    waiting: c.waiting > 0,
    head: c.head?.state ?? null,
    current: c.current?.state ?? null,
    conflict: c.conflict !== null,
    toAdd: Math.min(c.toAdd.length, 2),
    stale: c.stale,
    failing: c.attempt > 0,
  };
}

const snapshots = (id: string, outputs: OutboxSnapshot[]) => [
  ...outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output })),
  { type: `xstate.error.actor.${id}`, error: storageFailed },
];

describeModel({
  name: 'outbox',
  machine: outboxMachine,
  promiseActors: ['readQueue', 'enqueue', 'update', 'send', 'probe'],
  callbackActors: ['watchStore', 'watchNetwork', 'replayLock'],
  spyActions: ['notifyNotQueued'],
  variants: [
    {
      // The queue region: actions written in turn, another tab's news read; the link stays offline.
      variant: 'queue',
      input: { online: false },
      ignore: ['NETWORK.UP', 'NETWORK.DOWN', 'LOCK.HELD'],
      events: [
        { type: 'ENQUEUE', kind: 'order.create', payload: { table: 4 } },
        { type: 'STORE.CHANGED' },
        ...snapshots('loadQueue', [empty, oneWaiting]),
        ...snapshots('enqueue', [oneWaiting]),
        ...snapshots('refreshQueue', [empty]),
        { type: 'xstate.done.actor.probe', output: undefined },
        { type: 'xstate.error.actor.probe', error: networkError },
      ],
      project: project as (context: never) => unknown,
    },
    {
      // The link region: replay, offline, backoff and conflict; another tab may clear the conflict.
      variant: 'replay',
      input: { online: true },
      ignore: ['ENQUEUE'],
      events: [
        { type: 'NETWORK.UP' },
        { type: 'NETWORK.DOWN' },
        { type: 'LOCK.HELD' },
        { type: 'STORE.CHANGED' },
        { type: 'RESOLVE.DISCARD' },
        { type: 'RESOLVE.RETRY' },
        ...snapshots('loadQueue', [oneWaiting, oneConflict]),
        ...snapshots('refreshQueue', [empty]),
        ...snapshots('readHead', [empty, oneWaiting, oneConflict]),
        { type: 'xstate.done.actor.send', output: { kind: 'sent' } },
        { type: 'xstate.done.actor.send', output: { kind: 'conflict', message: 'changed elsewhere' } },
        { type: 'xstate.error.actor.send', error: networkError },
        { type: 'xstate.error.actor.send', error: serviceError('SYSTEM_FAIL', 500) },
        ...snapshots('remove', [empty]),
        ...snapshots('markConflict', [oneConflict]),
        ...snapshots('markFailed', [oneWaiting]),
        ...snapshots('discard', [empty]),
        ...snapshots('retry', [oneWaiting]),
        { type: 'xstate.done.actor.probe', output: undefined },
        { type: 'xstate.error.actor.probe', error: networkError },
      ],
      project: project as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const before = step.before?.context as OutboxContext | undefined;
      const after = step.after.context as OutboxContext;
      for (const call of step.invoked) {
        // D332: only the first entry is ever sent, and only under the replay lock.
        if (call.id === 'send') {
          if ((call.input as OutboxEntry).id !== after.current?.id) throw new Error('sent an entry that is not the first');
          if (!step.after.hasTag('replaying')) throw new Error('sent outside the replay');
        }
        // D331: a conflict is resolved only by the cashier's word on that very entry.
        const update = call.input as OutboxUpdate;
        if (call.id === 'discard' && step.event.type !== 'RESOLVE.DISCARD') throw new Error('discarded without the cashier');
        if ((call.id === 'discard' || call.id === 'retry') && update.id !== before?.conflict?.id)
          throw new Error('resolved another entry than the one shown');
        // Actions are written one at a time, the first given first.
        if (call.id === 'enqueue' && JSON.stringify(call.input) !== JSON.stringify(after.toAdd[0]))
          throw new Error('wrote an action out of turn');
      }
      if (step.event.type === 'xstate.error.actor.enqueue' && !step.actions.some((action) => action.action === 'notifyNotQueued'))
        throw new Error('an action that was not queued went unsaid');
      if (step.event.type === 'xstate.error.actor.send' && errorIsNetwork(step.event) && after.online)
        throw new Error('a send without an answer did not go offline');
      if (step.after.matches({ link: { online: 'conflict' } }) && after.conflict === null)
        throw new Error('a conflict state without the entry to show');
      // D332: replay never goes on past an entry in conflict.
      if (step.after.matches({ link: { online: { replaying: 'sending' } } }) && after.current?.state !== 'waiting')
        throw new Error('sent an entry in conflict');
    }
  },
});

function errorIsNetwork(event: unknown): boolean {
  return (event as { error?: { code?: string } }).error?.code === 'NETWORK_ERROR';
}
