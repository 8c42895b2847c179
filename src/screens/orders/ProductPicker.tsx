import { useState } from 'react';
import { Button, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectBasketEditable,
  selectCatalogueError,
  selectCatalogueFailed,
  selectCatalogueLoading,
  selectCategories,
  selectCategoryId,
  selectPickable,
  selectSearchTyped,
} from '../../machines/orders/selectors';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { ORDER_SEARCH_MAX } from '../../services/orders/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import type { OrderEditActor } from './OrderEditScreen';

const ROW_HEIGHT = 56;
const LIST_HEIGHT = 420;
const ROW_AS_WIDE_AS_ITS_BUTTONS = { content: { width: 'max-content' } } as const;

/**
 * The dishes to pick from (doc 2 §2 "pick dishes"): search (asked of the service), the category tabs
 * and every matching available product in a virtualised list, so 2,000 products cost no more to
 * show than twenty (only the rows in view exist in the page).
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
        label={t('edit.search')}
        description={t('edit.searchHint')}
        value={typed}
        maxLength={ORDER_SEARCH_MAX}
        onChange={(e) => actor.send({ type: 'SEARCH.TYPE', field: 'q', value: e.currentTarget.value })}
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
      <ProductRows actor={actor} />
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
            size="compact-sm"
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

/** The matching products, virtualised: only the rows in view exist in the page. */
function ProductRows({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const products = useSelector(actor, selectPickable);
  const loading = useSelector(actor, selectCatalogueLoading);
  const editable = useSelector(actor, selectBasketEditable);

  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: products.length,
    getScrollElement: () => scrollEl,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 360, height: LIST_HEIGHT },
  });

  return (
    <div
      ref={setScrollEl}
      role="list"
      aria-label={t('edit.productsLabel')}
      aria-busy={loading}
      style={{ height: Math.min(LIST_HEIGHT, Math.max(products.length, 1) * ROW_HEIGHT), overflowY: 'auto', position: 'relative' }}
      data-testid="order-products"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const product = products[item.index]!;
          const price = formatVnd(product.price);
          return (
            <div
              key={product.product_id}
              role="listitem"
              aria-setsize={products.length}
              aria-posinset={item.index + 1}
              style={{
                position: 'absolute',
                top: item.start,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '0 4px',
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
              data-testid="order-product"
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {product.code} · {price}
                </Text>
              </div>
              <Button
                size="compact-sm"
                // Dark text on white: the light variant once hovered (blue 8 on blue 2) is 4.0:1, under AA.
                variant="default"
                disabled={!editable}
                aria-label={t('edit.addLabel', { name: product.name, price })}
                onClick={() => actor.send({ type: 'BASKET.ADD', product })}
              >
                {t('edit.add')}
              </Button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
