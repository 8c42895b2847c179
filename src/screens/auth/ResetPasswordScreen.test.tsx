import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { renderScreen } from '../shared/test/render';
import { ResetPasswordScreen } from './ResetPasswordScreen';

afterEach(cleanup);

/** A reset machine whose link check answers with `check` (resolve: the link is good). */
function resetActor(check: () => Promise<void>) {
  const logic = resetPasswordMachine.provide({ actors: { checkResetLink: fromPromise(check) } });
  return createActor(logic, { input: { token: 'a-token' } }).start();
}

/** What the http client rejects with when the network is down (the machine reads only `code`). */
const networkError = () => Object.assign(new Error('offline'), { code: 'NETWORK_ERROR', status: 0 });

describe('ResetPasswordScreen', () => {
  it('core §5: lists the rules and the note forbidding a given word (D61) with the rules', async () => {
    const actor = resetActor(async () => {});
    await renderScreen(<ResetPasswordScreen actor={actor} />, { path: '/reset-password' });
    const note = await screen.findByTestId('reset-note');
    expect(note).toHaveTextContent('must not contain the word "password"');
    expect(note.closest('#reset-rules')).not.toBeNull();
    actor.stop();
  });

  it('core §5: while the link is checked, no password field is offered', async () => {
    const actor = resetActor(() => new Promise(() => {}));
    await renderScreen(<ResetPasswordScreen actor={actor} />, { path: '/reset-password' });
    expect(screen.getByTestId('reset-checking')).toHaveTextContent('Checking your link');
    expect(screen.queryByLabelText('New password')).toBeNull();
    actor.stop();
  });

  it('core §5, D66: a check that fails on the network says so, retries, and can go on to the form', async () => {
    let calls = 0;
    const actor = resetActor(async () => {
      calls += 1;
      throw networkError();
    });
    await renderScreen(<ResetPasswordScreen actor={actor} />, { path: '/reset-password' });
    const alert = await screen.findByTestId('reset-check-failed');
    expect(alert).toHaveTextContent('We could not check your link');
    expect(screen.queryByLabelText('New password')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('reset-check-failed');
    expect(calls).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Continue to set a password' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    actor.stop();
  });
});
