import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

const show = (current: number, total: number) =>
  pageItems(current, total)
    .map((i) => (i.kind === 'gap' ? '…' : String(i.page)))
    .join(' ');

describe('pageItems (core §2 shared table: ellipsis beyond 7 pages)', () => {
  it('lists every page up to 7', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(4, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('has no pages for an empty list', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('folds the far end near the start', () => {
    expect(show(1, 8)).toBe('1 2 3 4 5 … 8');
    expect(show(4, 20)).toBe('1 2 3 4 5 … 20');
  });

  it('folds both sides in the middle', () => {
    expect(show(5, 20)).toBe('1 … 4 5 6 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
  });

  it('folds the start near the end', () => {
    expect(show(17, 20)).toBe('1 … 16 17 18 19 20');
    expect(show(20, 20)).toBe('1 … 16 17 18 19 20');
  });

  it('always uses seven slots beyond 7 pages and clamps a page out of range', () => {
    for (let total = 8; total < 40; total += 1) {
      for (let current = 1; current <= total; current += 1) expect(pageItems(current, total)).toHaveLength(7);
    }
    expect(show(99, 10)).toBe('1 … 6 7 8 9 10');
    expect(show(-3, 10)).toBe('1 2 3 4 5 … 10');
  });
});
