import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import type { Ticket } from '../../services/kitchen/schemas';
import { notProvided } from '../../rules/serviceError';

/**
 * The kitchen's ticket board (beyond the spec; docs/areas/kitchen.md, D327, D328). The stream (the
 * `follow` actor) says BOARD (the store's open tickets, at each (re)connection: the board is replaced,
 * so nothing shows twice), TICKET (a new ticket, or one changed: replaced by id), LINK (connected,
 * lost, revoked). DONE marks a line, or a whole ticket (`lineNo` null): presses wait their turn in
 * `pending` and go to the service one by one; the answer replaces the ticket. A done ticket leaves the
 * board (D328). A refused press is said (`error`) and the board stays as the service has it.
 */

export type KitchenLink = 'connecting' | 'connected' | 'lost';

export interface DonePress {
  ticketId: number;
  lineNo: number | null;
}

export interface KitchenBoardContext {
  /** Open tickets, oldest first. */
  tickets: Ticket[];
  link: KitchenLink;
  pending: DonePress[];
  error: unknown;
}

export type KitchenBoardEvent =
  | { type: 'BOARD'; tickets: Ticket[] }
  | { type: 'TICKET'; ticket: Ticket }
  | { type: 'LINK'; state: 'connected' | 'lost' | 'revoked' }
  | ({ type: 'DONE' } & DonePress);

/** The board with this ticket as the service now has it: replaced or added, gone once done. */
export function placeTicket(tickets: readonly Ticket[], ticket: Ticket): Ticket[] {
  const others = tickets.filter((t) => t.ticket_id !== ticket.ticket_id);
  if (ticket.done_at !== null) return others;
  return [...others, ticket].sort((a, b) => a.ticket_id - b.ticket_id);
}

const samePress = (a: DonePress, b: DonePress) => a.ticketId === b.ticketId && a.lineNo === b.lineNo;

export const kitchenBoardMachine = setup({
  types: {
    context: {} as KitchenBoardContext,
    events: {} as KitchenBoardEvent,
    tags: {} as 'live' | 'lost' | 'unpaired',
  },
  actors: {
    follow: fromCallback<AnyEventObject>(() => {
      throw notProvided('follow');
    }),
    markDone: fromPromise<Ticket, DonePress>(async () => {
      throw notProvided('markDone');
    }),
  },
  actions: {
    replaceBoard: assign((_, params: { tickets: Ticket[] }) => ({
      tickets: params.tickets.filter((t) => t.done_at === null).sort((a, b) => a.ticket_id - b.ticket_id),
    })),
    place: assign(({ context }, params: { ticket: Ticket }) => ({ tickets: placeTicket(context.tickets, params.ticket) })),
    setLink: assign((_, params: { link: KitchenLink }) => ({ link: params.link })),
    queue: assign(({ context }, params: DonePress) => ({
      pending: context.pending.some((p) => samePress(p, params)) ? context.pending : [...context.pending, params],
      error: null,
    })),
    dropFirst: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    assignError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    // The route forgets the kitchen token: the pairing was revoked.
    forgetDevice: () => {},
  },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
    revoked: ({ event }) => event.type === 'LINK' && event.state === 'revoked',
    lost: ({ event }) => event.type === 'LINK' && event.state === 'lost',
  },
}).createMachine({
  id: 'kitchenBoard',
  context: { tickets: [], link: 'connecting', pending: [], error: null },
  initial: 'following',
  states: {
    following: {
      description: 'The stream is followed; its board, tickets and link state arrive as events.',
      invoke: { id: 'follow', src: 'follow' },
      on: {
        BOARD: { actions: { type: 'replaceBoard', params: ({ event }) => ({ tickets: event.tickets }) } },
        TICKET: { actions: { type: 'place', params: ({ event }) => ({ ticket: event.ticket }) } },
        LINK: [
          { guard: 'revoked', target: 'unpaired' },
          { guard: 'lost', actions: { type: 'setLink', params: { link: 'lost' } } },
          { actions: { type: 'setLink', params: { link: 'connected' } } },
        ],
        DONE: { actions: { type: 'queue', params: ({ event }) => ({ ticketId: event.ticketId, lineNo: event.lineNo }) } },
      },
      initial: 'idle',
      states: {
        idle: {
          tags: ['live'],
          description: 'Nothing being marked; a press goes out at once.',
          always: { guard: 'hasPending', target: 'marking' },
        },
        marking: {
          tags: ['live'],
          description: 'The first press waiting is sent; its answer replaces the ticket (gone once done).',
          invoke: {
            id: 'markDone',
            src: 'markDone',
            input: ({ context }) => context.pending[0]!,
            onDone: {
              target: 'idle',
              actions: [{ type: 'place', params: ({ event }) => ({ ticket: event.output }) }, 'dropFirst'],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'dropFirst'],
            },
          },
        },
      },
    },
    unpaired: {
      tags: ['unpaired'],
      type: 'final',
      description: 'The shop unpaired this kitchen: its token opens nothing any more; pair again.',
      entry: 'forgetDevice',
    },
  },
});

type Snapshot = { hasTag(tag: string): boolean; context: KitchenBoardContext };

export interface TableGroup {
  /** The table's name; null: orders without a table (counter sales). */
  table: string | null;
  tickets: Ticket[];
}

/** Open tickets grouped by table, the table whose oldest ticket is oldest first (issue's "grouped by table"). */
export function groupByTable(tickets: readonly Ticket[]): TableGroup[] {
  const groups = new Map<string | null, Ticket[]>();
  for (const ticket of tickets) groups.set(ticket.table_name, [...(groups.get(ticket.table_name) ?? []), ticket]);
  return [...groups.entries()].map(([table, list]) => ({ table, tickets: list }));
}

export const selectGroups = (s: Snapshot) => groupByTable(s.context.tickets);
export const selectLink = (s: Snapshot) => s.context.link;
export const selectUnpaired = (s: Snapshot) => s.hasTag('unpaired');
export const selectPressPending = (s: Snapshot, press: DonePress) => s.context.pending.some((p) => samePress(p, press));
