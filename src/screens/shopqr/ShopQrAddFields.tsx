import { useMemo } from 'react';
import { Group, Radio, Select } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import { shopQrAddKit, type shopQrAddMachine } from '../../machines/shopqr/shopQrAdd.machine';
import { SALE_CHANNELS, VA_TYPES, type VaType } from '../../services/shopqr/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { useFormFields } from '../shared/form/use-form-fields';
import { LookupSelect } from '../shared/table/LookupSelect';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
// The type choice: Mantine's radio styles are not loaded by the shared table widgets.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { AmountInput } from './AmountInput';
import { fieldMessage, serviceMessage } from './labels';

type ShopQrAddActor = ActorRefFrom<typeof shopQrAddMachine>;

/**
 * The fields through the form toolkit (D283): values, FIELD.CHANGE / FIELD.BLUR and each one's
 * message, shown once Save was pressed and worded as before (shopqr:errors.*). No refs are handed
 * out, so a refused Save leaves the focus where it was, as this form always did.
 */
export function useShopQrFields(actor: ShopQrAddActor, t: TFunction) {
  const form = useSelector(actor, (s) => s.context.form);
  return useFormFields(actor, form, shopQrAddKit, {
    rule: (field, code) => fieldMessage(t, field, code) ?? '',
    service: (code) => serviceMessage(t, { code }),
  });
}

type ShopQrFields = ReturnType<typeof useShopQrFields>;

/** A field's props without its ref (see useShopQrFields). */
const withoutRef = <P extends { ref: unknown }>({ ref: _ref, ...props }: P) => props;

/** Staff lists can be long (core §9: up to 100,000 rows): the dropdown shows the first matches only. */
const STAFF_SHOWN = 50;

interface FieldProps {
  actor: ShopQrAddActor;
  t: TFunction;
  busy: boolean;
  fields: ShopQrFields;
}

/** The add form's fields (core §5 ShopQR add): the type, the receiving account, then what the type needs. */
export function ShopQrAddFields({
  stores,
  storesLoading,
  ...props
}: FieldProps & { stores: readonly StoreOption[]; storesLoading: boolean }) {
  const { t, busy, fields } = props;
  const form = fields.values;
  return (
    <>
      <Radio.Group label={t('form.type')} value={form.type} onChange={(value) => fields.change('type', value as VaType)} withAsterisk>
        <Group mt="xs" gap="lg">
          {VA_TYPES.map((type) => (
            <Radio key={type} value={type} label={t(`type.${type}`)} description={t(`typeHint.${type}`)} disabled={busy} />
          ))}
        </Group>
      </Radio.Group>
      <BankAccountField {...props} />
      {form.type === 'STORE' ? (
        <div>
          <StoreFilter
            stores={stores}
            loading={storesLoading}
            value={form.store?.id ?? null}
            onChange={(id, store) => fields.change('store', id ? { id, name: store?.name ?? null } : null)}
            label={t('form.store')}
            required
            error={fields.error('store')}
            disabled={busy}
          />
        </div>
      ) : (
        <StaffField {...props} />
      )}
      {form.type === 'BILL' ? <BillFields {...props} /> : null}
    </>
  );
}

/** The receiving account: verified accounts only; the hidden unverified ones are counted in the hint. */
function BankAccountField({ actor, t, busy, fields }: FieldProps) {
  const bankAccounts = useSelector(actor, (s) => s.context.bankAccounts);
  const unverifiedCount = useSelector(actor, (s) => s.context.unverifiedCount);
  // core §9: a merchant may link many accounts; the list is virtualised and searchable like the stores.
  const bankOptions = useMemo(
    () =>
      bankAccounts.map((a) => ({ id: a.name, name: t('form.bankOption', { account: a.name, bank: a.bank_code, holder: a.holder_name }) })),
    [bankAccounts, t],
  );
  const bankTexts = useMemo(
    () => ({
      label: t('form.bankAccount'),
      searchPlaceholder: t('form.bankAccountPlaceholder'),
      noMatch: t('form.bankNoMatch'),
      matches: (count: number) => t('form.bankMatches', { count }),
    }),
    [t],
  );
  return (
    <LookupSelect
      options={bankOptions}
      value={fields.values.bankAccount}
      onChange={(next) => next !== null && fields.change('bankAccount', next)}
      texts={bankTexts}
      required
      error={fields.error('bankAccount')}
      description={unverifiedCount > 0 ? t('form.unverifiedHidden', { count: unverifiedCount }) : undefined}
      disabled={busy}
      testId="shopqr-bank"
      listTestId="shopqr-bank-options"
    />
  );
}

/** The staff member a STAFF or BILL code belongs to. */
function StaffField({ actor, t, busy, fields }: FieldProps) {
  const staff = useSelector(actor, (s) => s.context.staff);
  const staffData = useMemo(
    () => staff.map((s) => ({ value: s.staff_id, label: t('form.staffOption', { id: s.staff_id, name: s.full_name }) })),
    [staff, t],
  );
  return (
    <Select
      label={t('form.staff')}
      placeholder={t('form.staffPlaceholder')}
      data={staffData}
      {...withoutRef(fields.input('staff'))}
      searchable
      limit={STAFF_SHOWN}
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      withAsterisk
      disabled={busy}
      comboboxProps={{ withinPortal: true }}
      data-testid="shopqr-staff"
    />
  );
}

/** A BILL code's sale channel and fixed amount. */
function BillFields({ t, busy, fields }: FieldProps) {
  const channelData = useMemo(() => SALE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })), [t]);
  return (
    <>
      <Select
        label={t('form.channel')}
        placeholder={t('form.channelPlaceholder')}
        data={channelData}
        {...withoutRef(fields.input('channel'))}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        withAsterisk
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        data-testid="shopqr-channel"
      />
      <AmountInput
        value={fields.values.amount}
        onChange={(value) => fields.change('amount', value)}
        error={fields.error('amount') ?? null}
        disabled={busy}
      />
    </>
  );
}
