import { useState } from 'react';
import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDigitsInput } from './use-digits-input';

afterEach(cleanup);

function Field({ maxLength }: { maxLength: number }) {
  const [value, setValue] = useState('');
  const { refused, handlers } = useDigitsInput(value, setValue, maxLength);
  return (
    <>
      <input aria-label="amount" value={value} {...handlers} />
      {refused && <p>refused</p>}
    </>
  );
}

const paste = (input: HTMLElement, text: string) => {
  const event = createEvent.paste(input, { clipboardData: { getData: () => text } });
  fireEvent(input, event);
  return event;
};

describe('useDigitsInput', () => {
  it('stops non-digit keys and says so until the next accepted key; shortcuts pass', () => {
    render(<Field maxLength={9} />);
    const input = screen.getByLabelText('amount');
    for (const key of ['e', '+', '-', ',', '.']) expect(fireEvent.keyDown(input, { key }), key).toBe(false);
    expect(screen.getByText('refused')).toBeTruthy();
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
    expect(screen.queryByText('refused')).toBeNull();
    expect(fireEvent.keyDown(input, { key: 'v', ctrlKey: true })).toBe(true);
  });

  it('pastes digits over the selection cut to the limit, refuses a paste with separators, strips what slips past', () => {
    render(<Field maxLength={4} />);
    const input = screen.getByLabelText('amount') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2' } });
    expect(input.value).toBe('12');
    input.setSelectionRange(2, 2);
    paste(input, ' 3456 ');
    expect(input.value).toBe('1234');
    paste(input, '1.500');
    expect(input.value).toBe('1234');
    expect(screen.getByText('refused')).toBeTruthy();
  });
});
