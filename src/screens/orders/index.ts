/**
 * The orders screens' public face: the till's parts another area draws with its own machine (the
 * counter sale, D354) — the dish picker, its tiles and the basket lines.
 */
export { TillPicker, type TillCategory, type TillPickerProps } from './TillPicker';
export { TillLines, type TillLine } from './TillLines';
export type { TileDish } from './DishTile';
