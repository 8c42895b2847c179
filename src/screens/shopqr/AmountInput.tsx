import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { acceptAmountPaste, AMOUNT_MAX_LENGTH, insertIntoAmount, isBlockedAmountKey } from '../../machines/shopqr/rules/shopQr';
import { formatVnd } from '../shared/table/format';

/**
 * The BILL amount (core §5 Inputs): digits only. e, E, +, ., comma and minus are stopped at the key
 * and in pastes (a refused key says why, briefly, so a person pressing "." does not think the
 * field is broken); at most 13 characters. A text input with a numeric keyboard, not
 * type="number", whose browser rules would let "e" and "-" in.
 */
export function AmountInput({
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
  const { t } = useTranslation('shopqr');
  const [refused, setRefused] = useState(false);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedAmountKey(e.key, e.ctrlKey || e.metaKey || e.altKey)) {
      e.preventDefault();
      setRefused(true);
    } else {
      setRefused(false);
    }
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

  const amount = /^[0-9]+$/.test(value) && Number(value) > 0 ? formatVnd(Number(value)) : null;
  const description = [t('form.amountHint'), amount ? t('form.amountPreview', { amount }) : null].filter(Boolean).join(' ');

  return (
    <TextInput
      label={t('form.amount')}
      description={description}
      withAsterisk
      inputMode="numeric"
      autoComplete="off"
      maxLength={AMOUNT_MAX_LENGTH}
      value={value}
      disabled={disabled}
      error={error ?? (refused ? t('errors.blockedKey') : null)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onDrop={(e) => e.preventDefault()}
      // Anything that got past the key filter (autofill, IME) is still stripped of non-digits.
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9]/g, '').slice(0, AMOUNT_MAX_LENGTH))}
      data-testid="shopqr-amount"
    />
  );
}
