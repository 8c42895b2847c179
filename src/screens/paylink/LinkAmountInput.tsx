import { useState } from 'react';
import { flushSync } from 'react-dom';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AMOUNT_MAX_LENGTH } from '../../machines/paylink/rules/payLink';
import { formatVnd } from '../shared/table/format';
import { useDigitsInput } from '../shared/use-digits-input';

/**
 * The link's amount (doc 2 §5 Pay by Link): digits only (e, +, -, comma and dot stopped at the key and
 * in pastes, a refused key saying why), raw while focused, with thousand separators and ₫ once left
 * (what is sent stays the raw digits). A text input with a numeric keyboard, not type="number",
 * whose browser rules would let "e" and "-" in.
 */
export function LinkAmountInput({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('paylink');
  const [focused, setFocused] = useState(false);
  const { refused, clearRefused, handlers } = useDigitsInput(value, onChange, AMOUNT_MAX_LENGTH);

  const shown = !focused && /^[0-9]+$/.test(value) ? formatVnd(Number(value)) : value;

  return (
    <TextInput
      label={t('form.amount')}
      description={t('form.amountHint')}
      withAsterisk
      inputMode="numeric"
      autoComplete="off"
      maxLength={focused ? AMOUNT_MAX_LENGTH : undefined}
      value={shown}
      disabled={disabled}
      // A refused key says so at once (it is what the person just did); the field's own error returns with the next key.
      error={refused ? t('form.blockedKey') : error}
      onFocus={(e) => {
        // The raw digits replace the formatted text within the focus itself, and are selected, so
        // what is typed next replaces the amount instead of landing after a caret the switch moved.
        const input = e.currentTarget;
        flushSync(() => setFocused(true));
        input.select();
      }}
      onBlur={() => {
        setFocused(false);
        clearRefused();
      }}
      {...handlers}
      data-testid="paylink-amount"
    />
  );
}
