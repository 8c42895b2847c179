import { LoadingLine } from '../shared/LoadingLine';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectEditBusy,
  selectEditErrors,
  selectEditForm,
  selectEditLoadError,
  selectEditLoadFailed,
  selectEditLoading,
  selectEditMissing,
  selectEditShowsForm,
  selectEditStaff,
  selectEditSubmitError,
} from '../../machines/staff/selectors';
import type { staffEditMachine, StaffEditTextField } from '../../machines/staff/staffEdit.machine';
import { FailureAlert } from '../shared/FailureAlert';
import type { StoreOption } from '../shared/table/StoreFilter';
import { serviceMessage } from './labels';
import { StaffDetailsFields, StaffFormActions, StaffPasswordInput } from './StaffFields';
import './styles';

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
  const form = useSelector(actor, selectEditForm);
  const errors = useSelector(actor, selectEditErrors);
  const submitError = useSelector(actor, selectEditSubmitError);
  const loadError = useSelector(actor, selectEditLoadError);
  const loading = useSelector(actor, selectEditLoading);
  const loadFailed = useSelector(actor, selectEditLoadFailed);
  const missing = useSelector(actor, selectEditMissing);
  const showsForm = useSelector(actor, selectEditShowsForm);
  const busy = useSelector(actor, selectEditBusy);
  const change = (field: StaffEditTextField, value: string) => actor.send({ type: 'FIELD.CHANGE', field, value });
  const hasLogin = staff?.has_login ?? true;

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
      {showsForm && staff ? (
        <form
          noValidate
          aria-label={t('form.editTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          <Stack gap="md">
            <TextInput label={t('form.staffId')} value={staff.staff_id} readOnly data-testid="staff-id" />
            <TextInput
              label={t('form.email')}
              description={t('form.readOnlyHint')}
              value={staff.email}
              readOnly
              data-testid="staff-email"
            />
            <StaffDetailsFields
              form={form}
              errors={errors}
              busy={busy}
              stores={stores}
              storesLoading={storesLoading}
              addressRequired={false}
              onChange={change}
              onStore={(id) => actor.send({ type: 'STORE.SET', id })}
            />
            <Checkbox
              label={hasLogin ? t('form.changePassword') : t('form.setPassword')}
              description={hasLogin ? undefined : t('form.noLogin')}
              checked={form.changePassword}
              onChange={() => actor.send({ type: 'PASSWORD.TOGGLE' })}
              disabled={busy}
              data-testid="staff-password-toggle"
            />
            {form.changePassword && hasLogin ? (
              <StaffPasswordInput
                label={t('form.oldPassword')}
                value={form.oldPassword}
                error={errors.oldPassword}
                busy={busy}
                autoComplete="current-password"
                onChange={(value) => change('oldPassword', value)}
                testId="staff-old-password"
              />
            ) : null}
            {form.changePassword ? (
              <StaffPasswordInput
                label={t('form.newPassword')}
                hint={t('form.passwordHint')}
                value={form.password}
                error={errors.password}
                busy={busy}
                autoComplete="new-password"
                onChange={(value) => change('password', value)}
                testId="staff-new-password"
              />
            ) : null}
            <StaffFormActions
              submitError={submitError}
              busy={busy}
              submitLabel={t('form.save')}
              onCancel={() => actor.send({ type: 'CANCEL' })}
            />
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
