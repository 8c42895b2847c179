/** The orders machines' public face: the till's catalogue rules the counter sale applies too (D354). */
export { knownCategory, productsOfCategory } from './rules/basket';
