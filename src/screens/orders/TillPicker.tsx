import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../shared/LoadingLine';
import { DishTile, type DishTileProps, type TileDish } from './DishTile';

const ROW_AS_WIDE_AS_ITS_BUTTONS = { content: { width: 'max-content' } } as const;

export interface TillCategory {
  category_id: number;
  category_name: string;
}

/**
 * The till's dish picker (D334, D336), drawn from props so that the order page and the counter sale
 * show one and the same picker (D354): search, the category row and the matching dishes as tiles.
 * Each page's screen feeds it from its own machine and turns its callbacks into that machine's events;
 * callbacks that keep their identity (useCallback) let a basket change draw only the tile it changed (D376).
 */
export interface TillPickerProps<D extends TileDish> {
  /** The search box's id: the `/` key goes to it (D336). */
  searchId: string;
  typed: string;
  searchMax: number;
  onType: (value: string) => void;
  /** Enter in the search; without it Enter does nothing (a form around the picker is not sent). */
  onEnter?: () => void;
  categories: readonly TillCategory[];
  categoryId: number | null;
  onCategory: (categoryId: number | null) => void;
  dishes: readonly D[];
  loading: boolean;
  /** What to show when the dishes could not be loaded (the page's failure alert with its retry). */
  failure?: ReactNode;
  countOf: (productId: number) => number;
  disabled: boolean;
  onAdd: (dish: D) => void;
  /** The quantity entry a long press opens (D335); without it a tile only adds. */
  onQuantity?: (dish: D) => void;
}

export function TillPicker<D extends TileDish>(props: TillPickerProps<D>) {
  const { t } = useTranslation(['orders']);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('edit.pickerTitle')}
      </Title>
      <DishSearch searchId={props.searchId} typed={props.typed} searchMax={props.searchMax} onType={props.onType} onEnter={props.onEnter} />
      <CategoryTabs categories={props.categories} categoryId={props.categoryId} onCategory={props.onCategory} />
      {props.failure}
      {props.loading ? <LoadingLine label={t('edit.productsLoading')} testId="order-products-loading" /> : null}
      {!props.loading && !props.failure && props.dishes.length === 0 ? <Text size="sm">{t('edit.noProducts')}</Text> : null}
      <DishGrid {...props} />
    </Stack>
  );
}

/**
 * The dish search (D336). Memoised like the category row (D376): with the page's callbacks stable, a
 * basket change does not draw them again.
 */
const DishSearch = memo(function DishSearch({
  searchId,
  typed,
  searchMax,
  onType,
  onEnter,
}: Pick<TillPickerProps<TileDish>, 'searchId' | 'typed' | 'searchMax' | 'onType' | 'onEnter'>) {
  const { t } = useTranslation(['orders']);
  return (
    <TextInput
      type="search"
      id={searchId}
      label={t('edit.search')}
      description={t('edit.searchHint')}
      value={typed}
      maxLength={searchMax}
      onChange={(e) => onType(e.currentTarget.value)}
      onKeyDown={(e) => {
        // D336: Enter adds the first dish shown (the machine waits for the search's answer if needed).
        if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onEnter?.();
        }
      }}
      data-testid="order-product-search"
    />
  );
});

/**
 * "All" and the merchant's categories, the chosen one pressed. One row that scrolls sideways, as wide
 * as its buttons: each category keeps its whole name (the row was as wide as the box, so the buttons
 * shrank and cut their names, and the scroll bar never showed, D222). Tab reaches every one; the
 * focused one is scrolled wholly into view (Chrome leaves a button that is partly in view where it is).
 */
const CategoryTabs = memo(function CategoryTabs({
  categories,
  categoryId,
  onCategory,
}: Pick<TillPickerProps<TileDish>, 'categories' | 'categoryId' | 'onCategory'>) {
  const { t } = useTranslation(['orders']);
  const tabs = [
    { id: null as number | null, name: t('edit.allCategories') },
    ...categories.map((c) => ({ id: c.category_id, name: c.category_name })),
  ];

  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6} styles={ROW_AS_WIDE_AS_ITS_BUTTONS}>
      <Group gap={6} wrap="nowrap" role="group" aria-label={t('edit.categories')} pb={4}>
        {tabs.map((tab) => (
          <Button
            key={tab.id ?? 'all'}
            size="sm"
            h={44}
            variant={tab.id === categoryId ? 'filled' : 'default'}
            aria-pressed={tab.id === categoryId}
            onClick={() => onCategory(tab.id)}
            onFocus={(e) => e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
            data-testid="order-category"
          >
            {tab.name}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  );
});

/** How many tiles one slice draws (D356): two screens of a wide till, four of a phone. */
export const DISH_SLICE = 60;

/**
 * The matching dishes as tiles (D334): as many columns of at least 132 px as the panel holds (two on a
 * 375 px phone, three or four beside the basket on a tablet, five or more on a wide screen). A big menu
 * is drawn in slices (D356): the first DISH_SLICE tiles, then the next slice as the "show more" button
 * at the grid's end comes near the screen or is pressed, so 2,000 dishes never mean 2,000 tiles at once
 * and Tab still goes through the tiles in their order.
 */
function DishGrid<D extends TileDish>({ dishes, loading, countOf, disabled, onAdd, onQuantity }: TillPickerProps<D>) {
  const { t } = useTranslation(['orders']);
  const list = useRef<HTMLUListElement | null>(null);
  const [shown, more] = useSlices(dishes);
  const left = dishes.length - shown;
  const showMore = useCallback(
    (focusNext: boolean) => {
      more();
      // A keyboard that asked for more goes on at the first tile it had not reached.
      if (focusNext) requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('[data-testid="order-dish"]')[shown]?.focus());
    },
    [more, shown],
  );
  const sentinel = useNearScreen(left > 0, shown, () => showMore(false));

  return (
    <>
      <ul ref={list} aria-label={t('edit.productsLabel')} aria-busy={loading} style={GRID_STYLE} data-testid="order-products">
        {dishes.slice(0, shown).map((dish) => (
          <DishCell
            key={dish.product_id}
            product={dish}
            count={countOf(dish.product_id)}
            disabled={disabled}
            onAdd={onAdd}
            onQuantity={onQuantity}
          />
        ))}
      </ul>
      {left > 0 ? <MoreDishes buttonRef={sentinel} count={Math.min(DISH_SLICE, left)} left={left} onMore={showMore} /> : null}
    </>
  );
}

const GRID_STYLE = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
  gap: 8,
} as const;

/**
 * One dish of the grid, memoised (D376): the page's callbacks keep their identity, so a basket change
 * draws again only the cell whose count changed; the other cells are a props comparison each.
 */
const DishCell = memo(function DishCell(props: DishTileProps<TileDish>) {
  return (
    <li data-testid="order-product">
      <DishTile {...props} />
    </li>
  );
}) as <D extends TileDish>(props: DishTileProps<D>) => ReactElement;

/** "Show more" at the grid's end (D356), drawn again only when its counts change (D376). */
const MoreDishes = memo(function MoreDishes({
  buttonRef,
  count,
  left,
  onMore,
}: {
  buttonRef: (element: HTMLButtonElement | null) => void;
  count: number;
  left: number;
  onMore: (focusNext: boolean) => void;
}) {
  const { t } = useTranslation(['orders']);
  return (
    <Button ref={buttonRef} h={44} variant="default" onClick={() => onMore(true)} data-testid="order-dishes-more">
      {t('edit.showMore', { count, left })}
    </Button>
  );
});

/**
 * How many of the dishes are drawn: one slice more at each call, back to the first slice when the
 * dishes are another set (a new search or category; a basket change leaves the set as it was).
 */
function useSlices(dishes: readonly TileDish[]): [number, () => void] {
  const set = useMemo(() => dishes.map((d) => d.product_id).join(','), [dishes]);
  const [state, setState] = useState({ set, shown: DISH_SLICE });
  const shown = state.set === set ? state.shown : DISH_SLICE;
  const more = useCallback(() => setState({ set, shown: shown + DISH_SLICE }), [set, shown]);
  return [Math.min(shown, dishes.length), more];
}

/**
 * Calls `onNear` when the element comes within a screen of the viewport (no observer: the button alone
 * does it). Observed anew after each slice, so a button still near the screen asks for the next one.
 */
function useNearScreen(active: boolean, slice: number, onNear: () => void) {
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });
  useEffect(() => {
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, element, slice]);
  return setElement;
}
