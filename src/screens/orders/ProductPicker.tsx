import { Button, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectBasket,
  selectBasketEditable,
  selectCatalogueError,
  selectCatalogueFailed,
  selectCatalogueLoading,
  selectCategories,
  selectCategoryId,
  selectPickable,
  selectSearchTyped,
} from '../../machines/orders/selectors';
import { amountInBasket } from '../../machines/orders/rules/basket';
import { errorMessageKey } from '../../services/errors';
import { ORDER_SEARCH_MAX } from '../../services/orders/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { DishTile } from './DishTile';
import type { OrderEditActor } from './OrderEditScreen';

/** The search the `/` key goes to (D336). */
export const DISH_SEARCH_ID = 'order-dish-search';
const ROW_AS_WIDE_AS_ITS_BUTTONS = { content: { width: 'max-content' } } as const;

/**
 * The dishes to pick from (doc 2 §2 "pick dishes"): search (asked of the service, which ignores tone
 * marks, D336), the category row and every matching available dish as a tile (D334).
 */
export function ProductPicker({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const typed = useSelector(actor, selectSearchTyped);
  const products = useSelector(actor, selectPickable);
  const loading = useSelector(actor, selectCatalogueLoading);
  const failed = useSelector(actor, selectCatalogueFailed);
  const error = useSelector(actor, selectCatalogueError);

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('edit.pickerTitle')}
      </Title>
      <TextInput
        type="search"
        id={DISH_SEARCH_ID}
        label={t('edit.search')}
        description={t('edit.searchHint')}
        value={typed}
        maxLength={ORDER_SEARCH_MAX}
        onChange={(e) => actor.send({ type: 'SEARCH.TYPE', field: 'q', value: e.currentTarget.value })}
        onKeyDown={(e) => {
          // D336: Enter adds the first dish shown (the machine waits for the search's answer if needed).
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            actor.send({ type: 'SEARCH.ENTER' });
          }
        }}
        data-testid="order-product-search"
      />
      <CategoryTabs actor={actor} />
      {failed ? (
        <FailureAlert
          title={t('edit.productsFailed')}
          message={t(errorMessageKey(error))}
          retryLabel={t('edit.retry')}
          onRetry={() => actor.send({ type: 'CATALOGUE.RETRY' })}
        />
      ) : null}
      {loading ? <LoadingLine label={t('edit.productsLoading')} testId="order-products-loading" /> : null}
      {!loading && !failed && products.length === 0 ? <Text size="sm">{t('edit.noProducts')}</Text> : null}
      <DishGrid actor={actor} />
    </Stack>
  );
}

/**
 * "All" and the merchant's categories, the chosen one pressed. One row that scrolls sideways, as wide
 * as its buttons: each category keeps its whole name (the row was as wide as the box, so the buttons
 * shrank and cut their names, and the scroll bar never showed, D222). Tab reaches every one; the
 * focused one is scrolled wholly into view (Chrome leaves a button that is partly in view where it is).
 */
function CategoryTabs({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const categories = useSelector(actor, selectCategories);
  const categoryId = useSelector(actor, selectCategoryId);
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
            onClick={() => actor.send({ type: 'CATEGORY.SELECT', categoryId: tab.id })}
            onFocus={(e) => e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
            data-testid="order-category"
          >
            {tab.name}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  );
}

/**
 * The matching dishes as tiles (D334): as many columns of at least 132 px as the panel holds (two on a
 * 375 px phone, three or four beside the basket on a tablet, five or more on a wide screen).
 */
function DishGrid({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const products = useSelector(actor, selectPickable);
  const loading = useSelector(actor, selectCatalogueLoading);
  const editable = useSelector(actor, selectBasketEditable);
  const basket = useSelector(actor, selectBasket);

  return (
    <ul
      aria-label={t('edit.productsLabel')}
      aria-busy={loading}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
        gap: 8,
      }}
      data-testid="order-products"
    >
      {products.map((product) => (
        <li key={product.product_id} data-testid="order-product">
          <DishTile
            product={product}
            count={amountInBasket(basket, product.product_id)}
            disabled={!editable}
            onAdd={() => actor.send({ type: 'BASKET.ADD', product })}
            onQuantity={() => actor.send({ type: 'QUANTITY.OPEN', product })}
          />
        </li>
      ))}
    </ul>
  );
}
