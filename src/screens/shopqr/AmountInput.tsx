import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AMOUNT_MAX_LENGTH } from '../../machines/shopqr/rules/shopQr';
import { formatVnd } from '../shared/table/format';
import { useDigitsInput } from '../shared/use-digits-input';

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
  const { refused, handlers } = useDigitsInput(value, onChange, AMOUNT_MAX_LENGTH);

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
      {...handlers}
      data-testid="shopqr-amount"
    />
  );
}
