import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectApprovalGate, type approvalGateMachine } from '../../machines/approvals';
import { APPROVAL_PIN_LENGTH } from '../../rules/approvals';
import { errorMessageKey } from '../../services/errors';
import './styles';

export type ApprovalStepActor = ActorRefFrom<typeof approvalGateMachine>;

/** The approval step's own words for the codes it meets (D310, D311); other codes through the catalogue. */
const OWN_CODES = new Set(['APPROVAL_PIN_WRONG', 'APPROVAL_PIN_LOCKED', 'APPROVAL_PIN_NOT_SET', 'APPROVAL_NOT_VALID']);

/**
 * D310: the owner's approval on the staff member's screen, inside the gated dialog. The owner types
 * the PIN here (masked, never kept after a wrong try), or the staff member asks through the owner's
 * bell and the step waits, reading the request every few seconds. A wrong PIN says how many tries are
 * left; a declined request says so and may be asked again.
 */
export function ApprovalStep({ actor }: { actor: ApprovalStepActor }) {
  const { t } = useTranslation(['approvals', 'errors']);
  const view = useSelector(actor, selectApprovalGate);
  const errorText =
    view.error === null
      ? null
      : OWN_CODES.has(view.error)
        ? t(`approvals:errors.${view.error}`, { count: view.attemptsLeft ?? 0 })
        : t(errorMessageKey(view.error));
  return (
    <Stack gap="sm" data-testid="approval-step">
      <Alert color="yellow" title={t('approvals:step.title')}>
        {t('approvals:step.intro')}
      </Alert>
      {view.failed ? (
        <Alert color="red" role="alert" data-testid="approval-error">
          {errorText}
        </Alert>
      ) : null}
      {view.declined ? (
        <Alert color="red" role="alert" data-testid="approval-declined">
          {t('approvals:step.declined')}
        </Alert>
      ) : null}
      {view.waiting ? (
        <Group gap="xs" role="status" data-testid="approval-waiting">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('approvals:step.waiting')}</Text>
        </Group>
      ) : null}
      {!view.failed && !view.declined ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'PIN.SUBMIT' });
          }}
        >
          <Stack gap="xs">
            <PasswordInput
              label={t('approvals:step.pin')}
              description={view.pinSet ? t('approvals:step.pinHint', { length: APPROVAL_PIN_LENGTH }) : t('approvals:step.noPin')}
              value={view.pin}
              inputMode="numeric"
              autoComplete="off"
              maxLength={APPROVAL_PIN_LENGTH}
              disabled={view.busy}
              onChange={(e) => actor.send({ type: 'PIN.SET', value: e.currentTarget.value })}
              error={
                view.problem ? t(`approvals:step.problems.${view.problem}`, { length: APPROVAL_PIN_LENGTH }) : (errorText ?? undefined)
              }
              data-testid="approval-pin"
            />
            <Group justify="flex-end" wrap="wrap">
              <Button type="submit" loading={view.busy} data-testid="approval-pin-submit">
                {t('approvals:step.approve')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={view.busy} data-testid="approval-cancel">
          {t('approvals:step.back')}
        </Button>
        {view.failed ? (
          <Button onClick={() => actor.send({ type: 'RETRY' })} data-testid="approval-retry">
            {t('approvals:step.retry')}
          </Button>
        ) : !view.waiting ? (
          <Button variant="light" onClick={() => actor.send({ type: 'ASK' })} disabled={view.busy} data-testid="approval-ask">
            {t('approvals:step.ask')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
