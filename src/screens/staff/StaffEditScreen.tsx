import { Alert, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
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
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
import { fieldMessage, serviceMessage } from './labels';
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
  const change = (field: StaffEditTextField) => (e: { currentTarget: { value: string } }) =>
    actor.send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value });
  const hasLogin = staff?.has_login ?? true;

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('form.editTitle')}
      </Title>
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('form.loading')}</Text>
        </Group>
      ) : null}
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
              disabled={busy}
              error={fieldMessage(t, errors.address)}
              data-testid="staff-address"
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
              <PasswordInput
                label={t('form.oldPassword')}
                value={form.oldPassword}
                onChange={change('oldPassword')}
                autoComplete="current-password"
                required
                disabled={busy}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('form.passwordToggle') }}
                error={fieldMessage(t, errors.oldPassword)}
                data-testid="staff-old-password"
              />
            ) : null}
            {form.changePassword ? (
              <PasswordInput
                label={t('form.newPassword')}
                description={t('form.passwordHint')}
                value={form.password}
                onChange={change('password')}
                autoComplete="new-password"
                required
                disabled={busy}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('form.passwordToggle') }}
                error={fieldMessage(t, errors.password)}
                data-testid="staff-new-password"
              />
            ) : null}
            {submitError ? (
              <Alert color="red" variant="light" role="alert" title={t('form.submitFailed')} data-testid="staff-submit-error">
                <Text size="sm" c="red.9">
                  {serviceMessage(t, { code: submitError })}
                </Text>
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={busy}>
                {t('form.save')}
              </Button>
              <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
                {t('form.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
