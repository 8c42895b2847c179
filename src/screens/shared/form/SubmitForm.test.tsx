import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { SubmitForm } from './SubmitForm';

afterEach(cleanup);

describe('SubmitForm (D283)', () => {
  it('sends the submit to the machine instead of reloading the page, and leaves checking to the rules (noValidate)', async () => {
    const send = vi.fn();
    await renderScreen(
      <SubmitForm onSubmit={send} aria-label="Store" data-testid="f">
        <input required aria-label="Name" />
        <button type="submit">Save</button>
      </SubmitForm>,
    );
    const form = screen.getByTestId('f');
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(form.getAttribute('aria-label')).toBe('Store');
    // fireEvent returns false when the default (a page load) was prevented.
    expect(fireEvent.submit(form)).toBe(false);
    expect(send).toHaveBeenCalledOnce();
  });
});
