import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '../shared/test/render';
import type { TileDish } from './DishTile';
import { DISH_SLICE, TillPicker } from './TillPicker';

afterEach(cleanup);

const menu = (n: number, from = 1): TileDish[] =>
  Array.from({ length: n }, (_, i) => ({ product_id: from + i, name: `Món số ${from + i}`, price: 10_000 + i, img: null }));

/** The picker with its dishes changed from the test, as a machine's new answer would change them. */
let setDishes: (dishes: readonly TileDish[]) => void = () => {};
function Picker({ initial }: { initial: readonly TileDish[] }) {
  const [dishes, set] = useState(initial);
  setDishes = set;
  return (
    <TillPicker
      searchId="s"
      typed=""
      searchMax={100}
      onType={() => {}}
      categories={[]}
      categoryId={null}
      onCategory={() => {}}
      dishes={dishes}
      loading={false}
      countOf={() => 0}
      disabled={false}
      onAdd={() => {}}
    />
  );
}

describe('a big menu stays smooth (D356)', () => {
  it('issue 28 §1: 2,000 dishes draw one slice of tiles; "show more" (or coming near the screen) draws the next, in order, the focus going on at the first new tile', async () => {
    const dishes = menu(2000);
    const view = await renderScreen(<Picker initial={dishes} />);
    const grid = screen.getByTestId('order-products');
    expect(within(grid).getAllByTestId('order-dish')).toHaveLength(DISH_SLICE);
    // The whole picker (search, categories, tiles, the button) stays small: a bound, not a count of tiles.
    const nodes = view.container.querySelectorAll('*').length;
    expect(nodes).toBeLessThan(600);
    const more = screen.getByTestId('order-dishes-more');
    expect(more.textContent).toBe(`Show ${DISH_SLICE} more dishes (${2000 - DISH_SLICE} not shown yet)`);

    await act(async () => {
      fireEvent.click(more);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    const tiles = within(grid).getAllByTestId('order-dish');
    expect(tiles).toHaveLength(2 * DISH_SLICE);
    expect(tiles.map((t) => t.getAttribute('aria-label')!.split(',')[0])).toEqual(
      dishes.slice(0, 2 * DISH_SLICE).map((d) => `Add ${d.name}`),
    );
    expect(document.activeElement).toBe(tiles[DISH_SLICE]);

    // The same dishes in a new array (a basket change) keep the slices; another set starts again.
    act(() => setDishes([...dishes]));
    expect(within(grid).getAllByTestId('order-dish')).toHaveLength(2 * DISH_SLICE);
    act(() => setDishes(menu(1500, 5000)));
    expect(within(grid).getAllByTestId('order-dish')).toHaveLength(DISH_SLICE);
    act(() => setDishes(menu(12)));
    expect(within(grid).getAllByTestId('order-dish')).toHaveLength(12);
    expect(screen.queryByTestId('order-dishes-more')).toBeNull();
  }, 30_000);
});
