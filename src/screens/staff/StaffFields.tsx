import { Alert, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InputFieldProps, TextFieldProps } from '../shared/form/use-form-fields';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
import { serviceMessage } from './labels';

type DetailsField = 'fullName' | 'phone' | 'address';

/** The add and edit forms' bindings (the shared form hook, D283) for the fields they share. */
export interface StaffDetailsBinding {
  text: (field: DetailsField) => TextFieldProps;
  input: (field: 'storeId') => InputFieldProps<string | null>;
}

/**
 * The fields the add and edit forms share (core §5 Staff): name, mobile, store and address. Values,
 * changes and messages come from the form's machine through the shared form hook.
 */
export function StaffDetailsFields({
  fields,
  busy,
  stores,
  storesLoading,
  addressRequired,
}: {
  fields: StaffDetailsBinding;
  busy: boolean;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  /** Required on add (core §5 "all fields"); optional on edit (D96). */
  addressRequired: boolean;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  const store = fields.input('storeId');
  return (
    <>
      <TextInput
        label={t('form.fullName')}
        {...fields.text('fullName')}
        autoComplete="off"
        disabled={busy}
        required
        data-testid="staff-name"
      />
      <TextInput
        label={t('form.phone')}
        description={t('form.phoneHint')}
        {...fields.text('phone')}
        autoComplete="off"
        disabled={busy}
        type="tel"
        inputMode="tel"
        required
        data-testid="staff-phone"
      />
      <StoreFilter
        stores={stores}
        value={store.value}
        onChange={(id) => store.onChange(id)}
        loading={storesLoading}
        label={t('form.store')}
        required
        disabled={busy}
        error={store.error}
      />
      <TextInput
        label={t('form.address')}
        {...fields.text('address')}
        autoComplete="off"
        disabled={busy}
        required={addressRequired}
        data-testid="staff-address"
      />
    </>
  );
}

/** A masked password input (the value lives only in the machine until it is sent as its digest, D97). */
export function StaffPasswordInput({
  label,
  hint,
  field,
  busy,
  autoComplete,
  testId,
}: {
  label: string;
  hint?: string;
  field: TextFieldProps;
  busy: boolean;
  autoComplete: 'new-password' | 'current-password';
  testId: string;
}) {
  const { t } = useTranslation(['staff', 'errors']);
  return (
    <PasswordInput
      label={label}
      description={hint}
      {...field}
      autoComplete={autoComplete}
      required
      disabled={busy}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('form.passwordToggle') }}
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
