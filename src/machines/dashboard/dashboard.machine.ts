import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { DashboardChunk, DayChunk, MonthChunk, RecentTransaction, YearChunk } from '../../services/reports';
import { parseVnDate } from '../../rules/vnTime';
import { errorCode, notProvided } from '../../rules/serviceError';

/**
 * The dashboard (core §2): a chosen day, and figures that fill in as the stream delivers them (day
 * doughnuts first, then month, year, recent transactions). A stream that breaks keeps what arrived
 * and offers RETRY; a new date starts over with empty figures.
 */

export interface DashboardInput {
  /** 'YYYY-MM-DD' in Vietnam: the default date and the latest one allowed. */
  today: string;
  date?: string;
}

export interface DashboardContext {
  date: string;
  today: string;
  day: DayChunk | null;
  month: MonthChunk | null;
  year: YearChunk | null;
  recent: RecentTransaction[] | null;
  errorCode: string | null;
}

export type DashboardEvent =
  | { type: 'DATE.SET'; date: string }
  | { type: 'RETRY' }
  | { type: 'DASHBOARD.CHUNK'; chunk: DashboardChunk }
  | { type: 'DASHBOARD.END' }
  | { type: 'DASHBOARD.FAILED'; error: unknown };

const dateAllowed = (date: unknown, today: string): date is string =>
  typeof date === 'string' && parseVnDate(date) !== null && date <= today;

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    tags: {} as 'loading' | 'error',
  },
  actors: {
    streamDashboard: fromCallback<EventObject, { date: string }>(() => {
      throw notProvided('streamDashboard');
    }),
  },
  actions: {
    startDate: assign((_, params: { date: string }) => ({
      date: params.date,
      day: null,
      month: null,
      year: null,
      recent: null,
      errorCode: null,
    })),
    assignChunk: assign((_, params: { chunk: DashboardChunk }) => {
      const chunk = params.chunk;
      switch (chunk.kind) {
        case 'day':
          return { day: chunk };
        case 'month':
          return { month: chunk };
        case 'year':
          return { year: chunk };
        case 'recent':
          return { recent: chunk.transactions };
        default:
          return {};
      }
    }),
    clearError: assign({ errorCode: null }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
  },
  guards: {
    dateAcceptable: ({ context }, params: { date: unknown }) => dateAllowed(params.date, context.today),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    date: dateAllowed(input.date, input.today) ? input.date : input.today,
    today: input.today,
    day: null,
    month: null,
    year: null,
    recent: null,
    errorCode: null,
  }),
  initial: 'streaming',
  states: {
    streaming: {
      tags: ['loading'],
      description: 'Figures fill in chunk by chunk; parts not yet arrived show skeletons.',
      entry: 'clearError',
      invoke: {
        id: 'streamDashboard',
        src: 'streamDashboard',
        input: ({ context }) => ({ date: context.date }),
        onError: { target: 'broken', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'DASHBOARD.CHUNK': { actions: { type: 'assignChunk', params: ({ event }) => ({ chunk: event.chunk }) } },
        'DASHBOARD.END': { target: 'complete' },
        'DASHBOARD.FAILED': { target: 'broken', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    complete: { description: 'Every figure of the chosen day.' },
    broken: {
      tags: ['error'],
      description: 'The stream broke off: what arrived stays on screen, with a retry.',
      on: { RETRY: { target: 'streaming' } },
    },
  },
  on: {
    'DATE.SET': {
      description: 'Another day (not after today): figures are cleared and streamed again.',
      guard: { type: 'dateAcceptable', params: ({ event }) => ({ date: event.date }) },
      target: '.streaming',
      reenter: true,
      actions: { type: 'startDate', params: ({ event }) => ({ date: event.date }) },
    },
  },
});
