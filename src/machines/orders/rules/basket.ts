import {
  BASKET_LINES_MAX,
  LINE_AMOUNT_MAX,
  type BasketLine,
  type OrderCategory,
  type PickableProduct,
} from '../../../services/orders/schemas';

/**
 * The basket of dishes picked and not sent yet (pure; the order editing machine keeps it). Each line
 * holds 1..999 (the service's limit per line); the price shown is the catalogue's at pick time, and the
 * service adds at its own catalogue price anyway.
 */

export function addToBasket(basket: readonly BasketLine[], product: PickableProduct): BasketLine[] {
  const index = basket.findIndex((l) => l.product_id === product.product_id);
  if (index === -1) {
    if (basket.length >= BASKET_LINES_MAX) return [...basket];
    return [...basket, { product_id: product.product_id, code: product.code, name: product.name, price: product.price, amount: 1 }];
  }
  return basket.map((l, i) => (i === index ? { ...l, amount: Math.min(LINE_AMOUNT_MAX, l.amount + 1) } : l));
}

/** A typed quantity: whole numbers only; 0 takes the line out; above 999 stays at 999. Anything else changes nothing. */
export function setBasketAmount(basket: readonly BasketLine[], productId: number, amount: unknown): BasketLine[] {
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) return [...basket];
  if (amount === 0) return basket.filter((l) => l.product_id !== productId);
  return basket.map((l) => (l.product_id === productId ? { ...l, amount: Math.min(LINE_AMOUNT_MAX, amount) } : l));
}

export const basketTotal = (basket: readonly BasketLine[]) => basket.reduce((sum, l) => sum + l.price * l.amount, 0);
export const basketCount = (basket: readonly BasketLine[]) => basket.reduce((sum, l) => sum + l.amount, 0);

/** The picker's rows for a category tab (null = every category). */
export function productsOfCategory(products: readonly PickableProduct[], categoryId: number | null): readonly PickableProduct[] {
  return categoryId === null ? products : products.filter((p) => p.category_ids.includes(categoryId));
}

/** A category tab that no longer exists falls back to every category. */
export const knownCategory = (categories: readonly OrderCategory[], id: number | null) =>
  id === null || categories.some((c) => c.category_id === id);
