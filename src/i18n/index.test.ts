import { describe, expect, it } from 'vitest';
import { createAppStorage, STORAGE_KEYS } from '../services/shared/storage';
import { memoryStorage } from '../services/shared/testing/fake-server';
import { currentLanguage, i18n, initialLanguage, initI18n, NAMESPACES, setLanguage } from '.';

function storageWith(language?: string) {
  const local = memoryStorage();
  if (language !== undefined) local.setItem(STORAGE_KEYS.language, language);
  return { local, storage: createAppStorage({ local: () => local, session: () => memoryStorage() }) };
}

describe('i18n', () => {
  it('loads every namespace file present', () => {
    for (const ns of ['common', 'errors', 'validation']) expect(NAMESPACES).toContain(ns);
  });

  it('initial language: stored key, else the configured default, ignoring bad values', () => {
    expect(initialLanguage('vi', storageWith('en').storage)).toBe('en');
    expect(initialLanguage('en', storageWith().storage)).toBe('en');
    expect(initialLanguage('vi', storageWith('fr').storage)).toBe('vi');
  });

  it('initialises with the stored language, sets <html lang>, and setLanguage persists', async () => {
    const { local, storage } = storageWith('en');
    await initI18n({ defaultLanguage: 'vi', storage });
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common:button.cancel')).toBe('Cancel');
    expect(i18n.t('errors:INVALID_EMAIL')).toBe('Invalid email');

    await setLanguage('vi');
    expect(local.getItem(STORAGE_KEYS.language)).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(i18n.t('common:button.cancel')).toBe('Hủy');
    expect(i18n.t('validation:password.mismatch')).toBe('Mật khẩu không khớp');
    // Interpolated values are not HTML-escaped here; React escapes them when rendering.
    expect(i18n.t('validation:tooLong', { max: '<5>' })).toBe('Tối đa <5> ký tự');
  });

  it('core §8, §9: messages that send the merchant to a hotline carry the configured number', async () => {
    const { storage } = storageWith('en');
    await initI18n({ defaultLanguage: 'en', storage, hotlines: { auth: '1900 1', business: '1900 2222', pos: '1900 3' } });
    await setLanguage('en');
    expect(i18n.t('errors:ACCOUNT_WRITE_LOCKED')).toContain('business hotline 1900 2222');
    await setLanguage('vi');
    expect(i18n.t('errors:ACCOUNT_CLOSED_REDISTERED')).toContain('hotline doanh nghiệp 1900 2222');
  });
});
