import { lazy, Suspense } from 'react';
import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { loginFormKit, type loginMachine } from '../../machines/auth/login.machine';
import { selectLoginBusy, selectLoginLocked, selectLoginRedirecting } from '../../machines/auth/selectors';
import { formatVnDateTime } from '../../rules/vnTime';
import { catalogueCode, errorMessageKey } from '../../services/errors';
import { authPaths } from '../../app/auth/paths';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type LoginActor = ActorRefFrom<typeof loginMachine>;

/** Why the previous session ended, when the login screen should say so. */
export type LoginNotice = 'idle' | 'locked' | null;

export interface LoginScreenProps {
  actor: LoginActor;
  notice: LoginNotice;
  supportEmail: string;
}

const LockModal = lazy(() => import('./LockModal'));

/** Default when the server has not said its limit yet (core §9: 5 wrong passwords lock). */
const DEFAULT_MAX_ATTEMPTS = 5;

export function LoginScreen({ actor, notice, supportEmail }: LoginScreenProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const lockedUntil = useSelector(actor, (s) => s.context.lockedUntil);
  const unifiedLogin = useSelector(actor, (s) => s.context.unifiedLogin);
  const locked = useSelector(actor, selectLoginLocked);

  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent(t('auth:lock.mailSubject'))}`;
  // Vietnam time in the portal's date format, like every other date (the browser's zone may differ).
  const lockedUntilText = lockedUntil !== null ? formatVnDateTime(lockedUntil * 1000) : null;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('auth:login.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {t('auth:login.subtitle')}
        </Text>
      </div>

      {notice ? (
        <Alert color={notice === 'locked' ? 'red' : 'blue'} variant="light" role="status" data-testid="session-ended-notice">
          <Text size="sm" c="dark.9">
            {notice === 'idle' ? t('auth:login.idleNotice') : t('auth:login.lockedNotice')}
          </Text>
        </Alert>
      ) : null}

      <CredentialsForm actor={actor} />

      {unifiedLogin ? <SsoSignIn actor={actor} /> : null}

      {locked ? (
        // Loaded only when the server reports a lock: the modal's code stays out of the sign-in bundle.
        <Suspense fallback={null}>
          <LockModal onClose={() => actor.send({ type: 'LOCK_MODAL.CLOSE' })} mailto={mailto} lockedUntilText={lockedUntilText} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** The user name and password form, with the wrong-password count and the failure message under it. */
function CredentialsForm({ actor }: { actor: LoginActor }) {
  const { t } = useTranslation(['auth', 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  const failedCount = useSelector(actor, (s) => s.context.failedCount);
  const maxAttempts = useSelector(actor, (s) => s.context.maxAttempts);
  const error = form.saveError;
  const busy = useSelector(actor, selectLoginBusy);
  // The fields say nothing of their own (an empty one disables sign-in instead), and leaving one is
  // not an event here: only the value and its change are taken.
  const fields = useFormFields(actor, form, loginFormKit, { rule: () => '', service: () => '' });
  const username = fields.text('username');
  const password = fields.text('password');

  const canSubmit = loginFormKit.valid(form.values);
  // Codes the form shows in its own way; anything else is a general failure message.
  const generalError =
    error && error !== 'LOGIN_FAIL' && error !== 'USER_LOCKED_USING'
      ? catalogueCode(error) === 'UNKNOWN_ERROR'
        ? t('auth:login.unexpected')
        : t(errorMessageKey(error))
      : null;

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <Stack gap="sm">
        <TextInput
          label={t('auth:login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username.value}
          onChange={username.onChange}
        />
        <PasswordInput
          label={t('auth:login.password')}
          name="password"
          autoComplete="current-password"
          value={password.value}
          onChange={password.onChange}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('auth:passwordToggle') }}
          aria-describedby={failedCount > 0 ? 'login-failed-count' : undefined}
        />
        <Group justify="space-between" wrap="wrap">
          <Checkbox
            label={t('auth:login.remember')}
            checked={form.values.remember}
            onChange={(e) => fields.change('remember', e.currentTarget.checked)}
          />
          <Anchor component={Link} to={authPaths.forgotPassword()} size="sm">
            {t('auth:login.forgot')}
          </Anchor>
        </Group>

        <div aria-live="polite">
          {failedCount > 0 ? (
            <Text id="login-failed-count" c="red.9" size="sm" data-testid="login-failed-count">
              {t('auth:login.failedCount', { count: failedCount, max: maxAttempts ?? DEFAULT_MAX_ATTEMPTS })}
            </Text>
          ) : null}
          {generalError ? (
            <Text c="red.9" size="sm" data-testid="login-error">
              {generalError}
            </Text>
          ) : null}
        </div>

        <Button type="submit" fullWidth disabled={!canSubmit || busy} loading={busy}>
          {t('auth:login.submit')}
        </Button>
      </Stack>
    </SubmitForm>
  );
}

/** The bank's single sign-on button, shown when the portal runs with unified login. */
function SsoSignIn({ actor }: { actor: LoginActor }) {
  const { t } = useTranslation(['auth', 'errors']);
  const ssoConfigured = useSelector(actor, (s) => s.context.ssoConfigured);
  const redirecting = useSelector(actor, selectLoginRedirecting);
  return (
    <>
      <Divider label={t('auth:login.or')} labelPosition="center" />
      <Button
        variant="outline"
        fullWidth
        loading={redirecting}
        disabled={!ssoConfigured}
        aria-describedby={ssoConfigured ? undefined : 'sso-not-configured'}
        onClick={() => actor.send({ type: 'SSO.START' })}
      >
        {t('auth:login.sso')}
      </Button>
      {ssoConfigured ? null : (
        <Text id="sso-not-configured" size="sm" c="dimmed">
          {t('auth:login.ssoNotConfigured')}
        </Text>
      )}
    </>
  );
}
