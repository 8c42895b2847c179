import { describe, expect, it } from 'vitest';
import { customerQueryFromSearchParams, customerQueryToSearchParams } from './customerUrl';

describe('the customer list in the address bar (doc 2 §5)', () => {
  it('reads the address bar one value at a time, hostile values falling back to their defaults', () => {
    expect(customerQueryFromSearchParams(new URLSearchParams('page=3&page_size=25&q=%20pho%20'))).toEqual({
      page: 3,
      pageSize: 25,
      q: 'pho',
    });
    expect(customerQueryFromSearchParams(new URLSearchParams('page=-1&page_size=7&q='))).toEqual({ page: 1, pageSize: 10, q: '' });
    expect(customerQueryFromSearchParams(new URLSearchParams('page=99999999'))).toEqual({ page: 1, pageSize: 10, q: '' });
    expect(customerQueryToSearchParams({ page: 1, pageSize: 10, q: '' }).toString()).toBe('');
    expect(customerQueryToSearchParams({ page: 2, pageSize: 50, q: 'phở bò' }).toString()).toBe(
      'page=2&page_size=50&q=ph%E1%BB%9F+b%C3%B2',
    );
  });
});
