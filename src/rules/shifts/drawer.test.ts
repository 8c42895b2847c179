import { describe, expect, it } from 'vitest';
import { DENOMINATIONS, countedTotal, notesFor } from './drawer';

describe('the drawer count (issue 27 §3, D304)', () => {
  it('D304: notesFor gives the fewest notes, largest first, and they count back to the amount', () => {
    expect([...notesFor(1_387_500)]).toEqual([
      [500_000, 2],
      [200_000, 1],
      [100_000, 1],
      [50_000, 1],
      [20_000, 1],
      [10_000, 1],
      [5_000, 1],
      [2_000, 1],
      [500, 1],
    ]);
    for (const amount of [0, 500, 999_500, 12_345_500]) {
      expect(countedTotal(Object.fromEntries(notesFor(amount)))).toBe(amount);
    }
    expect(DENOMINATIONS.at(-1)).toBe(500);
  });
});
