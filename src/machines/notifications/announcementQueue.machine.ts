import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { notProvided } from '../../rules/serviceError';
import type { Announcement } from '../../services/speech/announcement';

/**
 * Spoken payment announcements (core §2 shell, §7 realtime): every payment is spoken once, one after
 * another, in arrival order. The same payment arriving twice (a replay after a reconnect, a catch-up
 * fetch) is spoken once. Muting silences new ones and the one being spoken. A browser without speech
 * synthesis is told so once (core §2), not at every payment. Speaking is the `speak` actor (the app's
 * speechSynthesis); a stuck voice cannot block the queue because every utterance has a time limit.
 */

export type { Announcement };

export interface AnnouncementQueueContext {
  queue: Announcement[];
  current: Announcement | null;
  /** Ids already taken (spoken, queued, or dropped while muted), newest last, bounded. */
  handled: string[];
  muted: boolean;
  speechSupported: boolean;
}

export interface AnnouncementQueueInput {
  muted?: boolean;
  speechSupported?: boolean;
}

export type AnnouncementQueueEvent =
  | { type: 'ANNOUNCE'; announcement: Announcement }
  | { type: 'MUTE' }
  | { type: 'UNMUTE' }
  | { type: 'CLEAR' }
  | { type: 'SPEECH.END' }
  | { type: 'SPEECH.ERROR'; code: string };

/** Enough to recognise any replay of a reconnect window; old ids fall off. */
export const HANDLED_LIMIT = 500;
/** The longest announcement takes a few seconds; a voice silent for this long is stuck. */
export const SPEAK_TIMEOUT_MS = 15_000;

const remember = (handled: string[], id: string) => [...handled, id].slice(-HANDLED_LIMIT);

export const announcementQueueMachine = setup({
  types: {
    context: {} as AnnouncementQueueContext,
    events: {} as AnnouncementQueueEvent,
    input: {} as AnnouncementQueueInput | undefined,
    tags: {} as 'speaking',
  },
  actors: {
    speak: fromCallback<EventObject, Announcement>(() => {
      throw notProvided('speak');
    }),
  },
  actions: {
    // Provided by the app: local storage and the browser's alert.
    persistMuted: (_, _params: { muted: boolean }) => undefined,
    alertUnsupported: () => undefined,
    enqueue: assign(({ context }, params: { announcement: Announcement }) => ({
      queue: [...context.queue, params.announcement],
      handled: remember(context.handled, params.announcement.id),
    })),
    rememberOnly: assign(({ context }, params: { id: string }) => ({ handled: remember(context.handled, params.id) })),
    takeNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    finishCurrent: assign({ current: null }),
    setMuted: assign((_, params: { muted: boolean }) => ({ muted: params.muted })),
    clearQueue: assign({ queue: [], current: null }),
  },
  guards: {
    alreadyHandled: ({ context }, params: { id: string }) => context.handled.includes(params.id),
    isMuted: ({ context }) => context.muted,
    speechUnsupported: ({ context }) => !context.speechSupported,
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: {
    speakTimeout: SPEAK_TIMEOUT_MS,
  },
}).createMachine({
  id: 'announcementQueue',
  description: 'Speaks each payment once, in order; mute, stuck voices and missing speech support handled.',
  context: ({ input }) => ({
    queue: [],
    current: null,
    handled: [],
    muted: input?.muted ?? false,
    speechSupported: input?.speechSupported ?? true,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'speechUnsupported', target: 'unsupported' }, { target: 'idle' }],
    },
    idle: {
      on: {
        ANNOUNCE: [
          { guard: { type: 'alreadyHandled', params: ({ event }) => ({ id: event.announcement.id }) }, description: 'A replayed payment.' },
          {
            guard: 'isMuted',
            description: 'Muted: the payment counts as handled, so unmuting does not speak old ones.',
            actions: { type: 'rememberOnly', params: ({ event }) => ({ id: event.announcement.id }) },
          },
          { target: 'choosing', actions: { type: 'enqueue', params: ({ event }) => ({ announcement: event.announcement }) } },
        ],
      },
    },
    choosing: {
      always: [{ guard: 'hasQueued', target: 'speaking', actions: 'takeNext' }, { target: 'idle' }],
    },
    speaking: {
      tags: ['speaking'],
      invoke: { id: 'speak', src: 'speak', input: ({ context }) => context.current! },
      after: { speakTimeout: { target: 'choosing', actions: 'finishCurrent', description: 'A stuck voice: move on.' } },
      on: {
        'SPEECH.END': { target: 'choosing', actions: 'finishCurrent' },
        'SPEECH.ERROR': { target: 'choosing', actions: 'finishCurrent', description: 'This one could not be spoken; the next still is.' },
        ANNOUNCE: [
          { guard: { type: 'alreadyHandled', params: ({ event }) => ({ id: event.announcement.id }) } },
          { actions: { type: 'enqueue', params: ({ event }) => ({ announcement: event.announcement }) } },
        ],
        CLEAR: { target: 'idle', actions: 'clearQueue', description: 'Sign-out: stop the voice and drop the queue.' },
        MUTE: {
          target: 'idle',
          description: 'Silence now: the voice stops (the speak actor is stopped) and the queue is dropped.',
          actions: ['clearQueue', { type: 'setMuted', params: { muted: true } }, { type: 'persistMuted', params: { muted: true } }],
        },
      },
    },
    unsupported: {
      description: 'No speech synthesis in this browser.',
      initial: 'notTold',
      states: {
        notTold: {
          on: {
            ANNOUNCE: [
              { guard: 'isMuted', actions: { type: 'rememberOnly', params: ({ event }) => ({ id: event.announcement.id }) } },
              {
                target: 'told',
                description: 'core §2: the alert, once.',
                actions: ['alertUnsupported', { type: 'rememberOnly', params: ({ event }) => ({ id: event.announcement.id }) }],
              },
            ],
          },
        },
        told: {
          on: {
            ANNOUNCE: { actions: { type: 'rememberOnly', params: ({ event }) => ({ id: event.announcement.id }) } },
          },
        },
      },
    },
  },
  on: {
    CLEAR: {
      description: 'Sign-out: what was waiting is not spoken on the sign-in page. Replays stay recognised.',
      actions: 'clearQueue',
    },
    MUTE: {
      actions: [
        { type: 'setMuted', params: { muted: true } },
        { type: 'persistMuted', params: { muted: true } },
      ],
    },
    UNMUTE: {
      actions: [
        { type: 'setMuted', params: { muted: false } },
        { type: 'persistMuted', params: { muted: false } },
      ],
    },
  },
});
