import { describe, expect, it } from 'vitest';
import { maskEmail } from './maskEmail';
import { LONG, SCRIPT } from '../../../rules/hostile';

describe('maskEmail', () => {
  it.each([
    ['nguyenvana@gmail.com', 'ng***@gmail.com'],
    ['ngoc@gmail.com', 'ng***@gmail.com'],
    ['abc@example.vn', 'a***@example.vn'],
    ['ab@example.vn', 'a***@example.vn'],
    ['a@example.vn', '***@example.vn'],
    ['  padded@example.vn ', 'pa***@example.vn'],
    ['weird@name@example.vn', 'we***@example.vn'],
    ['💳💳💳💳@example.vn', '💳💳***@example.vn'],
    ['', '***'],
    ['no-at-sign', '***'],
    ['@example.vn', '***@example.vn'],
  ])('%j → %j', (value, expected) => {
    expect(maskEmail(value)).toBe(expected);
  });

  it('never reveals more than two characters of a long local part', () => {
    expect(maskEmail(`${LONG}@example.vn`)).toBe('aa***@example.vn');
  });

  it('passes markup through as text (escaping is the renderer’s job)', () => {
    expect(maskEmail(`${SCRIPT}@x.vn`)).toBe('<s***@x.vn');
  });

  it('masks missing values entirely', () => {
    expect(maskEmail(null)).toBe('***');
    expect(maskEmail(undefined)).toBe('***');
  });
});
