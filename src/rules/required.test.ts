import { describe, expect, it } from 'vitest';
import { isFilled } from './required';
import { EMOJI, LONG, SCRIPT, VIETNAMESE, ZERO_WIDTH } from './hostile';

describe('isFilled', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['\t\n\r ', false],
    ['\u00A0\u3000', false],
    [ZERO_WIDTH, false],
    [` ${ZERO_WIDTH} `, false],
    ['a', true],
    ['  merchant01  ', true],
    [VIETNAMESE, true],
    [EMOJI, true],
    [SCRIPT, true],
    [LONG, true],
  ])('%j → %s', (value, expected) => {
    expect(isFilled(value)).toBe(expected);
  });

  it('treats missing values as empty', () => {
    expect(isFilled(null)).toBe(false);
    expect(isFilled(undefined)).toBe(false);
  });

  it('handles 10,000 spaces quickly', () => {
    const started = performance.now();
    expect(isFilled(' '.repeat(10_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
