import { describe, expect, it } from 'vitest';
import { nationalPhone } from '../phone';
import { customerSearchText, foldForSearch, validateCustomer } from './customer';

describe('customer rules (doc 2 §5, D112, D113)', () => {
  it('requires name and a Vietnamese mobile, bounds name and address, refuses control characters', () => {
    expect(validateCustomer({ name: ' \u200b ', phone: '', address: '' })).toEqual({ name: 'required', phone: 'required' });
    expect(validateCustomer({ name: 'Trần Thị Phở', phone: '0123456789', address: '' })).toEqual({ phone: 'phoneInvalid' });
    expect(validateCustomer({ name: 'A'.repeat(101), phone: '+84 977 123 456', address: 'x'.repeat(201) })).toEqual({
      name: 'tooLong',
      address: 'tooLong',
    });
    expect(validateCustomer({ name: 'Tên\u0000', phone: '0977123456', address: 'a\u0007' })).toEqual({
      name: 'invalidCharacters',
      address: 'invalidCharacters',
    });
    expect(validateCustomer({ name: '<b>李小龙</b> 🍜', phone: '84 977.123.456', address: '' })).toEqual({});
    expect(nationalPhone('84 977.123.456')).toBe('0977123456');
  });

  it('folds Vietnamese for search and tidies what is sent', () => {
    expect(foldForSearch('Đỗ Văn Đạt – Phở')).toBe('do van dat – pho');
    expect(foldForSearch('Nguye\u0302\u0303n')).toBe('nguyen');
    expect(customerSearchText('  pho\u0000 \t bo  ')).toBe('pho bo');
    expect(customerSearchText('x'.repeat(500))).toHaveLength(100);
  });
});
