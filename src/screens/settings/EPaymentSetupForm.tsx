import { Button, Group, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectSetup,
  selectSetupBusy,
  selectSetupLoadFailed,
  selectSetupLoading,
  selectSetupProblems,
  setupFormKit,
  type ePaymentSetupMachine,
  type SetupField,
} from '../../machines/settings/ePaymentSetup.machine';
import { SaveErrorAlert, SettingsLoadState, useSettingsMessage } from './parts';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields, type TextFieldProps } from '../shared/form/use-form-fields';

export type EPaymentSetupActor = ActorRefFrom<typeof ePaymentSetupMachine>;

/**
 * The e-order payment form (doc 2 §2 "E-Order payment setup"): /e-order and the payment setting tab
 * render it the same. Keys: a saved one shows only its mask (as the field's hint); the field holds
 * what is typed in this visit, hidden unless "show" is pressed; left empty it keeps the stored key.
 */
export function EPaymentSetupForm({ actor }: { actor: EPaymentSetupActor }) {
  const { t } = useTranslation(['settings', 'errors']);
  const c = useSelector(actor, selectSetup);
  const loading = useSelector(actor, selectSetupLoading);
  const loadFailed = useSelector(actor, selectSetupLoadFailed);
  const busy = useSelector(actor, selectSetupBusy);
  const problems = useSelector(actor, selectSetupProblems, (a, b) => a.join() === b.join());
  const message = useSettingsMessage();
  const form = useFormFields(actor, c.form, setupFormKit(c), { rule: (field) => t(`payment.invalid.${field}`), service: message });
  // A field the service refused says the same as a wrong one; the focus stays on Save after a refused save, where it always was.
  const wrong = (field: SetupField) => (problems.includes(field) ? t(`payment.invalid.${field}`) : undefined);
  const field = (name: SetupField) => ({ ...form.text(name), ref: undefined, error: wrong(name) });
  const values = c.form.values;

  if (loadFailed || loading)
    return (
      <SettingsLoadState
        loading={loading}
        loadFailed={loadFailed}
        title={t('payment.loadFailed')}
        code={c.loadError}
        onRetry={() => actor.send({ type: 'RETRY' })}
        testId="payment-load-failed"
      />
    );

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })} data-testid="payment-form">
      <Stack gap="sm" maw={720}>
        <Title order={2} size="h4">
          {t('payment.links')}
        </Title>
        {(['redirectUrl', 'cancelUrl', 'ipnUrl'] as const).map((name) => (
          <TextInput
            key={name}
            label={t(`payment.${name}`)}
            {...field(name)}
            required
            type="url"
            inputMode="url"
            placeholder="https://"
            disabled={busy}
            maxLength={2048}
            data-testid={`payment-${name}`}
          />
        ))}
        <Title order={2} size="h4" mt="sm">
          {t('payment.methods')}
        </Title>
        <Switch
          label={t('payment.ewallet')}
          checked={values.ewalletOn}
          onChange={(e) => form.change('ewalletOn', e.currentTarget.checked)}
          disabled={busy}
          data-testid="payment-ewallet-on"
        />
        {values.ewalletOn ? <EwalletFields actor={actor} c={c} busy={busy} field={field} /> : null}
        <Switch
          label={t('payment.qr')}
          checked={values.qrOn}
          onChange={(e) => form.change('qrOn', e.currentTarget.checked)}
          disabled={busy}
          data-testid="payment-qr-on"
        />
        {values.qrOn ? (
          <Stack gap="sm" pl="md">
            <TextInput
              label={t('payment.channelId')}
              {...field('qr.channelId')}
              required
              disabled={busy}
              maxLength={64}
              data-testid="payment-channelId"
            />
          </Stack>
        ) : null}
        <SaveErrorAlert code={c.form.saveError} title={t('payment.saveFailed')} testId="payment-save-error" />
        <Group>
          <Button type="submit" loading={busy} data-testid="payment-save">
            {t('save')}
          </Button>
          {problems.length > 0 && !busy ? (
            <Text size="sm" c="red.9" role="status">
              {t('fixErrors')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </SubmitForm>
  );
}

/** What the e-wallet fields need from the form: its actor, state, busy flag and a field's input props. */
interface EwalletFieldsProps {
  actor: EPaymentSetupActor;
  c: ReturnType<typeof selectSetup>;
  busy: boolean;
  field: (name: SetupField) => Omit<TextFieldProps, 'ref'> & { ref: undefined };
}

/** The e-wallet's address, keys and partner code, shown while the e-wallet method is on. */
function EwalletFields({ actor, c, busy, field }: EwalletFieldsProps) {
  const { t } = useTranslation(['settings', 'errors']);
  const keyProps = { actor, c, busy, field };
  return (
    <Stack gap="sm" pl="md" data-testid="payment-ewallet">
      <TextInput
        label={t('payment.url')}
        {...field('ewallet.url')}
        required
        type="url"
        placeholder="https://"
        disabled={busy}
        maxLength={2048}
        data-testid="payment-url"
      />
      <KeyInput {...keyProps} keyName="accessKey" mask={c.accessKeyMask} />
      <KeyInput {...keyProps} keyName="secretKey" mask={c.secretKeyMask} />
      <TextInput
        label={t('payment.partnerCode')}
        {...field('ewallet.partnerCode')}
        required
        disabled={busy}
        maxLength={64}
        data-testid="payment-partnerCode"
      />
    </Stack>
  );
}

/** One e-wallet key: a saved key shows only its mask, as the hint and placeholder. */
function KeyInput({
  actor,
  c,
  busy,
  field,
  keyName: key,
  mask,
}: EwalletFieldsProps & { keyName: 'accessKey' | 'secretKey'; mask: string }) {
  const { t } = useTranslation(['settings', 'errors']);
  return (
    <Stack gap={4}>
      <PasswordInput
        label={t(`payment.${key}`)}
        {...field(`ewallet.${key}`)}
        visible={c.reveal[key]}
        onVisibilityChange={() => actor.send({ type: 'KEY.REVEAL', key })}
        visibilityToggleButtonProps={{ 'aria-label': t(c.reveal[key] ? 'payment.hideKey' : 'payment.showKey') }}
        description={mask ? t('payment.keySaved', { mask }) : t('payment.keyNone')}
        placeholder={mask || undefined}
        required={!mask}
        autoComplete="off"
        spellCheck={false}
        disabled={busy}
        maxLength={255}
        data-testid={`payment-${key}`}
      />
    </Stack>
  );
}
