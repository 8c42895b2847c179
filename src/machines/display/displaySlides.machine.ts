import { assign, setup } from 'xstate';

/**
 * The welcome carousel of /ecr-slide (doc 2 §2 customer display: autoplay, infinite loop). It moves on
 * every `slideInterval`, after the last slide comes the first again, and a person can go to any slide,
 * pause and play (WCAG 2.2.2: moving content can be stopped). A visitor who asked the system for
 * reduced motion gets a carousel that starts paused (input `autoplay: false`). The number of slides
 * follows the shop's banners once its look is read (COUNT, D296): the carousel starts over from the
 * slide it is on, playing again unless reduced motion or a single slide says otherwise.
 */

export const SLIDE_INTERVAL_MS = 6_000;

export interface DisplaySlidesInput {
  count: number;
  autoplay: boolean;
}

export interface DisplaySlidesContext {
  count: number;
  index: number;
  autoplay: boolean;
}

export type DisplaySlidesEvent =
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'GO'; index: number }
  | { type: 'PAUSE' }
  | { type: 'PLAY' }
  | { type: 'COUNT'; count: number };

const wrap = (index: number, count: number) => ((index % count) + count) % count;

export const displaySlidesMachine = setup({
  types: {
    context: {} as DisplaySlidesContext,
    events: {} as DisplaySlidesEvent,
    input: {} as DisplaySlidesInput,
    tags: {} as 'playing' | 'paused',
  },
  actions: {
    next: assign(({ context }) => ({ index: wrap(context.index + 1, context.count) })),
    previous: assign(({ context }) => ({ index: wrap(context.index - 1, context.count) })),
    setCount: assign(({ context }, params: { count: number }) => {
      const count = Math.max(1, Math.trunc(params.count));
      return { count, index: Math.min(context.index, count - 1) };
    }),
    go: assign(({ context }, params: { index: number }) => ({ index: wrap(Math.trunc(params.index), context.count) })),
  },
  guards: {
    autoplay: ({ context }) => context.autoplay && context.count > 1,
    severalSlides: ({ context }) => context.count > 1,
    countChanged: ({ context }, params: { count: number }) => Math.max(1, Math.trunc(params.count)) !== context.count,
  },
  delays: { slideInterval: SLIDE_INTERVAL_MS },
}).createMachine({
  id: 'displaySlides',
  context: ({ input }) => ({ count: Math.max(1, Math.trunc(input.count)), index: 0, autoplay: input.autoplay }),
  initial: 'starting',
  on: {
    NEXT: { actions: 'next' },
    PREV: { actions: 'previous' },
    GO: { actions: { type: 'go', params: ({ event }) => ({ index: event.index }) } },
    COUNT: {
      guard: { type: 'countChanged', params: ({ event }) => ({ count: event.count }) },
      target: '.starting',
      actions: { type: 'setCount', params: ({ event }) => ({ count: event.count }) },
    },
  },
  states: {
    starting: {
      description: 'Plays unless reduced motion was asked for, or there is only one slide.',
      always: [{ guard: 'autoplay', target: 'playing' }, { target: 'paused' }],
    },
    playing: {
      tags: ['playing'],
      description: 'Moves to the next slide every interval; a manual move starts the interval again.',
      after: { slideInterval: { target: 'playing', reenter: true, actions: 'next' } },
      on: {
        PAUSE: { target: 'paused' },
        NEXT: { target: 'playing', reenter: true, actions: 'next' },
        PREV: { target: 'playing', reenter: true, actions: 'previous' },
        GO: { target: 'playing', reenter: true, actions: { type: 'go', params: ({ event }) => ({ index: event.index }) } },
      },
    },
    paused: {
      tags: ['paused'],
      description: 'Stays on the slide shown; play starts again.',
      on: { PLAY: { guard: 'severalSlides', target: 'playing' } },
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: DisplaySlidesContext };
export const selectSlideIndex = (snapshot: Snapshot) => snapshot.context.index;
export const selectSlidesPlaying = (snapshot: Snapshot) => snapshot.hasTag('playing');
