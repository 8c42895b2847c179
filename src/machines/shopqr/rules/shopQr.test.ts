import { describe, expect, it } from 'vitest';
import {
  acceptAmountPaste,
  AMOUNT_BLOCKED_KEYS,
  insertIntoAmount,
  isBlockedAmountKey,
  validateAmount,
  validateShopQrForm,
  type ShopQrForm,
} from './shopQr';

describe('amount input (core §5 Inputs, §9 13 characters)', () => {
  it('blocks e, E, +, ., comma and minus, and any other non-digit character', () => {
    for (const key of [...AMOUNT_BLOCKED_KEYS, 'a', ' ', 'đ', '₫']) expect(isBlockedAmountKey(key), key).toBe(true);
  });

  it('lets digits, named keys and shortcuts through', () => {
    for (const key of ['0', '5', '9', 'Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'Home'])
      expect(isBlockedAmountKey(key), key).toBe(false);
    expect(isBlockedAmountKey('v', true)).toBe(false);
  });

  it('refuses a paste holding anything but digits, rather than guessing separators', () => {
    expect(acceptAmountPaste(' 150000 ')).toBe('150000');
    for (const text of ['1e5', '1.500.000', '1,5', '-100', '+100', '1E3', '', '12 000']) expect(acceptAmountPaste(text), text).toBeNull();
  });

  it('inserts over the selection and cuts at 13 characters', () => {
    expect(insertIntoAmount('1500', '9', 1, 3)).toBe('190');
    expect(insertIntoAmount('', '12345678901234567', 0, 0)).toBe('1234567890123');
    expect(insertIntoAmount('123', '4', 3, 3)).toBe('1234');
  });

  it('validates a whole positive number of dong with at most 13 digits', () => {
    expect(validateAmount('')).toBe('required');
    expect(validateAmount('  ')).toBe('required');
    expect(validateAmount('0')).toBe('notPositive');
    expect(validateAmount('000')).toBe('notPositive');
    expect(validateAmount('1.5')).toBe('notWholeNumber');
    expect(validateAmount('1e5')).toBe('notWholeNumber');
    expect(validateAmount('-5')).toBe('notWholeNumber');
    expect(validateAmount('12345678901234')).toBe('tooLong');
    expect(validateAmount('9999999999999')).toBeNull();
    expect(validateAmount('150000')).toBeNull();
  });
});

describe('ShopQR add form (core §5)', () => {
  const base: ShopQrForm = {
    type: 'STORE',
    bankAccount: '0100000011',
    store: { id: '1', name: 'Phố Cổ - Hàng Bạc' },
    staff: null,
    channel: null,
    amount: '',
  };

  it('needs a bank account for every type', () => {
    for (const type of ['STORE', 'STAFF', 'BILL'] as const) {
      expect(validateShopQrForm({ ...base, type, bankAccount: null }).bankAccount).toBe('required');
    }
  });

  it('STORE needs a store, STAFF a staff member', () => {
    expect(validateShopQrForm(base)).toEqual({});
    expect(validateShopQrForm({ ...base, store: null })).toEqual({ store: 'required' });
    expect(validateShopQrForm({ ...base, type: 'STAFF' })).toEqual({ staff: 'required' });
    expect(validateShopQrForm({ ...base, type: 'STAFF', store: null, staff: 'NV003' })).toEqual({});
  });

  it('BILL needs staff, a known sale channel and an amount', () => {
    expect(validateShopQrForm({ ...base, type: 'BILL' })).toEqual({ staff: 'required', channel: 'required', amount: 'required' });
    expect(validateShopQrForm({ ...base, type: 'BILL', staff: 'NV002', channel: 'SHOP', amount: '0' })).toEqual({
      channel: 'required',
      amount: 'notPositive',
    });
    expect(validateShopQrForm({ ...base, type: 'BILL', staff: 'NV002', channel: 'IN_STORE', amount: '150000' })).toEqual({});
  });
});
