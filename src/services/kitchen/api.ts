import type { ServiceClient } from '../http/client';
import { followEventStream, type StreamLink } from '../http/event-stream';
import { devicePairingCalls, type DevicePairingCalls } from '../shared/pairing/calls';
import {
  kitchenBoardSchema,
  kitchenClaimedSchema,
  kitchenPairCreatedSchema,
  kitchenPairedSchema,
  kitchenPairingSchema,
  orderKitchenSchema,
  ticketSchema,
  type KitchenClaimed,
  type KitchenPairCreated,
  type KitchenPairing,
  type OrderKitchenLine,
  type Ticket,
} from './schemas';

/** The kitchen's calls (docs/areas/kitchen.md "Service calls"); every answer is validated. */
export interface KitchenApi extends DevicePairingCalls<KitchenPairCreated, KitchenPairing> {
  /** The kitchen device, without a sign-in: the code for a kitchen token. */
  claim(code: string, signal?: AbortSignal): Promise<KitchenClaimed>;
  /** The kitchen device: a ticket, or one of its lines, done; answers the ticket as it now is. */
  done(token: string, ticketId: number, lineNo: number | null, signal?: AbortSignal): Promise<Ticket>;
  /** Signed-in cashier: each product of an order as the kitchen has it. */
  orderState(orderId: number, signal?: AbortSignal): Promise<OrderKitchenLine[]>;
}

export function createKitchenApi(client: ServiceClient): KitchenApi {
  return {
    // A code pairs a kitchen of the cashier's own store; the owner's, the first store (the portal names none, D325).
    ...devicePairingCalls(client, 'kitchen', { created: kitchenPairCreatedSchema, pairing: kitchenPairingSchema }),
    claim: (code, signal) =>
      client.data({
        name: 'kitchen.claim',
        method: 'POST',
        path: '/kitchen/claim',
        body: { pair_code: code },
        auth: false,
        schema: kitchenClaimedSchema,
        signal,
      }),
    done: (token, ticketId, lineNo, signal) =>
      client.data({
        name: 'kitchen.done',
        method: 'POST',
        path: lineNo === null ? `/kitchen/ticket/${ticketId}/done` : `/kitchen/ticket/${ticketId}/line/${lineNo}/done`,
        auth: { token },
        schema: ticketSchema,
        signal,
      }),
    orderState: async (orderId, signal) =>
      (await client.data({ name: 'kitchen.orderState', path: `/kitchen/order/${orderId}`, schema: orderKitchenSchema, signal })).lines,
  };
}

export interface FollowKitchenOptions {
  client: ServiceClient;
  token: string;
  onBoard(tickets: Ticket[]): void;
  onTicket(ticket: Ticket): void;
  onLink(state: StreamLink): void;
  onStore?(name: string): void;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The kitchen's stream (D327): `board` at each (re)connection, then `ticket`; events that fail their schema are dropped. */
export function followKitchen(options: FollowKitchenOptions): () => void {
  return followEventStream({
    client: options.client,
    name: 'kitchen.stream',
    path: '/kitchen/stream',
    token: options.token,
    wait: options.wait,
    onLink: options.onLink,
    onEvent(name, value) {
      if (name === 'paired') {
        const paired = kitchenPairedSchema.safeParse(value);
        if (paired.success) options.onStore?.(paired.data.store_name);
        options.onLink('connected');
      } else if (name === 'board') {
        const board = kitchenBoardSchema.safeParse(value);
        if (board.success) options.onBoard(board.data.tickets);
      } else if (name === 'ticket') {
        const ticket = ticketSchema.safeParse(value);
        if (ticket.success) options.onTicket(ticket.data);
      }
    },
  });
}
