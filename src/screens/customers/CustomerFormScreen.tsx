import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import {
  customerFormKit,
  customerFormValid,
  legacyWardMissing,
  selectCustomerForm,
  selectListLoading,
  selectLoadFailed,
  selectLoadingCustomer,
  selectSaving,
  type customerFormMachine,
} from '../../machines/customers/customerForm.machine';
import { CUSTOMER_ADDRESS_MAX_LENGTH, CUSTOMER_NAME_MAX_LENGTH, type CustomerTexts } from '../../rules/customers/customer';
import { errorMessageKey } from '../../services/errors';
import { legacyProvince } from '../../rules/legacyProvinces';
import { AddressPickers } from '../shared/address/AddressPickers';
import { FailureAlert } from '../shared/FailureAlert';
import { useFormFields } from '../shared/form/use-form-fields';
import { formatNumber, formatVnd } from '../shared/table/format';
import { SubmitForm } from '../shared/form/SubmitForm';

export type CustomerFormActor = ActorRefFrom<typeof customerFormMachine>;

/** Codes the customers area words itself (not in the shared catalogue). */
const OWN_CODES = new Set(['CUSTOMER_NOT_EXIST']);

/**
 * /sale-customer/create and /sale-customer/update?id= (doc 2 §3, §5): name and phone required, street
 * line and the shared address pickers optional (D112). On edit the code, points (read-only, 1 point =
 * 1 VND), spending and orders are shown, not editable. A field's problem shows once Save was pressed
 * (an over-long text at once); a refusal keeps everything typed and says why above the form. An
 * address saved on the list before 1 July 2025 is shown as saved, with the province it is in today,
 * and its ward is asked for on today's list (D239).
 */
export function CustomerFormScreen({ actor, onBack }: { actor: CustomerFormActor; onBack: () => void }) {
  const { t } = useTranslation(['customers', 'errors']);
  const c = useSelector(actor, selectCustomerForm);
  const loadingCustomer = useSelector(actor, selectLoadingCustomer);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const isEdit = c.id !== null;
  const message = (code: string) => t(OWN_CODES.has(code) ? `codes.${code}` : errorMessageKey(code));

  return (
    <Stack gap="md" p="md" maw={720}>
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        {t('form.back')}
      </Anchor>
      <Title order={1} size="h2">
        {isEdit ? t('form.editTitle') : t('form.createTitle')}
      </Title>
      {loadFailed ? (
        <FailureAlert
          title={t('form.loadFailed')}
          message={message(c.loadError ?? 'UNKNOWN_ERROR')}
          retryLabel={t('form.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="customer-load-failed"
        />
      ) : loadingCustomer ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('form.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <>
          {c.customer ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="customer-summary">
              <Summary label={t('form.code')} value={c.customer.code} />
              <Summary label={t('form.point')} value={formatNumber(c.customer.point)} hint={t('form.pointHint')} />
              <Summary label={t('form.spending')} value={formatVnd(c.customer.total_spending)} />
              <Summary label={t('form.orders')} value={formatNumber(c.customer.total_orders)} />
            </SimpleGrid>
          ) : null}
          {c.form.saveError ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={isEdit ? t('form.updateFailTitle') : t('form.createFailTitle')}
              data-testid="customer-save-error"
            >
              {message(c.form.saveError)}
            </Alert>
          ) : null}
          <CustomerFields actor={actor} />
        </>
      )}
    </Stack>
  );
}

const MAX: Record<keyof CustomerTexts, number> = { name: CUSTOMER_NAME_MAX_LENGTH, phone: 0, address: CUSTOMER_ADDRESS_MAX_LENGTH };

/** The fields and Save: each field's problem beside it (validation.<code>), the focus to the first after a refused Save. */
function CustomerFields({ actor }: { actor: CustomerFormActor }) {
  const { t } = useTranslation(['customers', 'errors']);
  const c = useSelector(actor, selectCustomerForm);
  const saving = useSelector(actor, selectSaving);
  const loading = useSelector(actor, selectListLoading, (a, b) => a.cities === b.cities && a.wards === b.wards);
  const fields = useFormFields(actor, c.form, customerFormKit, {
    rule: (field, code) => t(`validation.${code}`, { max: MAX[field] }),
    service: (code) => t(errorMessageKey(code)),
  });
  const show = c.form.showErrors;

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          {...fields.text('name')}
          required
          disabled={saving}
          autoComplete="name"
          data-testid="customer-name"
        />
        <TextInput
          label={t('form.phone')}
          {...fields.text('phone')}
          required
          disabled={saving}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          description={t('form.phoneHint')}
          data-testid="customer-phone"
        />
        {c.legacyAddress !== null ? (
          <Alert color="yellow" variant="light" title={t('form.legacyTitle')} data-testid="customer-legacy-address">
            <Text size="sm">
              {t('form.legacyBody', {
                address: c.legacyAddress,
                province: legacyProvince(c.customer?.province_code ?? '')?.nowName ?? '—',
              })}
            </Text>
          </Alert>
        ) : null}
        <AddressPickers
          cascade={c}
          wardError={show && legacyWardMissing(c) ? t('form.legacyWardRequired') : undefined}
          loading={loading}
          send={(event) => actor.send(event)}
          parse={String}
          disabled={saving}
          testIdPrefix="customer"
          texts={pickerTexts(t)}
        />
        <TextInput
          label={t('form.address')}
          {...fields.text('address')}
          disabled={saving}
          autoComplete="street-address"
          description={t('form.addressHint')}
          data-testid="customer-address"
        />
        <Group gap="sm" align="center">
          <Button type="submit" loading={saving} data-testid="customer-save">
            {t('form.save')}
          </Button>
          {show && !saving && !customerFormValid(c) ? (
            <Text size="sm" c="red.9" role="status">
              {t('form.fixErrors')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </SubmitForm>
  );
}

const pickerTexts = (t: TFunction<['customers', 'errors']>) => ({
  city: t('form.city'),
  ward: t('form.ward'),
  search: t('form.search'),
  noMatch: t('form.noMatch'),
  matches: (count: number) => t('form.matches', { count }),
  chooseCityFirst: t('form.chooseCityFirst'),
  none: t('form.notChosen'),
  citiesFailed: t('form.citiesFailed'),
  wardsFailed: t('form.wardsFailed'),
  retry: t('form.retry'),
  failure: (code: string) => t(errorMessageKey(code)),
});

function Summary({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="div">
        {label}
      </Text>
      <Text fw={600} component="div">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
