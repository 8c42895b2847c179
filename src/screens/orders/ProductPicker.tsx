import { useCallback } from 'react';
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
import type { PickableProduct } from '../../services/orders/schemas';
import { errorMessageKey } from '../../services/errors';
import { ORDER_SEARCH_MAX } from '../../services/orders/schemas';
import { FailureAlert } from '../shared/FailureAlert';
import type { OrderEditActor } from './OrderEditScreen';
import { TillPicker } from './TillPicker';

/** The search the `/` key goes to (D336). */
export const DISH_SEARCH_ID = 'order-dish-search';

/**
 * The dishes to pick from (doc 2 §2 "pick dishes"): the till's picker (./TillPicker.tsx) on the order
 * editor — search (asked of the service, which ignores tone marks, D336), the category row and every
 * matching available dish as a tile (D334); a long press opens the quantity entry (D335).
 */
export function ProductPicker({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const failed = useSelector(actor, selectCatalogueFailed);
  const error = useSelector(actor, selectCatalogueError);
  const basket = useSelector(actor, selectBasket);
  const typed = useSelector(actor, selectSearchTyped);
  const categories = useSelector(actor, selectCategories);
  const categoryId = useSelector(actor, selectCategoryId);
  const dishes = useSelector(actor, selectPickable);
  const loading = useSelector(actor, selectCatalogueLoading);
  const editable = useSelector(actor, selectBasketEditable);
  // The same callbacks from one render to the next: a basket change draws again only the tile it changed (D376).
  const onType = useCallback((value: string) => actor.send({ type: 'SEARCH.TYPE', field: 'q', value }), [actor]);
  const onEnter = useCallback(() => actor.send({ type: 'SEARCH.ENTER' }), [actor]);
  const onCategory = useCallback((categoryId: number | null) => actor.send({ type: 'CATEGORY.SELECT', categoryId }), [actor]);
  const onAdd = useCallback((product: PickableProduct) => actor.send({ type: 'BASKET.ADD', product }), [actor]);
  const onQuantity = useCallback((product: PickableProduct) => actor.send({ type: 'QUANTITY.OPEN', product }), [actor]);

  return (
    <TillPicker
      searchId={DISH_SEARCH_ID}
      typed={typed}
      searchMax={ORDER_SEARCH_MAX}
      onType={onType}
      onEnter={onEnter}
      categories={categories}
      categoryId={categoryId}
      onCategory={onCategory}
      dishes={dishes}
      loading={loading}
      failure={
        failed ? (
          <FailureAlert
            title={t('edit.productsFailed')}
            message={t(errorMessageKey(error))}
            retryLabel={t('edit.retry')}
            onRetry={() => actor.send({ type: 'CATALOGUE.RETRY' })}
          />
        ) : null
      }
      countOf={(productId) => amountInBasket(basket, productId)}
      disabled={!editable}
      onAdd={onAdd}
      onQuantity={onQuantity}
    />
  );
}
