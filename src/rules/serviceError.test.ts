import { describe, expect, it } from 'vitest';
import { errorCode, errorDataNumber, UNKNOWN_ERROR } from './serviceError';

describe('errorCode', () => {
  it('reads a ServiceError-shaped code', () => {
    expect(errorCode({ code: 'LOGIN_FAIL', status: 401, data: null, kind: 'server' })).toBe('LOGIN_FAIL');
  });

  it.each([undefined, null, 'LOGIN_FAIL', 42, new Error('boom'), { code: 7 }, { code: '' }, {}])(
    'falls back to UNKNOWN_ERROR for %j',
    (value) => {
      expect(errorCode(value)).toBe(UNKNOWN_ERROR);
    },
  );
});

describe('errorDataNumber', () => {
  it('reads finite numbers from data', () => {
    const error = { code: 'LOGIN_FAIL', data: { failed_count: 2, max_attempts: 5 } };
    expect(errorDataNumber(error, 'failed_count')).toBe(2);
    expect(errorDataNumber(error, 'max_attempts')).toBe(5);
  });

  it.each([
    { code: 'X' },
    { code: 'X', data: null },
    { code: 'X', data: { failed_count: '2' } },
    { code: 'X', data: { failed_count: Number.NaN } },
    { code: 'X', data: { failed_count: Number.POSITIVE_INFINITY } },
    null,
  ])('gives null for %j', (error) => {
    expect(errorDataNumber(error, 'failed_count')).toBeNull();
  });
});
