import { fromPromise } from 'xstate';
import { createInvoicesActors, createInvoicesApi } from '../../services/invoices';
import type { CounterCategory, CounterProduct } from '../../services/invoices/schemas';
import { createOrdersApi } from '../../services/orders';
import type { AppScope } from '../shared/composition';

/**
 * The invoices area's wiring for one runtime (D279): the sale client's invoice calls, and the dish
 * catalogue of the orders client (every available product with its photo and categories, and the
 * category tabs), which the counter sale's tiles share with the order page (D354).
 */
export const invoicesActorsOf = ({ runtime }: AppScope) => {
  const catalogue = createOrdersApi(runtime.clients.sale);
  return {
    ...createInvoicesActors(createInvoicesApi(runtime.clients.sale)),
    searchProducts: fromPromise<CounterProduct[], { q: string }>(({ input, signal }) => catalogue.products(input.q, signal)),
    loadCategories: fromPromise<CounterCategory[], void>(({ signal }) => catalogue.categories(signal)),
  };
};
