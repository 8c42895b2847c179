import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from './LookupSelect';

export interface StoreOption {
  id: string;
  name: string;
}

/**
 * Store filter for merchants with up to 100,000 stores (core §9: dropdown lists fetch up to
 * 100,000 rows, at most 216 px high): the shared virtualised LookupSelect with the store texts.
 */
export function StoreFilter({
  stores,
  value,
  onChange,
  loading = false,
  label,
  required = false,
  error,
  disabled = false,
}: {
  stores: readonly StoreOption[];
  /** Selected store id; null for all stores (a filter) or none chosen yet (a required field). */
  value: string | null;
  /** The chosen id, and its option (for a form that keeps the store's name too). */
  onChange: (id: string | null, store: StoreOption | null) => void;
  loading?: boolean;
  /** The field's label; "Store" by default. */
  label?: string;
  /**
   * A form field rather than a filter: no "all stores" row, an asterisk, and null shows as empty
   * with a placeholder.
   */
  required?: boolean;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid). */
  error?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('table');
  return (
    <LookupSelect
      options={stores}
      value={value}
      onChange={onChange}
      loading={loading}
      required={required}
      error={error}
      disabled={disabled}
      width={required ? undefined : 260}
      texts={{
        label: label ?? t('store.label'),
        searchPlaceholder: t('store.searchPlaceholder'),
        noMatch: t('store.noMatch'),
        matches: (count) => t('store.matches', { count }),
        all: t('store.all'),
      }}
      testId="store-filter"
      listTestId="store-options"
    />
  );
}
