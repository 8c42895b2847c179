import { LoadingLine } from '../shared/LoadingLine';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectEditBusy,
  selectEditForm,
  selectEditLoadError,
  selectEditLoadFailed,
  selectEditLoading,
  selectEditMissing,
  selectEditShowsForm,
  selectEditStaff,
} from '../../machines/staff/selectors';
import { staffEditKit, type staffEditMachine } from '../../machines/staff/staffEdit.machine';
import { FailureAlert } from '../shared/FailureAlert';
import type { StaffRow } from '../../services/staff/schemas';
import type { StoreOption } from '../shared/table/StoreFilter';
import { serviceMessage } from './labels';
import { StaffDetailsFields, StaffFormActions, StaffPasswordInput } from './StaffFields';
import { useStaffForm } from './use-staff-form';
import './styles';
import { SubmitForm } from '../shared/form/SubmitForm';

export type StaffEditActor = ActorRefFrom<typeof staffEditMachine>;

/**
 * /staff/update?id= (core §5 Staff): staff id and e-mail shown read-only; name, phone, store and
 * address editable; the password part (current and new, masked) opens with a checkbox.
 */
export function StaffEditScreen({
  actor,
  stores,
  storesLoading,
}: {
  actor: StaffEditActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  const staff = useSelector(actor, selectEditStaff);
  const loadError = useSelector(actor, selectEditLoadError);
  const loading = useSelector(actor, selectEditLoading);
  const loadFailed = useSelector(actor, selectEditLoadFailed);
  const missing = useSelector(actor, selectEditMissing);
  const showsForm = useSelector(actor, selectEditShowsForm);

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('form.editTitle')}
      </Title>
      {loading ? <LoadingLine label={t('form.loading')} /> : null}
      {loadFailed ? (
        <FailureAlert
          title={t('form.loadFailed')}
          message={serviceMessage(t, { code: loadError ?? 'UNKNOWN_ERROR' })}
          retryLabel={t('form.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      {missing ? (
        <Alert color="yellow" variant="light" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('form.missing')}</Text>
            <Group>
              <Button variant="default" size="xs" onClick={() => actor.send({ type: 'CANCEL' })}>
                {t('form.back')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {showsForm && staff ? <StaffEditForm actor={actor} staff={staff} stores={stores} storesLoading={storesLoading} /> : null}
    </Stack>
  );
}

/** The loaded staff member's form: id and e-mail read-only, the shared details, the password part on demand. */
function StaffEditForm({
  actor,
  staff,
  stores,
  storesLoading,
}: {
  actor: StaffEditActor;
  staff: StaffRow;
  stores: readonly StoreOption[];
  storesLoading: boolean;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  const form = useSelector(actor, selectEditForm);
  const busy = useSelector(actor, selectEditBusy);
  const fields = useStaffForm(actor, form, staffEditKit(staff));
  const hasLogin = staff.has_login;
  const changePassword = form.values.changePassword;

  return (
    <SubmitForm aria-label={t('form.editTitle')} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <Stack gap="md">
        <TextInput label={t('form.staffId')} value={staff.staff_id} readOnly data-testid="staff-id" />
        <TextInput label={t('form.email')} description={t('form.readOnlyHint')} value={staff.email} readOnly data-testid="staff-email" />
        <StaffDetailsFields fields={fields} busy={busy} stores={stores} storesLoading={storesLoading} addressRequired={false} />
        <Checkbox
          label={hasLogin ? t('form.changePassword') : t('form.setPassword')}
          description={hasLogin ? undefined : t('form.noLogin')}
          checked={changePassword}
          onChange={() => actor.send({ type: 'PASSWORD.TOGGLE' })}
          disabled={busy}
          data-testid="staff-password-toggle"
        />
        {changePassword && hasLogin ? (
          <StaffPasswordInput
            label={t('form.oldPassword')}
            field={fields.text('oldPassword')}
            busy={busy}
            autoComplete="current-password"
            testId="staff-old-password"
          />
        ) : null}
        {changePassword ? (
          <StaffPasswordInput
            label={t('form.newPassword')}
            hint={t('form.passwordHint')}
            field={fields.text('password')}
            busy={busy}
            autoComplete="new-password"
            testId="staff-new-password"
          />
        ) : null}
        <StaffFormActions
          submitError={form.saveError}
          busy={busy}
          submitLabel={t('form.save')}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      </Stack>
    </SubmitForm>
  );
}
