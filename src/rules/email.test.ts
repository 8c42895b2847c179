import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isValidEmail } from './email';
import { EMOJI, LONG, SCRIPT, ZERO_WIDTH } from './hostile';

describe('isValidEmail', () => {
  it.each([
    'merchant@example.vn',
    'nguyen.van.a@gmail.com',
    'a@b.co',
    'first+tag@sub.domain.example.com',
    "o'brien@example.ie",
    'UPPER@EXAMPLE.COM',
    '  padded@example.vn  ',
    'x-y_z@my-shop.com.vn',
  ])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each([
    '',
    '   ',
    ZERO_WIDTH,
    'plainaddress',
    '@example.com',
    'user@',
    'user@localhost',
    'user@example',
    'user@example.c',
    'user@@example.com',
    'user@exa mple.com',
    'us er@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@example.123',
    `user${ZERO_WIDTH}@example.com`,
    'nguyễn@example.vn',
    'user@ví-dụ.vn',
    `${EMOJI}@example.com`,
    `${SCRIPT}@example.com`,
    `user@example.com${SCRIPT}`,
    '"quoted"@example.com',
    'user@[127.0.0.1]',
  ])('refuses %j', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it('refuses null and undefined', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });

  it('enforces 64 characters in the local part and 254 overall', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const label = 'b'.repeat(63);
    const domain = `${label}.${label}.${label}.com`; // 3 * 64 + 3 = 195, local part 58
    const atLimit = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(atLimit.length).toBe(EMAIL_MAX_LENGTH);
    expect(isValidEmail(atLimit)).toBe(true);
    expect(isValidEmail(`a${atLimit}`)).toBe(false);
  });

  it('stays fast on hostile 10,000-character input', () => {
    const inputs = [LONG, `${LONG}@example.com`, `a@${LONG}.com`, `${'a.'.repeat(5_000)}@x`, `a@${'a-'.repeat(5_000)}`];
    const started = performance.now();
    for (const value of inputs) expect(isValidEmail(value)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
