import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { orderEditMachine, type LoadedOrder, type SubmitInput } from '../../machines/orders/orderEdit.machine';
import type { OrderCategory, OrderDetail, PickableProduct } from '../../services/orders/schemas';
import { sampleOrder as order } from '../../services/orders/samples';
import { renderScreen } from '../shared/test/render';
import { LONG_PRESS_MS } from '../shared/use-long-press';
import { initialsOf } from './DishTile';
import { OrderEditScreen } from './OrderEditScreen';

afterEach(cleanup);

const pho: PickableProduct = {
  product_id: 7,
  code: 'PC001',
  name: 'Phở bò tái',
  img: '/img/pho.jpg',
  price: 55_000,
  status: 0,
  category_ids: [3],
};
const tra: PickableProduct = { product_id: 8, code: 'PC002', name: 'Trà đá', img: null, price: 5_000, status: 0, category_ids: [] };
const SLOW = 20_000;

function till() {
  const submits: SubmitInput[] = [];
  const searches: string[] = [];
  const actor = createActor(
    orderEditMachine.provide({
      actors: {
        loadOrder: fromPromise<LoadedOrder, { orderId: number }>(async () => ({
          detail: { invoice_data: order, products_data: [] },
          pending: null,
        })),
        loadProducts: fromPromise<PickableProduct[], { q: string }>(async ({ input }) => {
          searches.push(input.q);
          return input.q === 'tra da' ? [tra] : [pho, tra];
        }),
        loadCategories: fromPromise<OrderCategory[], void>(async () => [{ category_id: 3, category_name: 'Phở' }]),
        submitDishes: fromPromise<OrderDetail, SubmitInput>(async ({ input }) => {
          submits.push(input);
          return { invoice_data: { ...order, status: 1 }, products_data: [] };
        }),
      },
    }),
    { input: { orderId: 41 } },
  ).start();
  return { actor, submits, searches };
}

const TEXT = {
  en: {
    add: /^Add Phở bò tái, 55.000.*, 0 in the basket/,
    more: 'One more Phở bò tái',
    less: 'One less Phở bò tái',
    note: 'Note for the kitchen: Phở bò tái',
    confirm: 'Confirm order',
    keys: 'Keyboard',
  },
  vi: {
    add: /^Thêm Phở bò tái, 55.000.*, 0 trong giỏ/,
    more: 'Thêm một Phở bò tái',
    less: 'Bớt một Phở bò tái',
    note: 'Ghi chú cho bếp: Phở bò tái',
    confirm: 'Xác nhận đơn',
    keys: 'Bàn phím',
  },
} as const;

describe('taking an order by touch (D333–D336)', () => {
  it('a dish without a picture, or whose picture fails, shows its initials', () => {
    expect(initialsOf('Phở bò tái')).toBe('PB');
    expect(initialsOf('  đậu  ')).toBe('Đ');
  });

  for (const language of ['en', 'vi'] as const) {
    it(
      `issue 28 §1 (${language}): tiles with photo or initials, a tap adds one and counts it, the stepper and a note reach the send`,
      async () => {
        const { actor, submits } = till();
        await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/pay" />, { language });
        const grid = await screen.findByTestId('order-products');
        const tile = await within(grid).findByRole('button', { name: TEXT[language].add });
        expect(within(tile).getByTestId('order-dish-photo').getAttribute('src')).toBe('/img/pho.jpg');
        fireEvent.error(within(tile).getByTestId('order-dish-photo'));
        expect(within(tile).getByTestId('order-dish-initials').textContent).toBe('PB');
        expect(within(grid).getAllByTestId('order-dish-initials')).toHaveLength(2);
        fireEvent.click(tile);
        fireEvent.click(tile);
        expect(within(tile).getByTestId('order-dish-count').textContent).toBe('2');
        fireEvent.click(screen.getByRole('button', { name: TEXT[language].more }));
        fireEvent.click(screen.getByRole('button', { name: TEXT[language].less }));
        fireEvent.click(screen.getByRole('button', { name: TEXT[language].more }));
        expect(within(tile).getByTestId('order-dish-count').textContent).toBe('3');
        fireEvent.change(screen.getByRole('textbox', { name: TEXT[language].note }), { target: { value: 'ít hành <b>x</b>' } });
        expect(screen.getByText(TEXT[language].keys, { exact: false })).toBeTruthy();
        fireEvent.click(screen.getAllByRole('button', { name: TEXT[language].confirm })[0]!);
        await waitFor(() => expect(submits).toHaveLength(1));
        expect(submits[0]!.lines).toEqual([expect.objectContaining({ product_id: 7, amount: 3, note: 'ít hành <b>x</b>' })]);
      },
      SLOW,
    );
  }

  it(
    'issue 28 §1: a long press (and Shift+Enter) opens the quantity entry, whose amount becomes the line; a short tap only adds',
    async () => {
      const { actor } = till();
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/pay" />);
      const grid = await screen.findByTestId('order-products');
      const tile = await within(grid).findByRole('button', { name: /^Add Trà đá/ });
      fireEvent.pointerDown(tile, { button: 0 });
      await act(() => new Promise((resolve) => setTimeout(resolve, LONG_PRESS_MS + 100)));
      fireEvent.pointerUp(tile);
      fireEvent.click(tile);
      const input = await screen.findByTestId('order-quantity-input');
      expect(actor.getSnapshot().context.basket).toEqual([]);
      fireEvent.change(input, { target: { value: '12' } });
      fireEvent.click(screen.getByTestId('order-quantity-save'));
      await waitFor(() => expect(screen.queryByTestId('order-quantity-input')).toBeNull());
      expect(actor.getSnapshot().context.basket).toEqual([expect.objectContaining({ product_id: 8, amount: 12 })]);
      fireEvent.keyDown(tile, { key: 'Enter', shiftKey: true });
      expect(await screen.findByTestId('order-quantity-input')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'issue 28 §1: / goes to the search, Enter adds the first match, + and − change the last line, not while typing',
    async () => {
      const { actor, searches } = till();
      await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/pay" />);
      const search = await screen.findByRole('searchbox', { name: /Find a dish/ });
      await screen.findByRole('button', { name: /^Add Trà đá/ });
      fireEvent.keyDown(document.body, { key: '/' });
      expect(document.activeElement).toBe(search);
      fireEvent.change(search, { target: { value: 'tra da' } });
      fireEvent.keyDown(search, { key: 'Enter' });
      await waitFor(() => expect(actor.getSnapshot().context.basket).toEqual([expect.objectContaining({ product_id: 8, amount: 1 })]));
      expect(searches).toContain('tra da');
      fireEvent.keyDown(search, { key: '+' });
      expect(actor.getSnapshot().context.basket[0]!.amount).toBe(1);
      fireEvent.keyDown(document.body, { key: '+' });
      fireEvent.keyDown(document.body, { key: '+' });
      fireEvent.keyDown(document.body, { key: '-' });
      expect(actor.getSnapshot().context.basket[0]!.amount).toBe(2);
    },
    SLOW,
  );

  for (const language of ['en', 'vi'] as const) {
    it(
      `issue 28 §1 (${language}): the phone's bar opens the basket as a sheet (a disclosure: focus to its heading, Escape or Hide closes it and gives the focus back)`,
      async () => {
        const { actor } = till();
        await renderScreen(<OrderEditScreen actor={actor} listHref="/sale-order" payHref="/pay" />, { language });
        const grid = await screen.findByTestId('order-products');
        fireEvent.click(await within(grid).findByRole('button', { name: TEXT[language].add }));
        const toggle = screen.getByTestId('order-sheet-toggle');
        const panel = screen.getByTestId('order-basket-panel');
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
        expect(toggle.textContent).toContain(language === 'en' ? '1 dishes' : '1 món');
        expect(panel.getAttribute('data-open')).toBe('false');

        fireEvent.click(toggle);
        expect(toggle.getAttribute('aria-expanded')).toBe('true');
        expect(panel.getAttribute('data-open')).toBe('true');
        await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'));
        expect(panel.contains(document.activeElement)).toBe(true);
        // The sheet holds the lines with their stepper and note, the total and the send.
        fireEvent.click(within(panel).getByRole('button', { name: TEXT[language].more }));
        expect(actor.getSnapshot().context.basket[0]!.amount).toBe(2);
        expect(within(panel).getByRole('textbox', { name: TEXT[language].note })).toBeTruthy();
        expect(within(panel).getByTestId('order-basket-total')).toBeTruthy();
        expect(within(panel).getByTestId('order-submit')).toBeTruthy();

        fireEvent.keyDown(within(panel).getByRole('button', { name: TEXT[language].more }), { key: 'Escape' });
        expect(toggle.getAttribute('aria-expanded')).toBe('false');
        expect(document.activeElement).toBe(toggle);

        fireEvent.click(toggle);
        fireEvent.click(within(panel).getByTestId('order-sheet-close'));
        expect(panel.getAttribute('data-open')).toBe('false');
        expect(document.activeElement).toBe(toggle);
      },
      SLOW,
    );
  }
});
