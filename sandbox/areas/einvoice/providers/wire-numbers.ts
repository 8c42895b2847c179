import { z } from 'zod';

/**
 * Figures as M-Invoice's and MISA's JSON take them: a number, or a string of digits (the real APIs take
 * either). `amount` is never negative; `signed` is an adjusting invoice's figure, where a decrease is
 * negative (M-Invoice's guide "điền âm số lượng", MISA's public clients send `Quantity: -q`; D246,
 * D247), and each provider's check refuses a negative figure on any other invoice.
 */
const figure = (pattern: RegExp, min: (max: number) => number) => (max: number) =>
  z.union([z.number(), z.string().trim().regex(pattern).transform(Number)]).pipe(z.number().finite().min(min(max)).max(max));

export const amount = figure(/^\d+(\.\d+)?$/, () => 0);
export const signed = figure(/^-?\d+(\.\d+)?$/, (max) => -max);
