import { Stack, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectAddBusy, selectAddErrors, selectAddForm, selectAddSubmitError } from '../../machines/staff/selectors';
import type { staffAddMachine, StaffAddTextField } from '../../machines/staff/staffAdd.machine';
import type { StoreOption } from '../shared/table/StoreFilter';
import { fieldMessage } from './labels';
import { StaffDetailsFields, StaffFormActions, StaffPasswordInput } from './StaffFields';
import './styles';

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
  const errors = useSelector(actor, selectAddErrors);
  const submitError = useSelector(actor, selectAddSubmitError);
  const busy = useSelector(actor, selectAddBusy);
  const change = (field: StaffAddTextField, value: string) => actor.send({ type: 'FIELD.CHANGE', field, value });

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('form.addTitle')}
      </Title>
      <form
        noValidate
        aria-label={t('form.addTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('form.staffId')}
            value={form.staffId}
            onChange={(e) => change('staffId', e.currentTarget.value)}
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.staffId)}
            data-testid="staff-id"
          />
          <TextInput
            label={t('form.email')}
            description={t('form.emailHint')}
            value={form.email}
            onChange={(e) => change('email', e.currentTarget.value)}
            type="email"
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.email)}
            data-testid="staff-email"
          />
          <StaffDetailsFields
            form={form}
            errors={errors}
            busy={busy}
            stores={stores}
            storesLoading={storesLoading}
            addressRequired
            onChange={change}
            onStore={(id) => actor.send({ type: 'STORE.SET', id })}
          />
          <StaffPasswordInput
            label={t('form.password')}
            hint={t('form.passwordHint')}
            value={form.password}
            error={errors.password}
            busy={busy}
            autoComplete="new-password"
            onChange={(value) => change('password', value)}
            testId="staff-password"
          />
          <StaffFormActions
            submitError={submitError}
            busy={busy}
            submitLabel={t('form.add')}
            onCancel={() => actor.send({ type: 'CANCEL' })}
          />
        </Stack>
      </form>
    </Stack>
  );
}
