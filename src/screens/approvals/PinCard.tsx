import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { pinFormKit, type approvalPinMachine, type PinField, type PinProblem } from '../../machines/approvals/approvalPin.machine';
import { APPROVAL_PIN_LENGTH } from '../../rules/approvals';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';
import { LoadingLine } from '../shared/LoadingLine';
import { formatDateTime } from '../shared/table/format';

export type ApprovalPinActor = ActorRefFrom<typeof approvalPinMachine>;
type PinSnapshot = SnapshotFrom<typeof approvalPinMachine>;

const selectState = (s: PinSnapshot) => s.context.state;
const selectLoadError = (s: PinSnapshot) => (s.matches('loadFailed') ? s.context.loadError : null);
const selectForm = (s: PinSnapshot) => s.context.form;
const selectBusy = (s: PinSnapshot) => s.hasTag('busy');

/** Whether a PIN is set, since when, and whether wrong tries locked it (D310). */
function PinStatus({ actor }: { actor: ApprovalPinActor }) {
  const { t } = useTranslation('approvals');
  const state = useSelector(actor, selectState);
  if (!state) return null;
  const lockedUntil = state.locked_until !== null && state.locked_until * 1000 > Date.now() ? state.locked_until : null;
  return (
    <Stack gap={4} data-testid="approval-pin-status">
      <Text size="sm">{state.is_set ? t('pin.setSince', { time: formatDateTime(state.set_at) }) : t('pin.notSet')}</Text>
      {lockedUntil !== null ? (
        <Text size="sm" c="red.9" data-testid="approval-pin-locked">
          {t('pin.lockedUntil', { time: formatDateTime(lockedUntil) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * D317: the owner's approval PIN on /approvals — its state, and the PIN typed twice (masked) to set
 * or change it. A problem shows beside its field; a refusal or a lost answer says what to do and
 * keeps what was typed.
 */
export function PinCard({ actor }: { actor: ApprovalPinActor }) {
  const { t } = useTranslation(['approvals', 'errors']);
  const state = useSelector(actor, selectState);
  const loadError = useSelector(actor, selectLoadError);
  const form = useSelector(actor, selectForm);
  const busy = useSelector(actor, selectBusy);
  const fields = useFormFields<typeof form.values, PinField, PinProblem>(actor, form, pinFormKit, {
    rule: (_, code) => t(`approvals:pin.problems.${code}`, { length: APPROVAL_PIN_LENGTH }),
    service: (code) => t(errorMessageKey(code)),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="approval-pin-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="approval-pin-title">
          {t('approvals:pin.title')}
        </Title>
        <Text size="sm">{t('approvals:pin.intro')}</Text>
        {state === null && loadError === null ? <LoadingLine label={t('approvals:pin.loading')} /> : null}
        {loadError !== null ? (
          <FailureAlert
            title={t('approvals:pin.loadFailed')}
            message={t(errorMessageKey(loadError))}
            retryLabel={t('approvals:retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
          />
        ) : null}
        <PinStatus actor={actor} />
        {state !== null ? (
          <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })} aria-labelledby="approval-pin-title">
            <Stack gap="xs" maw={360}>
              <PasswordInput
                label={state.is_set ? t('approvals:pin.newPin') : t('approvals:pin.pin')}
                description={t('approvals:pin.hint', { length: APPROVAL_PIN_LENGTH })}
                inputMode="numeric"
                autoComplete="new-password"
                maxLength={APPROVAL_PIN_LENGTH}
                readOnly={busy}
                withAsterisk
                data-testid="approval-pin-new"
                {...fields.text('pin')}
              />
              <PasswordInput
                label={t('approvals:pin.confirm')}
                inputMode="numeric"
                autoComplete="new-password"
                maxLength={APPROVAL_PIN_LENGTH}
                readOnly={busy}
                withAsterisk
                data-testid="approval-pin-confirm"
                {...fields.text('confirm')}
              />
              {form.saveError !== null ? (
                <Alert color="red" role="alert" data-testid="approval-pin-error">
                  {t('approvals:pin.saveFailed', { reason: t(errorMessageKey(form.saveError)) })}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={busy} data-testid="approval-pin-save">
                  {state.is_set ? t('approvals:pin.change') : t('approvals:pin.save')}
                </Button>
              </Group>
            </Stack>
          </SubmitForm>
        ) : null}
      </Stack>
    </Paper>
  );
}
