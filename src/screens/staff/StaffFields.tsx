import { Alert, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffFieldError } from '../../rules/staff/staff';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
import { fieldMessage, serviceMessage } from './labels';

type Errors = Partial<Record<'fullName' | 'phone' | 'storeId' | 'address' | 'oldPassword' | 'password', StaffFieldError>>;
type DetailsField = 'fullName' | 'phone' | 'address';

/**
 * The fields the add and edit forms share (core §5 Staff): name, mobile, store and address. Values and
 * messages come from the form's machine; a change is sent back as `onChange(field, value)`.
 */
export function StaffDetailsFields({
  form,
  errors,
  busy,
  stores,
  storesLoading,
  addressRequired,
  onChange,
  onStore,
}: {
  form: Record<DetailsField, string> & { storeId: string | null };
  errors: Errors;
  busy: boolean;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  /** Required on add (core §5 "all fields"); optional on edit (D96). */
  addressRequired: boolean;
  onChange: (field: DetailsField, value: string) => void;
  onStore: (id: string | null) => void;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  const text = (field: DetailsField) => ({
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(field, e.currentTarget.value),
    autoComplete: 'off',
    disabled: busy,
    error: fieldMessage(t, errors[field]),
  });
  return (
    <>
      <TextInput label={t('form.fullName')} {...text('fullName')} required data-testid="staff-name" />
      <TextInput
        label={t('form.phone')}
        description={t('form.phoneHint')}
        {...text('phone')}
        type="tel"
        inputMode="tel"
        required
        data-testid="staff-phone"
      />
      <StoreFilter
        stores={stores}
        value={form.storeId}
        onChange={onStore}
        loading={storesLoading}
        label={t('form.store')}
        required
        disabled={busy}
        error={fieldMessage(t, errors.storeId)}
      />
      <TextInput label={t('form.address')} {...text('address')} required={addressRequired} data-testid="staff-address" />
    </>
  );
}

/** A masked password input (the value lives only in the machine until it is sent as its digest, D97). */
export function StaffPasswordInput({
  label,
  hint,
  value,
  error,
  busy,
  autoComplete,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  value: string;
  error: StaffFieldError | undefined;
  busy: boolean;
  autoComplete: 'new-password' | 'current-password';
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  return (
    <PasswordInput
      label={label}
      description={hint}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      autoComplete={autoComplete}
      required
      disabled={busy}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('form.passwordToggle') }}
      error={fieldMessage(t, error)}
      data-testid={testId}
    />
  );
}

/** The service's refusal (the catalogue's text, core §8) and the submit and cancel buttons. */
export function StaffFormActions({
  submitError,
  busy,
  submitLabel,
  onCancel,
}: {
  submitError: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  return (
    <>
      {submitError ? (
        <Alert color="red" variant="light" role="alert" title={t('form.submitFailed')} data-testid="staff-submit-error">
          <Text size="sm" c="red.9">
            {serviceMessage(t, { code: submitError })}
          </Text>
        </Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
      </Group>
    </>
  );
}
