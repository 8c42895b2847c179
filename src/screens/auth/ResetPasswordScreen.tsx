import { LoadingLine } from '../shared/LoadingLine';
import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { resetPasswordFormKit, type resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { selectResetView } from '../../machines/auth/selectors';
import type { NewPasswordRule } from '../../machines/auth/rules/newPassword';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import classes from './auth.module.css';
import { authPaths } from '../../app/auth/paths';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;

const RULE_KEYS: Record<NewPasswordRule, string> = {
  length: 'auth:reset.rules.length',
  uppercase: 'auth:reset.rules.upper',
  lowercase: 'auth:reset.rules.lower',
  digit: 'auth:reset.rules.digit',
  allowedCharacters: 'auth:reset.rules.charset',
};

function Rule({ met, label }: { met: boolean; label: string }) {
  const { t } = useTranslation('auth');
  return (
    <li data-met={met || undefined}>
      <Text size="sm" c={met ? '#1b5e20' : 'gray.8'}>
        <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
        {label}
        <span className={classes.srOnly}> ({met ? t('reset.ruleMet') : t('reset.ruleNotMet')})</span>
      </Text>
    </li>
  );
}

/**
 * The link check (core §5: a dead link is said before anything is typed), the form, then the
 * success view. Expired links and missing tokens are the route's to handle.
 */
export function ResetPasswordScreen({ actor }: { actor: ResetPasswordActor }) {
  const { t } = useTranslation(['auth', 'errors']);
  const view = useSelector(actor, selectResetView);

  if (view === 'checking') {
    return <LoadingLine label={t('reset.checking')} testId="reset-checking" />;
  }
  if (view === 'checkFailed') return <LinkCheckFailed actor={actor} />;
  if (view === 'succeeded') return <ResetSucceeded />;
  return <NewPasswordForm actor={actor} submitting={view === 'submitting'} />;
}

/** The link could not be checked: not a dead link, so the person must never be stuck here and both ways on are offered. */
function LinkCheckFailed({ actor }: { actor: ResetPasswordActor }) {
  const { t } = useTranslation(['auth', 'errors']);
  const checkErrorCode = useSelector(actor, (s) => s.context.checkErrorCode);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      <FailureAlert
        title={t('reset.checkFailedTitle')}
        message={t(errorMessageKey(checkErrorCode ?? 'UNKNOWN_ERROR'))}
        retryLabel={t('reset.checkRetry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
        testId="reset-check-failed"
      />
      <Text size="sm">{t('reset.checkFailedHint')}</Text>
      <Button variant="default" fullWidth onClick={() => actor.send({ type: 'CONTINUE' })}>
        {t('reset.checkContinue')}
      </Button>
    </Stack>
  );
}

function ResetSucceeded() {
  const { t } = useTranslation(['auth', 'errors']);
  return (
    <Stack gap="md" data-testid="reset-success">
      <Title order={1} size="h2">
        {t('reset.successTitle')}
      </Title>
      <Text role="status">{t('reset.successBody')}</Text>
      <Button component={Link} to={authPaths.login()} replace fullWidth>
        {t('reset.backToLogin')}
      </Button>
    </Stack>
  );
}

/** The new password, its rules ticked off as they are met, and its confirmation. */
function NewPasswordForm({ actor, submitting }: { actor: ResetPasswordActor; submitting: boolean }) {
  const { t } = useTranslation(['auth', 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  const check = useSelector(actor, (s) => s.context.passwordCheck);
  const matches = useSelector(actor, (s) => s.context.confirmationMatches);
  const fields = useFormFields(actor, form, resetPasswordFormKit, { rule: () => '', service: () => '' });
  // The checklist says what is wrong, so the fields keep their own errors below; no ref is handed
  // out either: a refused submit leaves the focus where it was, as this form always did.
  const { ref: _passwordRef, error: _passwordError, ...password } = fields.text('password');
  const { ref: _confirmationRef, error: _confirmationError, ...confirmation } = fields.text('confirmation');
  const submitAttempted = form.showErrors;

  const showMismatch = confirmation.value.length > 0 && !matches;
  const passwordError = submitAttempted && !check.valid;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="sm">
          <PasswordInput
            label={t('reset.newPassword')}
            name="new-password"
            autoComplete="new-password"
            {...password}
            error={passwordError ? true : undefined}
            aria-describedby="reset-rules"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('passwordToggle') }}
          />
          <div id="reset-rules">
            <Text size="sm" fw={600}>
              {t('reset.rulesTitle')}
            </Text>
            <ul className={classes.ruleList} data-testid="reset-rules">
              {(Object.keys(RULE_KEYS) as NewPasswordRule[]).map((rule) => (
                <Rule key={rule} met={check.rules[rule]} label={t(RULE_KEYS[rule])} />
              ))}
              <Rule met={matches} label={t('reset.rules.match')} />
            </ul>
            <Text size="sm" mt={4} data-testid="reset-note">
              {t('reset.note')}
            </Text>
          </div>
          <PasswordInput
            label={t('reset.confirm')}
            name="confirm-password"
            autoComplete="new-password"
            {...confirmation}
            error={showMismatch || (submitAttempted && !matches) ? t('reset.mismatch') : undefined}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('passwordToggle') }}
          />
          <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </SubmitForm>
      <Anchor component={Link} to={authPaths.login()} ta="center">
        {t('reset.backToLogin')}
      </Anchor>
    </Stack>
  );
}

/** An expired or used reset link (core §2: "request not found" page). */
export function RequestNotFound() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Title order={1} size="h2" data-testid="request-not-found-heading">
        {t('requestNotFound.title')}
      </Title>
      <Text>{t('requestNotFound.body')}</Text>
      <Button component={Link} to={authPaths.forgotPassword()} fullWidth>
        {t('requestNotFound.again')}
      </Button>
      <Anchor component={Link} to={authPaths.login()} ta="center">
        {t('requestNotFound.backToLogin')}
      </Anchor>
    </Stack>
  );
}
