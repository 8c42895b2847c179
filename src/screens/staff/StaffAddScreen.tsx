import { Stack, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectAddBusy, selectAddForm } from '../../machines/staff/selectors';
import { staffAddKit, type staffAddMachine } from '../../machines/staff/staffAdd.machine';
import type { StoreOption } from '../shared/table/StoreFilter';
import { StaffDetailsFields, StaffFormActions, StaffPasswordInput } from './StaffFields';
import { useStaffForm } from './use-staff-form';
import './styles';
import { SubmitForm } from '../shared/form/SubmitForm';

export type StaffAddActor = ActorRefFrom<typeof staffAddMachine>;

/**
 * /staff/add (core §5 Staff). Renders the machine's form; every value stays in the machine, so a
 * refusal loses nothing typed. The password is a masked input whose value lives only in the
 * machine until it is sent (as its digest) and is never shown or logged.
 */
export function StaffAddScreen({
  actor,
  stores,
  storesLoading,
}: {
  actor: StaffAddActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  const form = useSelector(actor, selectAddForm);
  const busy = useSelector(actor, selectAddBusy);
  const fields = useStaffForm(actor, form, staffAddKit);

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('form.addTitle')}
      </Title>
      <SubmitForm aria-label={t('form.addTitle')} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="md">
          <TextInput
            label={t('form.staffId')}
            {...fields.text('staffId')}
            autoComplete="off"
            required
            disabled={busy}
            data-testid="staff-id"
          />
          <TextInput
            label={t('form.email')}
            description={t('form.emailHint')}
            {...fields.text('email')}
            type="email"
            autoComplete="off"
            required
            disabled={busy}
            data-testid="staff-email"
          />
          <StaffDetailsFields fields={fields} busy={busy} stores={stores} storesLoading={storesLoading} addressRequired />
          <StaffPasswordInput
            label={t('form.password')}
            hint={t('form.passwordHint')}
            field={fields.text('password')}
            busy={busy}
            autoComplete="new-password"
            testId="staff-password"
          />
          <StaffFormActions
            submitError={form.saveError}
            busy={busy}
            submitLabel={t('form.add')}
            onCancel={() => actor.send({ type: 'CANCEL' })}
          />
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
