import { outboxSetup } from './outbox.setup';

export * from './outbox.setup';

/**
 * The till's offline outbox (D329–D332): actions that need the service are queued in the browser
 * and replayed in order once it can be reached. No I/O here: the queue (IndexedDB), the send, the
 * reachability probe, the other tabs' news and the replay lock are injected actors
 * (src/services/shared/outbox/actors.ts).
 *
 * Two regions:
 *  - queue: ENQUEUE writes the action through `enqueue`, one at a time in the order given; the count
 *    is read back after every write, and again when another tab announces a change (STORE.CHANGED);
 *  - link: offline (NETWORK.DOWN, or a send that got no answer) until NETWORK.UP or a probe that
 *    reaches the service; online, replay runs whenever something waits: under the replay lock (one
 *    tab at a time, D330) it reads the first entry, sends it with its idempotency key and removes it
 *    on success, then the next. The first entry is never skipped (D332): a refusal records its error
 *    and waits (2 s, 4 s … 60 s) before the same entry is sent again; a conflict answer stops the
 *    replay with that entry shown until the cashier discards it or sends it again (D331).
 */
export const outboxMachine = outboxSetup.createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    online: input.online,
    waiting: 0,
    head: null,
    current: null,
    conflict: null,
    toAdd: [],
    stale: false,
    attempt: 0,
    lastError: null,
    storeError: null,
  }),
  type: 'parallel',
  invoke: [
    { id: 'watchStore', src: 'watchStore' },
    { id: 'watchNetwork', src: 'watchNetwork' },
  ],
  states: {
    queue: {
      initial: 'loading',
      on: {
        ENQUEUE: {
          actions: {
            type: 'addToQueue',
            params: ({ event }) =>
              event.key ? { kind: event.kind, payload: event.payload, key: event.key } : { kind: event.kind, payload: event.payload },
          },
        },
        'STORE.CHANGED': { actions: 'markStale' },
      },
      states: {
        loading: {
          description: 'Reads the queue left by a reload or by another tab.',
          invoke: {
            id: 'loadQueue',
            src: 'readQueue',
            onDone: { target: 'ready', actions: { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) } },
            onError: { target: 'ready', actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          always: [
            { guard: 'hasToAdd', target: 'adding' },
            { guard: 'isStale', target: 'refreshing' },
          ],
        },
        adding: {
          tags: ['storing'],
          description: 'Writes the first action not yet queued, with a new idempotency key; the others wait their turn.',
          invoke: {
            id: 'enqueue',
            src: 'enqueue',
            input: ({ context }) => context.toAdd[0]!,
            onDone: {
              target: 'ready',
              actions: ['takeAdded', { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) }],
            },
            onError: {
              target: 'ready',
              actions: [
                { type: 'notifyNotQueued', params: ({ context }) => context.toAdd[0]! },
                'takeAdded',
                { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        refreshing: {
          entry: 'clearStale',
          description: 'Another tab changed the queue: its count and first entry are read again.',
          invoke: {
            id: 'refreshQueue',
            src: 'readQueue',
            onDone: { target: 'ready', actions: { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) } },
            onError: { target: 'ready', actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    link: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'startsOnline', target: 'online' }, { target: 'offline' }],
        },
        offline: {
          tags: ['offline'],
          entry: 'setOffline',
          initial: 'resting',
          on: { 'NETWORK.UP': { target: 'online' } },
          states: {
            resting: {
              after: { probeDelay: { target: 'probing' } },
            },
            probing: {
              description: 'Asks the service whether it can be reached again.',
              invoke: {
                id: 'probe',
                src: 'probe',
                onDone: { target: '#outbox.link.online' },
                onError: { target: 'resting' },
              },
            },
          },
        },
        online: {
          entry: 'setOnline',
          initial: 'idle',
          on: { 'NETWORK.DOWN': { target: 'offline' } },
          states: {
            idle: {
              always: [
                { guard: 'hasConflict', target: 'conflict' },
                { guard: 'hasWaiting', target: 'replaying' },
              ],
            },
            replaying: {
              tags: ['replaying'],
              invoke: { id: 'replayLock', src: 'replayLock' },
              initial: 'locking',
              states: {
                locking: {
                  description: 'Waits for the replay lock: another tab may be replaying the same queue (D330).',
                  on: { 'LOCK.HELD': { target: 'reading' } },
                },
                reading: {
                  description: 'Reads the first entry afresh: another tab may have sent it meanwhile.',
                  invoke: {
                    id: 'readHead',
                    src: 'readQueue',
                    onDone: [
                      {
                        guard: { type: 'headInConflict', params: ({ event }) => ({ snapshot: event.output }) },
                        target: '#outbox.link.online.conflict',
                        actions: { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) },
                      },
                      {
                        guard: { type: 'emptyQueue', params: ({ event }) => ({ snapshot: event.output }) },
                        target: '#outbox.link.online.idle',
                        actions: { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) },
                      },
                      {
                        target: 'sending',
                        actions: [
                          { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) },
                          { type: 'setCurrent', params: ({ event }) => ({ snapshot: event.output }) },
                        ],
                      },
                    ],
                    onError: {
                      target: '#outbox.link.online.backoff',
                      actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                sending: {
                  description: 'Sends the first entry with its idempotency key: a repeat after a lost answer is answered, not redone.',
                  invoke: {
                    id: 'send',
                    src: 'send',
                    input: ({ context }) => context.current!,
                    onDone: [
                      {
                        guard: { type: 'conflictAnswer', params: ({ event }) => ({ result: event.output }) },
                        target: 'markingConflict',
                        actions: {
                          type: 'markCurrentConflict',
                          params: ({ event }) => ({ message: event.output.kind === 'conflict' ? event.output.message : '' }),
                        },
                      },
                      { target: 'removing' },
                    ],
                    onError: [
                      {
                        guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
                        target: '#outbox.link.offline',
                        actions: { type: 'setLastError', params: ({ event }) => ({ error: event.error }) },
                      },
                      { target: 'markingFailed', actions: { type: 'setLastError', params: ({ event }) => ({ error: event.error }) } },
                    ],
                  },
                },
                removing: {
                  invoke: {
                    id: 'remove',
                    src: 'update',
                    input: ({ context }) => ({ op: 'done' as const, id: context.current!.id }),
                    onDone: {
                      target: 'reading',
                      actions: ['resetAttempts', { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) }],
                    },
                    onError: {
                      target: '#outbox.link.online.backoff',
                      actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                markingConflict: {
                  description: "Keeps the service's answer on the entry, for every tab and after a reload (D331).",
                  invoke: {
                    id: 'markConflict',
                    src: 'update',
                    input: ({ context }) => ({
                      op: 'conflict' as const,
                      id: context.current!.id,
                      message: context.current!.conflict ?? '',
                    }),
                    onDone: {
                      target: '#outbox.link.online.conflict',
                      actions: { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) },
                    },
                    onError: {
                      target: '#outbox.link.online.backoff',
                      actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                markingFailed: {
                  invoke: {
                    id: 'markFailed',
                    src: 'update',
                    input: ({ context }) => ({ op: 'failed' as const, id: context.current!.id, error: context.lastError ?? '' }),
                    onDone: {
                      target: '#outbox.link.online.backoff',
                      actions: { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) },
                    },
                    onError: {
                      target: '#outbox.link.online.backoff',
                      actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
            backoff: {
              tags: ['backoff'],
              entry: 'countFailure',
              description: 'Waits 2 s, 4 s … 60 s before the same first entry is tried again (D332).',
              after: { retryDelay: { target: 'idle' } },
            },
            conflict: {
              tags: ['conflict'],
              description: 'The service said the order was changed elsewhere: the cashier discards the entry or sends it again (D331).',
              always: { guard: 'noConflict', target: 'idle' },
              on: {
                'RESOLVE.DISCARD': { target: 'discarding' },
                'RESOLVE.RETRY': { target: 'retrying' },
              },
            },
            discarding: {
              tags: ['conflict'],
              invoke: {
                id: 'discard',
                src: 'update',
                input: ({ context }) => ({ op: 'discard' as const, id: context.conflict!.id }),
                onDone: {
                  target: 'idle',
                  actions: ['resetAttempts', { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) }],
                },
                onError: { target: 'conflict', actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            retrying: {
              tags: ['conflict'],
              invoke: {
                id: 'retry',
                src: 'update',
                input: ({ context }) => ({ op: 'retry' as const, id: context.conflict!.id }),
                onDone: {
                  target: 'idle',
                  actions: ['resetAttempts', { type: 'setSnapshot', params: ({ event }) => ({ snapshot: event.output }) }],
                },
                onError: { target: 'conflict', actions: { type: 'setStoreError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
