import { describe, expect, it } from 'vitest';
import { EMOJI, LONG, SCRIPT, ZERO_WIDTH } from '../hostile';
import {
  nationalPhone,
  validateStaffAdd,
  validateStaffEdit,
  validateStaffEmail,
  validateStaffId,
  validateStaffName,
  validateStaffPassword,
  validateStaffPhone,
} from './staff';

describe('staff rules (core §5 Staff)', () => {
  it('takes letters of any language and single spaces as a name', () => {
    for (const name of ['Nguyễn Thị Hồng', 'Đỗ Quang Huy', '  Vũ   Ngọc  Ánh ', 'José', '李小龙', 'Ме\u0301т', 'Nguye\u0302\u0303n']) {
      expect(validateStaffName(name), name).toBeNull();
    }
  });

  it('refuses digits, punctuation, markup and symbols as staff_name_invalid; blank is staff_name_empty', () => {
    for (const name of ['Hồng 2', 'Hồng-Anh', "O'Brien", SCRIPT, EMOJI, 'Hồng.', 'a_b']) {
      expect(validateStaffName(name), name).toBe('staff_name_invalid');
    }
    for (const name of ['', '   ', ZERO_WIDTH]) expect(validateStaffName(name)).toBe('staff_name_empty');
    expect(validateStaffName(LONG)).toBe('tooLong');
  });

  it('takes Vietnamese mobiles as 0, 84 or +84 then 3-9 then 8 digits', () => {
    expect(nationalPhone('0981234567')).toBe('0981234567');
    expect(nationalPhone('84981234567')).toBe('0981234567');
    expect(nationalPhone('+84 981 234 567')).toBe('0981234567');
    expect(nationalPhone('098.123.4567')).toBe('0981234567');
    for (const bad of ['0281234567', '098123456', '09812345678', '+85981234567', '098123456a', LONG, '０９８１２３４５６７']) {
      expect(validateStaffPhone(bad), bad).toBe('staff_phone_invalid');
    }
    expect(validateStaffPhone('  ')).toBe('required');
  });

  it('passwords: at least 6 characters as typed (staff_pw_6char)', () => {
    expect(validateStaffPassword('')).toBe('required');
    expect(validateStaffPassword('12345')).toBe('staff_pw_6char');
    expect(validateStaffPassword('🔒🔒🔒🔒🔒')).toBe('staff_pw_6char');
    expect(validateStaffPassword('123456')).toBeNull();
    expect(validateStaffPassword('      ')).toBeNull();
    expect(validateStaffPassword(LONG)).toBe('tooLong');
  });

  it('e-mail and staff id', () => {
    expect(validateStaffEmail('a@b.vn')).toBeNull();
    expect(validateStaffEmail('a@b')).toBe('email_invalid');
    expect(validateStaffEmail('')).toBe('required');
    expect(validateStaffId('NV005')).toBeNull();
    expect(validateStaffId('NV 5')).toBe('staff_id_invalid');
    expect(validateStaffId('<b>x</b>')).toBe('staff_id_invalid');
    expect(validateStaffId('X'.repeat(21))).toBe('tooLong');
  });

  it('every field is required on add; on edit the password part needs old and new only when open', () => {
    expect(validateStaffAdd({ staffId: '', fullName: '', phone: '', email: '', storeId: null, address: '', password: '' })).toEqual({
      staffId: 'required',
      fullName: 'required',
      phone: 'required',
      email: 'required',
      storeId: 'required',
      address: 'required',
      password: 'required',
    });
    const edit = { fullName: 'Hồng', phone: '0981234567', storeId: '1', address: '', changePassword: false, oldPassword: '', password: '' };
    expect(validateStaffEdit(edit, true)).toEqual({});
    expect(validateStaffEdit({ ...edit, fullName: ' ' }, true)).toEqual({ fullName: 'staff_name_empty' });
    expect(validateStaffEdit({ ...edit, changePassword: true }, true)).toEqual({ oldPassword: 'required', password: 'required' });
    expect(validateStaffEdit({ ...edit, changePassword: true, password: '123' }, false)).toEqual({ password: 'staff_pw_6char' });
  });
});
