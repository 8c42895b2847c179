import {
  BASKET_LINES_MAX,
  LINE_AMOUNT_MAX,
  LINE_NOTE_MAX,
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

/** A whole quantity the basket takes: 0 (the line out) to 999. */
export const isLineAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isInteger(amount) && amount >= 0 && amount <= LINE_AMOUNT_MAX;

/**
 * The quantity entry (a long press on a dish, D335): the dish's line becomes this amount, made when the
 * dish is not in the basket yet (while there is room), taken out at 0. Anything but 0..999 changes nothing.
 */
export function putAmount(basket: readonly BasketLine[], product: PickableProduct, amount: unknown): BasketLine[] {
  if (!isLineAmount(amount)) return [...basket];
  if (basket.some((l) => l.product_id === product.product_id)) return setBasketAmount(basket, product.product_id, amount);
  if (amount === 0 || basket.length >= BASKET_LINES_MAX) return [...basket];
  return [...basket, { product_id: product.product_id, code: product.code, name: product.name, price: product.price, amount }];
}

/** The stepper (− / +) and the + and − keys: one more or one less, 999 at most; − on 1 takes the line out. */
export function stepAmount(basket: readonly BasketLine[], productId: number, by: 1 | -1): BasketLine[] {
  const line = basket.find((l) => l.product_id === productId);
  if (!line) return [...basket];
  return setBasketAmount(basket, productId, Math.min(LINE_AMOUNT_MAX, line.amount + by));
}

/** A line's note for the kitchen (D333), cut at the service's limit; trimmed only when sent. */
export function setLineNote(basket: readonly BasketLine[], productId: number, note: string): BasketLine[] {
  return basket.map((l) => (l.product_id === productId ? { ...l, note: note.slice(0, LINE_NOTE_MAX) } : l));
}

/** The line the + and − keys change: the dish touched last while it is still in the basket, else the basket's last line. */
export const lastLine = (basket: readonly BasketLine[], lastProductId: number | null): BasketLine | null =>
  basket.find((l) => l.product_id === lastProductId) ?? basket.at(-1) ?? null;

/** How many of a dish the basket holds (the count on its tile). */
export const amountInBasket = (basket: readonly BasketLine[], productId: number) =>
  basket.find((l) => l.product_id === productId)?.amount ?? 0;

export const basketTotal = (basket: readonly BasketLine[]) => basket.reduce((sum, l) => sum + l.price * l.amount, 0);
export const basketCount = (basket: readonly BasketLine[]) => basket.reduce((sum, l) => sum + l.amount, 0);

/** The picker's rows for a category tab (null = every category). */
export function productsOfCategory<P extends { category_ids: readonly number[] }>(
  products: readonly P[],
  categoryId: number | null,
): readonly P[] {
  return categoryId === null ? products : products.filter((p) => p.category_ids.includes(categoryId));
}

/** A category tab that no longer exists falls back to every category. */
export const knownCategory = (categories: readonly Pick<OrderCategory, 'category_id'>[], id: number | null) =>
  id === null || categories.some((c) => c.category_id === id);
