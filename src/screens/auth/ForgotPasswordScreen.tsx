import { useEffect, useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { RESEND_COOLDOWN_MS, forgotPasswordFormKit, type forgotPasswordMachine } from '../../machines/auth/forgotPassword.machine';
import { selectForgotCoolingDown, selectForgotResending, selectForgotSending, selectForgotSent } from '../../machines/auth/selectors';
import { isFilled } from '../../rules/required';
import { errorMessageKey } from '../../services/errors';
import { maskEmail } from '../../machines/auth/rules/maskEmail';
import { authPaths } from '../../app/auth/paths';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

/** Seconds left before resend, counted from when the cooldown began. */
function useCooldownSeconds(coolingDown: boolean): number {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!coolingDown) {
      setStartedAt(null);
      return;
    }
    const start = Date.now();
    setStartedAt(start);
    setNow(start);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [coolingDown]);
  if (!coolingDown || startedAt === null) return 0;
  return Math.max(0, Math.ceil((startedAt + RESEND_COOLDOWN_MS - now) / 1000));
}

export function ForgotPasswordScreen({ actor }: { actor: ForgotPasswordActor }) {
  const { t } = useTranslation(['auth', 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  // Both the refusal (INVALID_EMAIL) and the server's code are worded from the errors catalogue.
  const fields = useFormFields(actor, form, forgotPasswordFormKit, {
    rule: (_field, code) => t(errorMessageKey(code)),
    service: (code) => t(errorMessageKey(code)),
  });
  const sentTo = useSelector(actor, (s) => s.context.sentTo);
  const resendError = useSelector(actor, (s) => s.context.resendError);
  const sending = useSelector(actor, selectForgotSending);
  const sent = useSelector(actor, selectForgotSent);
  const coolingDown = useSelector(actor, selectForgotCoolingDown);
  const resending = useSelector(actor, selectForgotResending);
  const seconds = useCooldownSeconds(coolingDown);

  if (sent) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('auth:forgot.sentTitle')}
        </Title>
        <Text role="status">{t('auth:forgot.sentBody', { email: maskEmail(sentTo) })}</Text>
        {resendError ? (
          <Text c="red.9" size="sm" role="alert">
            {t(errorMessageKey(resendError))}
          </Text>
        ) : null}
        <Button
          variant="outline"
          onClick={() => actor.send({ type: 'RESEND' })}
          disabled={coolingDown || resending}
          loading={resending}
          fullWidth
        >
          {coolingDown && seconds > 0 ? t('auth:forgot.resendIn', { seconds }) : t('auth:forgot.resend')}
        </Button>
        <Button variant="default" onClick={() => actor.send({ type: 'BACK' })} fullWidth>
          {t('auth:forgot.changeEmail')}
        </Button>
        <Anchor component={Link} to={authPaths.login()} ta="center">
          {t('auth:forgot.back')}
        </Anchor>
      </Stack>
    );
  }

  // No ref is handed out: a refused send leaves the focus where it was, as this form always did.
  const { ref: _ref, ...email } = fields.text('email');
  const errorText = email.error ?? (form.saveError ? t(errorMessageKey(form.saveError)) : null);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('auth:forgot.title')}
      </Title>
      <Text c="gray.7" size="sm">
        {t('auth:forgot.description')}
      </Text>
      <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="sm">
          <TextInput
            label={t('auth:forgot.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...email}
            error={errorText}
          />
          <Button type="submit" fullWidth disabled={!isFilled(email.value) || sending} loading={sending}>
            {t('auth:forgot.send')}
          </Button>
        </Stack>
      </SubmitForm>
      <Anchor component={Link} to={authPaths.login()} ta="center">
        {t('auth:forgot.back')}
      </Anchor>
    </Stack>
  );
}
