import { describe, expect, it } from 'vitest';
import { checkNewPassword, passwordsMatch, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './newPassword';
import { EMOJI, LONG, SCRIPT, VIETNAMESE, ZERO_WIDTH } from '../../../rules/hostile';

describe('checkNewPassword', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkNewPassword('Merchant2024!')).toEqual({
      valid: true,
      failed: [],
      rules: { length: true, uppercase: true, lowercase: true, digit: true, allowedCharacters: true },
    });
  });

  it('accepts every printable ASCII symbol', () => {
    expect(checkNewPassword('Aa1!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~').valid).toBe(true);
  });

  it('counts 8 to 35 characters inclusive', () => {
    const of = (n: number) => `Aa1${'x'.repeat(n - 3)}`;
    expect(checkNewPassword(of(PASSWORD_MIN_LENGTH - 1)).failed).toEqual(['length']);
    expect(checkNewPassword(of(PASSWORD_MIN_LENGTH)).valid).toBe(true);
    expect(checkNewPassword(of(34)).valid).toBe(true);
    expect(checkNewPassword(of(PASSWORD_MAX_LENGTH)).valid).toBe(true);
    expect(checkNewPassword(of(PASSWORD_MAX_LENGTH + 1)).failed).toEqual(['length']);
  });

  it.each([
    ['merchant2024', ['uppercase']],
    ['MERCHANT2024', ['lowercase']],
    ['MerchantAbc', ['digit']],
    ['Merchant 2024', ['allowedCharacters']],
    [`${VIETNAMESE}A1x`, ['allowedCharacters']],
    ['Mậtkhẩu2024', ['allowedCharacters']],
    [`Merchant2024${EMOJI}`, ['allowedCharacters']],
    [`Merchant${ZERO_WIDTH}2024`, ['allowedCharacters']],
    ['Merchant2024\t', ['allowedCharacters']],
    ['Merchant2024\u00A0', ['allowedCharacters']],
    ['Ｍerchant2024', ['uppercase', 'allowedCharacters']], // full-width Ｍ is not A–Z
  ])('%j fails %j', (value, failed) => {
    expect(checkNewPassword(value).failed).toEqual(failed);
  });

  it('reports every failing rule at once', () => {
    expect(checkNewPassword('').failed).toEqual(['length', 'uppercase', 'lowercase', 'digit', 'allowedCharacters']);
    expect(checkNewPassword('        ').failed).toEqual(['uppercase', 'lowercase', 'digit', 'allowedCharacters']);
    expect(checkNewPassword(null).valid).toBe(false);
  });

  it('treats a <script> tag as ordinary (if failing) characters', () => {
    expect(checkNewPassword(SCRIPT).failed).toEqual(['uppercase']);
    expect(checkNewPassword('<script>A1').valid).toBe(true);
  });

  it('handles 10,000 characters quickly', () => {
    const started = performance.now();
    expect(checkNewPassword(`Aa1${LONG}`).failed).toEqual(['length']);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('counts an emoji as one character', () => {
    // 7 ASCII + 1 emoji = 8 characters; length passes, the character set does not.
    expect(checkNewPassword('Aa1xxxx💳').failed).toEqual(['allowedCharacters']);
  });
});

describe('passwordsMatch', () => {
  it.each([
    ['Merchant2024!', 'Merchant2024!', true],
    ['Merchant2024!', 'merchant2024!', false],
    ['Merchant2024!', 'Merchant2024! ', false],
    ['Merchant2024!', '', false],
    ['', '', false],
    [LONG, LONG, true],
    [`${LONG}a`, `${LONG}b`, false],
    ['Mật', 'Ma\u0323\u0302t', false], // same glyphs, different code points: not equal
  ])('%j vs %j → %s', (password, confirmation, expected) => {
    expect(passwordsMatch(password, confirmation)).toBe(expected);
  });
});
