import type { OrderCategory, PickableProduct } from '../../services/orders/schemas';
import type { TillKeep } from '../../services/shared/outbox/keep';

/**
 * Writing the dishes and the category tabs the till last loaded in full (D348), each under its own key.
 * Apart from reading them back (./local-orders.ts) because the shell's outbox keeps the catalogue when
 * it opens and its chunk has no room for the local orders' code (issue 29 §5's size budget).
 */
export const CATALOGUE = { products: 'orders.products', categories: 'orders.categories' } as const;

export type KeepHolder = { keep: TillKeep };

/** Keeps the whole catalogue's answer (a search's answer is a part of it and is not kept). */
export const keepProducts = (outbox: KeepHolder, products: PickableProduct[]) =>
  outbox.keep.put(CATALOGUE.products, products).catch(() => undefined);

export const keepCategories = (outbox: KeepHolder, categories: OrderCategory[]) =>
  outbox.keep.put(CATALOGUE.categories, categories).catch(() => undefined);
