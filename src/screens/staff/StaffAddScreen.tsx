import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectAddBusy, selectAddErrors, selectAddForm, selectAddSubmitError } from '../../machines/staff/selectors';
import type { staffAddMachine } from '../../machines/staff/staffAdd.machine';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
import { fieldMessage, serviceMessage } from './labels';
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
  const change =
    (field: 'staffId' | 'fullName' | 'phone' | 'email' | 'address' | 'password') => (e: { currentTarget: { value: string } }) =>
      actor.send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value });

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
            onChange={change('staffId')}
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.staffId)}
            data-testid="staff-id"
          />
          <TextInput
            label={t('form.fullName')}
            value={form.fullName}
            onChange={change('fullName')}
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.fullName)}
            data-testid="staff-name"
          />
          <TextInput
            label={t('form.phone')}
            description={t('form.phoneHint')}
            value={form.phone}
            onChange={change('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.phone)}
            data-testid="staff-phone"
          />
          <TextInput
            label={t('form.email')}
            description={t('form.emailHint')}
            value={form.email}
            onChange={change('email')}
            type="email"
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.email)}
            data-testid="staff-email"
          />
          <StoreFilter
            stores={stores}
            value={form.storeId}
            onChange={(id) => actor.send({ type: 'STORE.SET', id })}
            loading={storesLoading}
            label={t('form.store')}
            required
            disabled={busy}
            error={fieldMessage(t, errors.storeId)}
          />
          <TextInput
            label={t('form.address')}
            value={form.address}
            onChange={change('address')}
            autoComplete="off"
            required
            disabled={busy}
            error={fieldMessage(t, errors.address)}
            data-testid="staff-address"
          />
          <PasswordInput
            label={t('form.password')}
            description={t('form.passwordHint')}
            value={form.password}
            onChange={change('password')}
            autoComplete="new-password"
            required
            disabled={busy}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('form.passwordToggle') }}
            error={fieldMessage(t, errors.password)}
            data-testid="staff-password"
          />
          {submitError ? (
            <Alert color="red" variant="light" role="alert" title={t('form.submitFailed')} data-testid="staff-submit-error">
              <Text size="sm" c="red.9">
                {serviceMessage(t, { code: submitError })}
              </Text>
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              {t('form.add')}
            </Button>
            <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
