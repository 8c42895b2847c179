import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectCloseBusy,
  selectCloseUncertain,
  selectMoveBusy,
  selectMoveUncertain,
  selectOpenBusy,
  selectOpenLocked,
  selectOpenUncertain,
  type shiftDrawerMachine,
} from '../../machines/shifts/shiftDrawer.machine';
import { closeFigures, closeKit, moveKit, openKit } from '../../machines/shifts/shiftDrawer.setup';
import { CLOSE_REASON_THRESHOLD, DENOMINATIONS, DRAWER_AMOUNT_MAX, MOVEMENT_REASONS, REASON_MAX_LENGTH } from '../../rules/shifts/drawer';
import { formatVnd } from '../../rules/vnd';
import { errorMessageKey } from '../../services/errors';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';
import { Figure, formatDifference } from './ShiftFigures';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';

export type ShiftDrawerActor = ActorRefFrom<typeof shiftDrawerMachine>;

/** The words of a form's problems: the area's validation texts, the catalogue's for a service code. */
function useMessages() {
  const { t } = useTranslation(['shifts', 'errors']);
  return {
    rule: (_field: string, code: string) => t(`validation.${code}`, { max: formatVnd(DRAWER_AMOUNT_MAX), length: REASON_MAX_LENGTH }),
    service: (code: string) => t(errorMessageKey(code)),
  };
}

/** A lost answer, or a refusal the form has no field for. */
function Outcome({ uncertain, saveError }: { uncertain: boolean; saveError: string | null }) {
  const { t } = useTranslation(['shifts', 'errors']);
  if (uncertain)
    return (
      <Alert color="yellow" role="alert" title={t('uncertain.title')}>
        <Text size="sm">{t('uncertain.body')}</Text>
      </Alert>
    );
  if (saveError === null) return null;
  return (
    <Alert color="red" role="alert" title={t('failTitle')}>
      <Text size="sm" c="red.9">
        {t(errorMessageKey(saveError))}
      </Text>
    </Alert>
  );
}

/** No open shift: the float counted into the drawer (whole đồng, 0 allowed). */
export function OpenShiftForm({ actor }: { actor: ShiftDrawerActor }) {
  const { t } = useTranslation('shifts');
  const form = useSelector(actor, (s) => s.context.openForm);
  const busy = useSelector(actor, selectOpenBusy);
  const uncertain = useSelector(actor, selectOpenUncertain);
  const fields = useFormFields(actor, form, openKit, useMessages());
  return (
    <Card withBorder padding="md">
      <SubmitForm aria-labelledby="shift-open-title" onSubmit={() => actor.send({ type: 'OPEN.SUBMIT' })}>
        <Stack gap="md">
          <Title order={2} size="h3" id="shift-open-title">
            {t('open.title')}
          </Title>
          <Text size="sm">{t('open.intro')}</Text>
          <TextInput
            label={t('open.float')}
            description={t('open.floatHint')}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            {...fields.text('float')}
            disabled={busy || uncertain}
            data-testid="shift-float"
          />
          <Outcome uncertain={uncertain} saveError={form.saveError} />
          <Group>
            <Button type="submit" loading={busy} data-testid="shift-open">
              {uncertain ? t('tryAgain') : t('open.submit')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Card>
  );
}

/** Cash in / cash out with a reason from the short list, free text for "other" (D303). */
export function MoveForm({ actor }: { actor: ShiftDrawerActor }) {
  const { t } = useTranslation('shifts');
  const form = useSelector(actor, (s) => s.context.moveForm);
  const busy = useSelector(actor, selectMoveBusy);
  const uncertain = useSelector(actor, selectMoveUncertain);
  const locked = useSelector(actor, selectOpenLocked);
  const fields = useFormFields(actor, form, moveKit, useMessages());
  const kind = fields.input('kind');
  const reason = fields.input('reason');
  return (
    <Card withBorder padding="md">
      <SubmitForm aria-labelledby="shift-move-title" onSubmit={() => actor.send({ type: 'MOVE.SUBMIT' })}>
        <Stack gap="md">
          <Title order={2} size="h3" id="shift-move-title">
            {t('move.title')}
          </Title>
          <SegmentedControl
            aria-label={t('move.kind')}
            value={kind.value}
            onChange={(value) => kind.onChange(value === 'IN' ? 'IN' : 'OUT')}
            data={[
              { value: 'OUT', label: t('kind.OUT') },
              { value: 'IN', label: t('kind.IN') },
            ]}
            disabled={locked}
            data-testid="move-kind"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('move.amount')}
              inputMode="numeric"
              autoComplete="off"
              withAsterisk
              {...fields.text('amount')}
              disabled={locked}
              data-testid="move-amount"
            />
            <Select
              maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
              label={t('move.reason')}
              placeholder={t('move.reasonPlaceholder')}
              withAsterisk
              data={MOVEMENT_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
              value={reason.value === '' ? null : reason.value}
              onChange={(value) => reason.onChange((value ?? '') as typeof reason.value)}
              onBlur={reason.onBlur}
              error={reason.error}
              ref={reason.ref}
              allowDeselect={false}
              disabled={locked}
              data-testid="move-reason"
            />
          </SimpleGrid>
          <TextInput
            label={t('move.note')}
            description={t('move.noteHint')}
            withAsterisk={form.values.reason === 'OTHER'}
            autoComplete="off"
            {...fields.text('note')}
            disabled={locked}
            data-testid="move-note"
          />
          <Outcome uncertain={uncertain} saveError={form.saveError} />
          <Group>
            <Button type="submit" loading={busy} disabled={locked && !uncertain} data-testid="move-submit">
              {uncertain ? t('tryAgain') : form.values.kind === 'IN' ? t('move.submitIn') : t('move.submitOut')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Card>
  );
}

/** The count at close (D303): one field per note, the counted total, expected and difference live. */
export function CloseForm({ actor }: { actor: ShiftDrawerActor }) {
  const { t } = useTranslation('shifts');
  const form = useSelector(actor, (s) => s.context.closeForm);
  const busy = useSelector(actor, selectCloseBusy);
  const uncertain = useSelector(actor, selectCloseUncertain);
  const locked = useSelector(actor, selectOpenLocked);
  const fields = useFormFields(actor, form, closeKit, useMessages());
  const { counted, difference, needsReason } = closeFigures(form.values);
  return (
    <Card withBorder padding="md">
      <SubmitForm aria-labelledby="shift-close-title" onSubmit={() => actor.send({ type: 'CLOSE.SUBMIT' })}>
        <Stack gap="md">
          <Title order={2} size="h3" id="shift-close-title">
            {t('close.title')}
          </Title>
          <Text size="sm">{t('close.intro')}</Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            {DENOMINATIONS.map((d) => (
              <TextInput
                key={d}
                label={t('close.notes', { note: formatVnd(d) })}
                inputMode="numeric"
                autoComplete="off"
                {...fields.text(`n${d}`)}
                disabled={locked}
                data-testid={`count-${d}`}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" aria-live="polite">
            <Figure label={t('close.counted')} value={formatVnd(counted)} testId="close-counted" />
            <Figure label={t('close.expected')} value={formatVnd(form.values.expected)} testId="close-expected" />
            <Figure label={t('close.difference')} value={formatDifference(difference)} testId="close-difference" strong />
          </SimpleGrid>
          {needsReason ? (
            <Text size="sm" c="red.9" data-testid="close-reason-needed">
              {t('close.reasonNeeded', { threshold: formatVnd(CLOSE_REASON_THRESHOLD) })}
            </Text>
          ) : null}
          <Textarea
            label={t('close.reason')}
            withAsterisk={needsReason}
            autosize
            minRows={2}
            {...fields.text('closeReason')}
            disabled={locked}
            data-testid="close-reason"
          />
          <Outcome uncertain={uncertain} saveError={form.saveError} />
          <Group>
            <Button type="submit" color="red" loading={busy} disabled={locked && !uncertain} data-testid="close-submit">
              {uncertain ? t('tryAgain') : t('close.submit')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Card>
  );
}
