import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Bill search. Every keystroke is reported at once; the owner (the report machine) waits 300 ms
 * of quiet before searching (core §9), so the field never lags behind the typing.
 */
export function BillSearch({ value, onChange, onSubmit }: { value: string; onChange: (text: string) => void; onSubmit?: () => void }) {
  const { t } = useTranslation('table');
  return (
    <TextInput
      label={t('bill.label')}
      placeholder={t('bill.placeholder')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSubmit?.();
      }}
      type="search"
      inputMode="search"
      autoComplete="off"
      spellCheck={false}
      maxLength={64}
      w={220}
      data-testid="bill-search"
    />
  );
}
