import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../machines/auth/login.machine';
import type { StoredTokens, UserInfo } from '../../services/shared/schemas/auth';
import { renderScreen } from '../shared/test/render';
import { LoginScreen, type LoginActor } from './LoginScreen';

const tokens: StoredTokens = {
  accessToken: 'a.b.c',
  refreshToken: 'r',
  expiresAt: Date.now() + 60_000,
  remember: false,
  method: 'original',
};

/** The real login machine with a stubbed `login` actor answering what each test needs. */
function loginActor(answer: () => Promise<StoredTokens>, unifiedLogin = false, ssoConfigured = true): LoginActor {
  const actor = createActor(
    loginMachine.provide({
      actors: {
        login: fromPromise(answer),
        loadProfile: fromPromise<UserInfo, { tokens?: StoredTokens }>(async () => {
          throw new Error('not used');
        }),
      },
    }),
    { input: { unifiedLogin, ssoConfigured } },
  );
  actor.start();
  return actor;
}

const serviceError = (code: string, data: unknown) => Object.assign(new Error(code), { code, data });

let actor: LoginActor | null = null;
afterEach(() => {
  cleanup();
  actor?.stop();
});

async function setup(answer: () => Promise<StoredTokens>, unifiedLogin = false, ssoConfigured = true) {
  actor = loginActor(answer, unifiedLogin, ssoConfigured);
  await renderScreen(<LoginScreen actor={actor} notice={null} supportEmail="support@bank.example" />, { path: '/login' });
  return { actor, user: userEvent.setup() };
}

describe('LoginScreen', () => {
  it('keeps sign in disabled until both username and password are filled', async () => {
    const { user } = await setup(async () => tokens);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Username or e-mail'), 'phoco');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '   ');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret@1');
    expect(submit).toBeEnabled();
  });

  it('sends what is typed to the machine and shows it back', async () => {
    const { user, actor } = await setup(async () => tokens);
    await user.type(screen.getByLabelText('Username or e-mail'), 'phoco');
    await user.click(screen.getByLabelText('Remember me'));
    expect(actor.getSnapshot().context.form.values.username).toBe('phoco');
    expect(actor.getSnapshot().context.form.values.remember).toBe(true);
    expect(screen.getByLabelText('Username or e-mail')).toHaveValue('phoco');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: /unified identity/ })).toBeNull();
  });

  it('shows the failed-attempt count the server reports', async () => {
    const { user } = await setup(async () => {
      throw serviceError('LOGIN_FAIL', { failed_count: 2, max_attempts: 5 });
    });
    await user.type(screen.getByLabelText('Username or e-mail'), 'phoco');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Wrong password 2\/5/)).toBeInTheDocument();
  });

  it('core §4, §8: opens the lock-out modal with reset and contact actions, its end in Vietnam time and the portal format', async () => {
    const { user, actor } = await setup(async () => {
      throw serviceError('USER_LOCKED_USING', { locked_until: 1_900_000_000 });
    });
    await user.type(screen.getByLabelText('Username or e-mail'), 'phoco');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your account has been locked' });
    expect(dialog).toHaveTextContent('24 hours');
    // 1,900,000,000 s is 17:46:40 UTC on 17 March 2030: 00:46:40 the next day in Vietnam, whatever the test machine's zone.
    expect(dialog).toHaveTextContent('Locked until 18/03/2030 00:46:40.');
    const contact = screen.getByRole('link', { name: 'Contact support' });
    expect(contact.getAttribute('href')).toMatch(/^mailto:support@bank\.example\?subject=/);
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
  });

  it('offers the unified identity only when the flag is on', async () => {
    await setup(async () => tokens, true);
    expect(screen.getByRole('button', { name: 'Sign in with the unified identity' })).toBeInTheDocument();
  });

  it('core §1: with the flag on but no sign-in address, the unified button says it is not configured instead of spinning', async () => {
    const { user, actor } = await setup(async () => tokens, true, false);
    const button = screen.getByRole('button', { name: 'Sign in with the unified identity' });
    expect(button).toBeDisabled();
    expect(screen.getByText(/Unified sign-in is not configured/)).toBeInTheDocument();
    actor.send({ type: 'SSO.START' });
    await user.type(screen.getByLabelText('Username or e-mail'), 'x');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('renders a hostile username as text', async () => {
    const { user } = await setup(async () => tokens);
    await act(async () => {
      await user.type(screen.getByLabelText('Username or e-mail'), '<img src=x onerror=alert(1)>');
    });
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
