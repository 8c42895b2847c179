import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { kitchenBoardMachine, type DonePress } from '../../machines/kitchen/kitchenBoard.machine';
import type { Ticket } from '../../services/kitchen/schemas';
import { renderScreen } from '../shared/test/render';
import { KitchenBoard } from './KitchenBoard';

afterEach(cleanup);

const ticket = (id: number, table: string | null, lines: Array<Partial<Ticket['lines'][number]>>): Ticket => ({
  ticket_id: id,
  order_id: 100 + id,
  order_code: `DH${id}`,
  table_name: table,
  created_at: 1_790_000_000,
  done_at: null,
  lines: lines.map((l, i) => ({ line_no: i + 1, product_id: 5 + i, name: 'Phở', quantity: 1, note: null, done_at: null, ...l })),
});

function setup() {
  const presses: DonePress[] = [];
  const actor = createActor(
    kitchenBoardMachine.provide({
      actors: {
        follow: fromCallback(() => () => {}),
        markDone: fromPromise<Ticket, DonePress>(async ({ input }) => {
          presses.push(input);
          return new Promise<Ticket>(() => {});
        }),
      },
    }),
  ).start();
  return { actor, presses };
}

describe('KitchenBoard (D327, D328)', () => {
  it('groups open tickets by table, shows the shop’s text as text, and sends DONE for a line and a ticket', async () => {
    const { actor, presses } = setup();
    await renderScreen(<KitchenBoard actor={actor} storeName="Quận 1" />);
    expect(screen.getByText(/No tickets waiting/)).toBeTruthy();
    act(() => {
      actor.send({ type: 'LINK', state: 'connected' });
      actor.send({
        type: 'BOARD',
        tickets: [
          ticket(1, 'Bàn 1', [
            { name: '<img src=x>Phở', quantity: 2, note: 'ít hành' },
            { name: 'Trà đá', done_at: 1_790_000_050 },
          ]),
          ticket(2, null, [{ name: 'Cơm' }]),
          ticket(3, 'Bàn 1', [{ name: 'Bún' }]),
        ],
      });
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kitchen · Quận 1');
    expect(screen.getByRole('status').textContent).toBe('Live');
    const table = screen.getByRole('region', { name: 'Bàn 1' });
    expect(within(table).getAllByTestId('kitchen-ticket')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'No table' })).toBeTruthy();
    expect(screen.getByText('2 × <img src=x>Phở')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('ít hành')).toBeTruthy();
    // The done line shows its badge, not a button.
    expect(within(table).getByText('Done', { selector: '.mantine-Badge-label' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark <img src=x>Phở done' }));
    expect(presses).toEqual([{ ticketId: 1, lineNo: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all of order DH2 done' }));
    expect(actor.getSnapshot().context.pending).toEqual([
      { ticketId: 1, lineNo: 1 },
      { ticketId: 2, lineNo: null },
    ]);
  });

  it('a done ticket leaves the board; a lost link and an unpaired screen say so', async () => {
    const { actor } = setup();
    await renderScreen(<KitchenBoard actor={actor} storeName="" />, { language: 'vi' });
    act(() => actor.send({ type: 'BOARD', tickets: [ticket(1, 'Bàn 1', [{}])] }));
    expect(screen.getAllByTestId('kitchen-ticket')).toHaveLength(1);
    act(() => actor.send({ type: 'TICKET', ticket: { ...ticket(1, 'Bàn 1', [{}]), done_at: 1_790_000_100 } }));
    expect(screen.queryAllByTestId('kitchen-ticket')).toHaveLength(0);
    act(() => actor.send({ type: 'LINK', state: 'lost' }));
    expect(screen.getByRole('status').textContent).toBe('Đang kết nối lại…');
    act(() => actor.send({ type: 'LINK', state: 'revoked' }));
    expect(screen.getByRole('alert').textContent).toMatch(/huỷ ghép nối/);
  });
});
