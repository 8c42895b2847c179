import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  acceptAmountPaste,
  amountDigits,
  AMOUNT_MAX_LENGTH,
  insertIntoAmount,
  isBlockedAmountKey,
} from '../../machines/paylink/rules/payLink';
import { formatVnd } from '../shared/table/format';

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
  const [refused, setRefused] = useState(false);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const blocked = isBlockedAmountKey(e.key, e.ctrlKey || e.metaKey || e.altKey);
    if (blocked) e.preventDefault();
    setRefused(blocked);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = acceptAmountPaste(e.clipboardData.getData('text'));
    if (digits === null) {
      setRefused(true);
      return;
    }
    setRefused(false);
    const input = e.currentTarget;
    onChange(insertIntoAmount(value, digits, input.selectionStart ?? value.length, input.selectionEnd ?? value.length));
  };

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
      error={error ?? (refused ? t('form.blockedKey') : null)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        setRefused(false);
      }}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onDrop={(e) => e.preventDefault()}
      onChange={(e) => onChange(amountDigits(e.currentTarget.value))}
      data-testid="paylink-amount"
    />
  );
}
