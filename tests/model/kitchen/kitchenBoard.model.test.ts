import { kitchenBoardMachine, type KitchenBoardContext } from '../../../src/machines/kitchen/kitchenBoard.machine';
import type { Ticket } from '../../../src/services/kitchen/schemas';
import { networkError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';

const ticket = (id: number, table: string | null, done = false): Ticket => ({
  ticket_id: id,
  order_id: 10 + id,
  order_code: `DH${id}`,
  table_name: table,
  created_at: 1_790_000_000 + id,
  done_at: done ? 1_790_000_100 : null,
  lines: [{ line_no: 1, product_id: 5, name: 'Phở', quantity: 2, note: null, done_at: done ? 1_790_000_100 : null }],
});

const events: SampleEvent[] = [
  { type: 'BOARD', tickets: [ticket(1, 'Bàn 1')] },
  { type: 'BOARD', tickets: [ticket(1, 'Bàn 1', true), ticket(2, null)] },
  { type: 'TICKET', ticket: ticket(2, null) },
  { type: 'TICKET', ticket: ticket(1, 'Bàn 1', true) },
  { type: 'LINK', state: 'connected' },
  { type: 'LINK', state: 'lost' },
  { type: 'LINK', state: 'revoked' },
  { type: 'DONE', ticketId: 1, lineNo: null },
  { type: 'DONE', ticketId: 1, lineNo: 1 },
  { type: 'xstate.done.actor.markDone', output: ticket(1, 'Bàn 1', true) },
  { type: 'xstate.error.actor.markDone', error: networkError },
];

const project = ((c: KitchenBoardContext) => ({
  tickets: c.tickets.map((t) => t.ticket_id),
  link: c.link,
  pending: c.pending.map((p) => `${p.ticketId}:${p.lineNo}`),
  error: c.error !== null,
})) as (context: never) => unknown;

describeModel({
  name: 'kitchenBoard',
  machine: kitchenBoardMachine,
  promiseActors: ['markDone'],
  callbackActors: ['follow'],
  spyActions: ['forgetDevice'],
  variants: [{ events, project }],
  check(outcome) {
    for (const step of outcome.steps) {
      const { tickets, pending } = step.after.context as KitchenBoardContext;
      const ids = tickets.map((t) => t.ticket_id);
      // D327: the board never shows a ticket twice, nor a done one (D328).
      if (new Set(ids).size !== ids.length) throw new Error(`a ticket shown twice: ${ids.join(',')}`);
      if (tickets.some((t) => t.done_at !== null)) throw new Error('a done ticket stayed on the board');
      const presses = pending.map((p) => `${p.ticketId}:${p.lineNo}`);
      if (new Set(presses).size !== presses.length) throw new Error('one press queued twice');
      // Presses go out one by one, the first waiting first.
      for (const call of step.invoked) {
        if (call.id === 'markDone' && JSON.stringify(call.input) !== JSON.stringify(pending[0]))
          throw new Error('marked another press first');
      }
    }
  },
});
