import './styles';
import type { MouseEvent, ReactNode } from 'react';
import { Alert, Button, Card, Group, Loader, Modal, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { codeFormKit, wizardFormKit, type saleOnboardingMachine, type WizardStep } from '../../machines/onboarding/saleOnboarding.machine';
import { WEBSITE_PREFIX } from '../../machines/onboarding/rules/wizard';
import {
  selectBusy,
  selectCanApplyCode,
  selectCodeError,
  selectCodeForm,
  selectCodePopupOpen,
  selectFieldError,
  selectLoadError,
  selectProfile,
  selectSaveError,
  selectSkipping,
  selectStep,
  selectView,
  selectWizardForm,
} from '../../machines/onboarding/selectors';
import { errorMessageKey } from '../../services/errors';
import { LoadingLine } from '../shared/LoadingLine';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type OnboardingActor = ActorRefFrom<typeof saleOnboardingMachine>;

const STEPS: readonly WizardStep[] = ['website', 'points', 'category'];

/**
 * /sale-register (doc 2 §2 "Onboarding of the sales feature"): the error screen with retry, step 1
 * (the free card and the code popup), the 3-step wizard with Next, Skip and "Skip all" (a loading
 * popup), and step 4 (success, then on to the customer list). Renders the machine's state only.
 */
export function OnboardingScreen({ actor, customersHref }: { actor: OnboardingActor; customersHref: string }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const view = useSelector(actor, selectView);
  const loadError = useSelector(actor, selectLoadError);

  return (
    <Stack gap="md" p="md" maw={880}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {view === 'loading' ? <LoadingLine label={t('loading')} testId="onboarding-loading" /> : null}
      {view === 'failed' ? (
        <Alert color="red" variant="light" role="alert" title={t('onboard_error_title')} data-testid="onboarding-error">
          <Stack gap="sm">
            <Text size="sm" c="red.9">
              {t('onboard_error_desc')}
            </Text>
            {loadError ? (
              <Text size="xs" c="dark.6">
                {t(errorMessageKey(loadError))}
              </Text>
            ) : null}
            <Group>
              <Button variant="default" onClick={() => actor.send({ type: 'RETRY' })}>
                {t('retry')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {view === 'plans' ? <Plans actor={actor} /> : null}
      {view === 'wizard' ? <Wizard actor={actor} /> : null}
      {view === 'success' ? <Success actor={actor} customersHref={customersHref} /> : null}
    </Stack>
  );
}

function Plans({ actor }: { actor: OnboardingActor }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const busy = useSelector(actor, selectBusy);
  const popup = useSelector(actor, selectCodePopupOpen);
  const codeForm = useSelector(actor, selectCodeForm);
  const codeError = useSelector(actor, selectCodeError);
  // The refused code is said beside the field (the form's saveError), not in an alert.
  const fields = useFormFields(actor, codeForm, codeFormKit, { rule: () => '', service: (code) => t(errorMessageKey(code)) });
  const canApply = useSelector(actor, selectCanApplyCode);

  return (
    <Stack gap="md">
      <Text>{t('plans.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg" radius="md" data-testid="onboarding-free-card">
          <Stack gap="sm" h="100%" justify="space-between">
            <Stack gap={4}>
              <Title order={2} size="h3">
                {t('plans.freeTitle')}
              </Title>
              <Text size="sm">{t('plans.freeBody')}</Text>
            </Stack>
            <Button
              onClick={() => actor.send({ type: 'FREE.ACTIVATE' })}
              loading={busy && !popup}
              disabled={busy}
              data-testid="onboarding-free"
            >
              {t('plans.freeAction')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md" data-testid="onboarding-code-card">
          <Stack gap="sm" h="100%" justify="space-between">
            <Stack gap={4}>
              <Title order={2} size="h3">
                {t('plans.codeTitle')}
              </Title>
              <Text size="sm">{t('plans.codeBody')}</Text>
            </Stack>
            <Button variant="default" onClick={() => actor.send({ type: 'CODE.OPEN' })} disabled={busy} data-testid="onboarding-code-open">
              {t('plans.codeAction')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      <Modal
        opened={popup}
        onClose={() => (busy ? undefined : actor.send({ type: 'CODE.CLOSE' }))}
        title={t('code.title')}
        closeButtonProps={{ 'aria-label': t('code.cancel') }}
        centered
      >
        <SubmitForm onSubmit={() => actor.send({ type: 'CODE.APPLY' })}>
          <Stack gap="md">
            <TextInput
              label={t('code.label')}
              placeholder={t('code.placeholder')}
              {...fields.text('code')}
              required
              disabled={busy}
              maxLength={64}
              autoComplete="off"
              error={codeError ? t(errorMessageKey(codeError)) : undefined}
              data-autofocus
              data-testid="onboarding-code"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => actor.send({ type: 'CODE.CLOSE' })} disabled={busy}>
                {t('code.cancel')}
              </Button>
              <Button type="submit" disabled={!canApply} loading={busy} data-testid="onboarding-code-apply">
                {t('code.apply')}
              </Button>
            </Group>
          </Stack>
        </SubmitForm>
      </Modal>
    </Stack>
  );
}

function Wizard({ actor }: { actor: OnboardingActor }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const skipping = useSelector(actor, selectSkipping);
  const fieldError = useSelector(actor, selectFieldError);
  const saveError = useSelector(actor, selectSaveError);
  const index = step ? STEPS.indexOf(step) + 1 : 3;
  const error = fieldError ? t(`validation.${fieldError}`) : undefined;

  let body: ReactNode = null;
  if (step === 'website') body = <WebsiteStep actor={actor} error={error} busy={busy} />;
  else if (step === 'points') body = <PointsStep actor={actor} error={error} busy={busy} />;
  else if (step === 'category') body = <CategoryStep actor={actor} error={error} busy={busy} />;

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="onboarding-progress">
          {t('wizard.progress', { step: index })} · {step ? t(`wizard.steps.${step}`) : ''}
        </Text>
        <Progress value={(index / 3) * 100} aria-label={t('wizard.progress', { step: index })} />
      </Stack>
      <SubmitForm onSubmit={() => actor.send({ type: 'NEXT' })}>
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            {body}
            {saveError ? (
              <Alert color="red" variant="light" role="alert" data-testid="onboarding-save-error">
                <Text size="sm" c="red.9">
                  {t(errorMessageKey(saveError))}
                </Text>
              </Alert>
            ) : null}
            <Group justify="space-between" wrap="wrap">
              <Button
                variant="subtle"
                onClick={() => actor.send({ type: 'SKIP_ALL' })}
                disabled={busy || skipping}
                data-testid="onboarding-skip-all"
              >
                {t('wizard.skipAll')}
              </Button>
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() => actor.send({ type: 'SKIP' })}
                  disabled={busy || skipping}
                  data-testid="onboarding-skip"
                >
                  {t('wizard.skip')}
                </Button>
                <Button type="submit" loading={busy} disabled={skipping} data-testid="onboarding-next">
                  {t('wizard.next')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Card>
      </SubmitForm>
      <Modal
        opened={skipping}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        centered
        title={t('wizard.skipAll')}
      >
        <Group gap="sm" role="status" data-testid="onboarding-skipping">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('wizard.skipping')}</Text>
        </Group>
      </Modal>
    </Stack>
  );
}

interface StepProps {
  actor: OnboardingActor;
  error: string | undefined;
  busy: boolean;
}

/** A step's field as the wizard's shared form gives it; its message is the step's (selectFieldError). */
function useStepField(actor: OnboardingActor, field: 'website' | 'points' | 'category', error: string | undefined) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const form = useSelector(actor, selectWizardForm);
  const fields = useFormFields(actor, form, wizardFormKit, {
    rule: (_, code) => t(`validation.${code}`),
    service: (code) => t(errorMessageKey(code)),
  });
  // The focus stays on Next after a refused step, where it always was.
  return { ...fields.text(field), ref: undefined, error };
}

function WebsiteStep({ actor, error, busy }: StepProps) {
  const { t } = useTranslation('onboarding');
  const website = useStepField(actor, 'website', error);
  const profile = useSelector(actor, selectProfile);
  return (
    <>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('wizard.websiteTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wizard.websiteHint')}
        </Text>
      </Stack>
      <TextInput
        label={t('wizard.website')}
        leftSection={<Text size="sm">{WEBSITE_PREFIX}</Text>}
        leftSectionWidth={70}
        {...website}
        required
        disabled={busy}
        inputMode="url"
        autoComplete="url"
        data-testid="onboarding-website"
      />
      <TextInput
        label={t('wizard.address')}
        description={t('wizard.profileHint')}
        value={profile.address}
        readOnly
        data-testid="onboarding-address"
      />
      <TextInput label={t('wizard.hotline')} value={profile.hotline} readOnly data-testid="onboarding-hotline" />
    </>
  );
}

function PointsStep({ actor, error, busy }: StepProps) {
  const { t } = useTranslation('onboarding');
  const points = useStepField(actor, 'points', error);
  return (
    <>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('wizard.pointsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wizard.pointsHint')}
        </Text>
      </Stack>
      <TextInput
        label={t('wizard.points')}
        // The machine refuses anything but digits and one decimal point (typed or pasted); the field keeps its value.
        {...points}
        required
        disabled={busy}
        inputMode="decimal"
        autoComplete="off"
        rightSection={<Text size="sm">%</Text>}
        data-testid="onboarding-points"
      />
    </>
  );
}

function CategoryStep({ actor, error, busy }: StepProps) {
  const { t } = useTranslation('onboarding');
  const category = useStepField(actor, 'category', error);
  return (
    <>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('wizard.categoryTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wizard.categoryHint')}
        </Text>
      </Stack>
      <TextInput
        label={t('wizard.category')}
        {...category}
        required
        disabled={busy}
        maxLength={200}
        autoComplete="off"
        data-testid="onboarding-category"
      />
    </>
  );
}

function Success({ actor, customersHref }: { actor: OnboardingActor; customersHref: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <Card withBorder padding="xl" radius="md" data-testid="onboarding-success">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('success.title')}
        </Title>
        <Text>{t('success.body')}</Text>
        <Text size="sm" c="dimmed" role="status">
          {t('success.redirect')}
        </Text>
        <Button
          component={Link}
          to={customersHref}
          onClick={(e: MouseEvent) => {
            // The machine decides where to go; the link stays a real one for a new tab.
            if (e.metaKey || e.ctrlKey || e.shiftKey) return;
            e.preventDefault();
            actor.send({ type: 'GO_NOW' });
          }}
          data-testid="onboarding-go-now"
        >
          {t('success.goNow')}
        </Button>
      </Stack>
    </Card>
  );
}
