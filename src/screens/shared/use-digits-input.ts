import { useState, type ChangeEvent, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { acceptAmountPaste, digitsOnly, insertIntoDigits, isBlockedAmountKey } from '../../rules/amountDigits';

/**
 * The key, paste, drop and change handling of a digits-only amount field (ShopQR bill amount, Pay by
 * Link amount), so both stop the same characters the same way. `refused` is true after a refused key
 * or paste, until the next accepted one, so the field can say why nothing appeared; each field keeps
 * its own label, format, length limit and how that message ranks against its own error.
 */
export function useDigitsInput(value: string, onChange: (value: string) => void, maxLength: number) {
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
    onChange(insertIntoDigits(value, digits, input.selectionStart ?? value.length, input.selectionEnd ?? value.length, maxLength));
  };

  return {
    refused,
    clearRefused: () => setRefused(false),
    handlers: {
      onKeyDown,
      onPaste,
      // A dropped text would skip the paste filter.
      onDrop: (e: DragEvent<HTMLInputElement>) => e.preventDefault(),
      // Anything that got past the key filter (autofill, IME) is still stripped of non-digits.
      onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(digitsOnly(e.currentTarget.value, maxLength)),
    },
  };
}
