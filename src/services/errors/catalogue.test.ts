import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en/errors.json';
import { EINVOICE_ERROR_CODES } from '../einvoice';
import vi from '../../i18n/vi/errors.json';
import {
  catalogueCode,
  CLIENT_ERROR_CODES,
  errorMessage,
  errorMessageKey,
  GENERAL_ERROR_KEYS,
  PREFIX_ERROR_FAMILIES,
  SERVER_ERROR_CODES,
} from './catalogue';

describe('error catalogue', () => {
  it('has a text in both languages for every code and general message', () => {
    for (const key of [...SERVER_ERROR_CODES, ...PREFIX_ERROR_FAMILIES, ...CLIENT_ERROR_CODES, ...GENERAL_ERROR_KEYS]) {
      expect(vi, key).toHaveProperty(key);
      expect(en, key).toHaveProperty(key);
    }
  });

  it('covers the codes the specs name, including doc 2', () => {
    for (const code of [
      'PERMISSION_DENY',
      'NAME_CODE_EXIST',
      'PERFIX_EXIST',
      'INVOICE_ALREADY_EXPORTED',
      'SYSTEM_FAIL',
      'SYNC_WESAP_FAIL',
    ]) {
      expect(errorMessageKey(code)).toBe(`errors:${code}`);
    }
  });

  it('knows the codes of the server-side limits (issue 10 §5): RANGE_TOO_LONG (core §5) and EXPORT_IN_PROGRESS', () => {
    // The sandbox answers them (sandbox/areas/reports); an unknown code would show the generic text.
    for (const code of ['RANGE_TOO_LONG', 'EXPORT_IN_PROGRESS']) {
      expect(errorMessageKey(code)).toBe(`errors:${code}`);
      expect(vi, code).toHaveProperty(code);
      expect(en, code).toHaveProperty(code);
    }
  });

  it('knows every e-invoice code (issue 15), in doc 2 §8 words where it gives them', () => {
    for (const code of EINVOICE_ERROR_CODES) {
      expect(errorMessageKey(code)).toBe(`errors:${code}`);
      expect(vi, code).toHaveProperty(code);
      expect(en, code).toHaveProperty(code);
    }
    expect(en.EINV_TAX_CODE_INVALID).toBe('Tax code is invalid.');
    expect(en.EINV_LOGIN_FAIL).toBe('Username or password is incorrect.');
    expect(en.EINV_NOT_SET_UP).toBe('Please set up the e-invoice to use this feature.');
    expect(en.EINV_DECLARATION_PENDING).toBe('Your invoice declaration has not been approved yet, wait for the Tax Authority.');
  });

  it('matches bank-specific families by prefix', () => {
    expect(catalogueCode('ACCOUNT_NAME_INVALID_VCB')).toBe('ACCOUNT_NAME_INVALID');
    expect(catalogueCode('PHONE_NO_MATCH_BIDV')).toBe('PHONE_NO_MATCH');
    expect(catalogueCode('TAX_NUMBER_NO_MATCH_X_Y')).toBe('TAX_NUMBER_NO_MATCH');
    expect(catalogueCode('CUSTOMER_NOT_FOUND')).toBe('CUSTOMER_NOT_FOUND');
    // A code merely starting with the letters of a family is not in it.
    expect(catalogueCode('PHONE_NO_MATCHES')).toBe('UNKNOWN_ERROR');
  });

  it('falls back: unknown → UNKNOWN_ERROR, empty → BAD_REQUEST', () => {
    expect(errorMessageKey('NEVER_HEARD_OF')).toBe('errors:UNKNOWN_ERROR');
    expect(errorMessageKey('__proto__')).toBe('errors:UNKNOWN_ERROR');
    expect(errorMessageKey('')).toBe('errors:BAD_REQUEST');
    expect(errorMessageKey('   ')).toBe('errors:BAD_REQUEST');
    expect(errorMessageKey(undefined)).toBe('errors:BAD_REQUEST');
    expect(errorMessageKey(null)).toBe('errors:BAD_REQUEST');
    expect(errorMessageKey('NETWORK_ERROR')).toBe('errors:NETWORK_ERROR');
  });

  it('STAFF_LINK_VA names the staff member when the error carries one', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'vi',
      resources: { vi: { errors: vi }, en: { errors: en } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    const named = errorMessage({ code: 'STAFF_LINK_VA', data: { staff_name: 'Trần Thị B' } });
    expect(i18n.t(named.key, named.params)).toBe('Nhân viên Trần Thị B đang được liên kết với tài khoản định danh của cửa hàng.');
    const unnamed = errorMessage({ code: 'STAFF_LINK_VA', data: null });
    expect(i18n.t(unnamed.key, unnamed.params)).toBe('Nhân viên này đang được liên kết với tài khoản định danh của cửa hàng.');
    await i18n.changeLanguage('en');
    expect(i18n.t(named.key, named.params)).toBe("Staff member Trần Thị B is linked to a store's virtual account.");
    expect(i18n.t(errorMessage({ code: 'XYZ' }).key)).toBe('The system is temporarily unavailable. Please try again later.');
  });
});
