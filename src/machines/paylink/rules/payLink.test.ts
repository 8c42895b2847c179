import { describe, expect, it } from 'vitest';
import { linkQueryFromSearchParams, linkQueryToSearchParams } from './linkListUrl';
import { acceptAmountPaste, insertIntoAmount, isBlockedAmountKey, linkSearchText, validateAmount, validateOrderId } from './payLink';

describe('Pay by Link rules', () => {
  it('order id: required, one visible character, at most 64 after trimming, no control characters', () => {
    expect(validateOrderId('')).toBe('order_id_required');
    expect(validateOrderId('   ')).toBe('no_white_space');
    expect(validateOrderId('\u200b \u00ad')).toBe('no_white_space');
    expect(validateOrderId('DH\u000001')).toBe('order_id_invalid');
    expect(validateOrderId('DH\n01')).toBe('order_id_invalid');
    expect(validateOrderId(` ${'đ'.repeat(64)} `)).toBeNull();
    expect(validateOrderId('đ'.repeat(65))).toBe('order_id_too_long');
    expect(validateOrderId('<b>Đơn 1</b>')).toBeNull();
  });

  it('amount: digits only, 1,000..999,999,999', () => {
    expect(validateAmount('')).toBe('amount_required');
    expect(validateAmount('1e5')).toBe('amount_digits');
    expect(validateAmount('999')).toBe('amount_min');
    expect(validateAmount('0001000')).toBeNull();
    expect(validateAmount('999999999')).toBeNull();
    expect(validateAmount('1000000000')).toBe('amount_max');
  });

  it('stops e, +, -, comma and dot at the key and refuses pastes with separators', () => {
    for (const key of ['e', 'E', '+', '-', ',', '.', ' ', 'đ']) expect(isBlockedAmountKey(key)).toBe(true);
    for (const key of ['0', '9', 'Backspace', 'ArrowLeft', 'Tab']) expect(isBlockedAmountKey(key)).toBe(false);
    expect(isBlockedAmountKey('v', true)).toBe(false);
    expect(acceptAmountPaste(' 150000 ')).toBe('150000');
    expect(acceptAmountPaste('1.500.000')).toBeNull();
    expect(acceptAmountPaste('-5')).toBeNull();
    expect(insertIntoAmount('1500', '999999', 2, 2)).toBe('159999990');
  });

  it('search text and the address: hostile values fall back to defaults one by one', () => {
    expect(linkSearchText(' DH\u0000 \n 01 ')).toBe('DH 01');
    const query = linkQueryFromSearchParams(new URLSearchParams('page=0&page_size=7&status=CANCELLED&q=%00x'));
    expect(query).toEqual({ page: 1, pageSize: 10, q: 'x', status: null });
    const round = { page: 3, pageSize: 25, q: 'đơn', status: 'PAID' as const };
    expect(linkQueryFromSearchParams(linkQueryToSearchParams(round))).toEqual(round);
    expect(linkQueryToSearchParams({ page: 1, pageSize: 10, q: '', status: null }).toString()).toBe('');
  });
});
