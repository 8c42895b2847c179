import { NativeSelect } from '@mantine/core';
// Its own styles: it is drawn on pages outside the shell (sign-in, password), which load only the base set.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { useTranslation } from 'react-i18next';
import { usePortal, type Language } from './portal-context';

/**
 * The language switch of the auth pages: a native select, so the sign-in bundle needs no popover
 * code and it works with every keyboard and screen reader. Option names are in their own language.
 */
export function LanguageSelect() {
  const { t } = useTranslation('auth');
  const { language, setLanguage } = usePortal();
  return (
    <NativeSelect
      aria-label={t('layout.language')}
      data-testid="language-switch"
      size="xs"
      w={140}
      value={language}
      onChange={(e) => setLanguage(e.currentTarget.value as Language)}
      data={[
        { value: 'vi', label: 'Tiếng Việt (VIE)' },
        { value: 'en', label: 'English (ENG)' },
      ]}
    />
  );
}
