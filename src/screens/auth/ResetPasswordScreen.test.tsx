import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { renderScreen } from '../shared/test/render';
import { ResetPasswordScreen } from './ResetPasswordScreen';

afterEach(cleanup);

describe('ResetPasswordScreen', () => {
  it('core §5: lists the rules and the note forbidding a given word (D61) with the rules', async () => {
    const actor = createActor(resetPasswordMachine, { input: { token: 'a-token' } }).start();
    await renderScreen(<ResetPasswordScreen actor={actor} />, { path: '/reset-password' });
    const note = screen.getByTestId('reset-note');
    expect(note).toHaveTextContent('must not contain the word "password"');
    expect(note.closest('#reset-rules')).not.toBeNull();
    actor.stop();
  });
});
