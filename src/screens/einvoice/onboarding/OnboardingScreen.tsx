import { Alert, Anchor, Button, Card, Group, Modal, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  ONBOARDING_PLANS,
  PLAN_INVOICES,
  selectOnboardingBusy,
  selectOnboardingContract,
  selectOnboardingError,
  selectOnboardingForm,
  selectOnboardingInForm,
  selectOnboardingNotice,
  selectOnboardingValues,
  onboardingFormKit,
  type einvoiceOnboardingMachine,
  type OnboardingPlan,
} from '../../../machines/einvoice/einvoiceOnboarding.machine';
import type { ProviderRoute } from '../../../services/einvoice/core/types';
import { errorMessageKey } from '../../../services/errors';
import { useFormFields } from '../../shared/form/use-form-fields';
import { PROVIDER_NAMES } from '../sso/providerNames';
import '../styles';
import { SubmitForm } from '../../shared/form/SubmitForm';

export type OnboardingActor = ActorRefFrom<typeof einvoiceOnboardingMachine>;

export interface OnboardingScreenProps {
  actor: OnboardingActor;
  /** The setting URL the widget is given (doc 2 §2). */
  settingHref: string;
  /** The registration e-mail (mailto:) for the notice, built by the route from the form (D202). */
  mailHref: string | null;
}

/** /e-inv-onboarding (doc 2 §2): registration form → contract modal → e-mail notice → /dashboard. */
export function EinvoiceOnboardingScreen({ actor, settingHref, mailHref }: OnboardingScreenProps) {
  const { t } = useTranslation('einvoice');
  const values = useSelector(actor, selectOnboardingValues);
  const contract = useSelector(actor, selectOnboardingContract);
  const notice = useSelector(actor, selectOnboardingNotice);
  const error = useSelector(actor, selectOnboardingError);
  const providerName = values.provider ? PROVIDER_NAMES[values.provider] : '';

  if (error) {
    return (
      <Stack gap="md" maw={560}>
        <Title order={1} size="h3">
          {t('onboarding.errorTitle')}
        </Title>
        <Text role="alert">{t('onboarding.errorDesc')}</Text>
        <Group>
          <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('onboarding.retry')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('onboarding.title')}
      </Title>
      <OnboardingFormCard actor={actor} settingHref={settingHref} />
      <ContractModal actor={actor} opened={contract} providerName={providerName} />
      <NoticeModal actor={actor} opened={notice} providerName={providerName} mailHref={mailHref} />
    </Stack>
  );
}

/** A field's props without its ref: a refused Submit leaves the focus where it was, as this form always did. */
const withoutRef = <P extends { ref: unknown }>({ ref: _ref, ...props }: P) => props;

/** The registration form: the provider, the plan and who to contact (doc 2 §2), through the form toolkit (D283). */
function OnboardingFormCard({ actor, settingHref }: Pick<OnboardingScreenProps, 'actor' | 'settingHref'>) {
  const { t } = useTranslation('einvoice');
  const context = useSelector(actor, selectOnboardingForm);
  const inForm = useSelector(actor, selectOnboardingInForm);
  const busy = useSelector(actor, selectOnboardingBusy);
  const fields = useFormFields(actor, context.form, onboardingFormKit, {
    rule: (_, code) => t(`onboarding.problems.${code}`),
    service: (code) => t(errorMessageKey(code)),
  });
  const form = fields.values;
  return (
    <Card withBorder padding="lg" radius="md" maw={640}>
      <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="md">
          <Text size="sm">{t('onboarding.intro')}</Text>
          <TextInput label={t('onboarding.taxCode')} value={context.taxNo ?? ''} readOnly />
          <Radio.Group
            label={t('onboarding.provider')}
            required
            value={form.provider ?? ''}
            onChange={(value) => fields.change('provider', value as ProviderRoute)}
            error={fields.error('provider')}
          >
            <Group gap="md" mt={4}>
              {(Object.keys(PROVIDER_NAMES) as ProviderRoute[]).map((route) => (
                <Radio key={route} value={route} label={PROVIDER_NAMES[route]} disabled={!inForm || busy} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('onboarding.plan')}
            required
            value={form.plan ?? ''}
            onChange={(value) => fields.change('plan', value as OnboardingPlan)}
            error={fields.error('plan')}
          >
            <Group gap="md" mt={4}>
              {ONBOARDING_PLANS.map((plan) => (
                <Radio
                  key={plan}
                  value={plan}
                  label={t(`onboarding.plans.${plan}`, { count: PLAN_INVOICES[plan] })}
                  disabled={!inForm || busy}
                />
              ))}
            </Group>
          </Radio.Group>
          <TextInput label={t('onboarding.contactName')} required {...withoutRef(fields.text('contactName'))} />
          <TextInput label={t('onboarding.email')} required type="email" {...withoutRef(fields.text('email'))} />
          <TextInput label={t('onboarding.phone')} required type="tel" {...withoutRef(fields.text('phone'))} />
          <Text size="sm">
            {t('onboarding.already')}{' '}
            <Anchor component={Link} to={settingHref} c="dark.9" underline="always">
              {t('onboarding.toSetting')}
            </Anchor>
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!inForm}>
              {t('onboarding.submit')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Card>
  );
}

/** The contract to sign: provider, plan and the order's id. */
function ContractModal({ actor, opened, providerName }: { actor: OnboardingActor; opened: boolean; providerName: string }) {
  const { t } = useTranslation('einvoice');
  const form = useSelector(actor, selectOnboardingValues);
  const orderId = useSelector(actor, (s) => s.context.orderId);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'BACK' })}
      title={t('onboarding.contractTitle')}
      closeButtonProps={{ 'aria-label': t('onboarding.close') }}
      centered
      data-testid="onboarding-contract"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('onboarding.contractBody', {
            provider: providerName,
            plan: form.plan ? t(`onboarding.plans.${form.plan}`, { count: PLAN_INVOICES[form.plan] }) : '',
          })}
        </Text>
        <Text size="sm" fw={600}>
          {t('onboarding.orderId', { id: orderId ?? '' })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => actor.send({ type: 'BACK' })}>
            {t('onboarding.back')}
          </Button>
          <Button onClick={() => actor.send({ type: 'SIGN' })}>{t('onboarding.sign')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Signed: the provider e-mails the merchant; the registration e-mail to send meanwhile (D202). */
function NoticeModal({
  actor,
  opened,
  providerName,
  mailHref,
}: {
  actor: OnboardingActor;
  opened: boolean;
  providerName: string;
  mailHref: string | null;
}) {
  const { t } = useTranslation('einvoice');
  const form = useSelector(actor, selectOnboardingValues);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'DONE' })}
      title={t('onboarding.noticeTitle')}
      closeButtonProps={{ 'aria-label': t('onboarding.close') }}
      centered
      data-testid="onboarding-notice"
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          <Text size="sm" c="dark.9">
            {t('onboarding.noticeBody', { provider: providerName, email: form.email.trim() })}
          </Text>
        </Alert>
        {mailHref ? (
          <Anchor href={mailHref} c="dark.9" underline="always" data-testid="onboarding-mail">
            {t('onboarding.sendMail', { provider: providerName })}
          </Anchor>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={() => actor.send({ type: 'DONE' })}>{t('onboarding.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default EinvoiceOnboardingScreen;
