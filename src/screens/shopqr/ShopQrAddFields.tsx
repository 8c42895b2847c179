import { useMemo } from 'react';
import { Group, Radio, Select } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import type { shopQrAddMachine } from '../../machines/shopqr/shopQrAdd.machine';
import { SALE_CHANNELS, VA_TYPES, type SaleChannel, type VaType } from '../../services/shopqr/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { LookupSelect } from '../shared/table/LookupSelect';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
// The type choice: Mantine's radio styles are not loaded by the shared table widgets.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { AmountInput } from './AmountInput';
import type { fieldMessage } from './labels';

type ShopQrAddActor = ActorRefFrom<typeof shopQrAddMachine>;

/** A field's message, shown once the user has tried to send (null until then or when the field is fine). */
export type FieldMessage = (field: Parameters<typeof fieldMessage>[1]) => string | null;

/** Staff lists can be long (core §9: up to 100,000 rows): the dropdown shows the first matches only. */
const STAFF_SHOWN = 50;

interface FieldProps {
  actor: ShopQrAddActor;
  t: TFunction;
  busy: boolean;
  message: FieldMessage;
}

/** The add form's fields (core §5 ShopQR add): the type, the receiving account, then what the type needs. */
export function ShopQrAddFields({
  stores,
  storesLoading,
  ...props
}: FieldProps & { stores: readonly StoreOption[]; storesLoading: boolean }) {
  const { actor, t, busy, message } = props;
  const form = useSelector(actor, (s) => s.context.form);
  return (
    <>
      <Radio.Group
        label={t('form.type')}
        value={form.type}
        onChange={(value) => actor.send({ type: 'TYPE.SET', value: value as VaType })}
        withAsterisk
      >
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
            value={form.storeId}
            onChange={(id, store) => actor.send({ type: 'STORE.SET', id, name: store?.name ?? null })}
            label={t('form.store')}
            required
            error={message('store')}
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
function BankAccountField({ actor, t, busy, message }: FieldProps) {
  const value = useSelector(actor, (s) => s.context.form.bankAccountNo);
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
      value={value}
      onChange={(next) => next !== null && actor.send({ type: 'BANK.SET', value: next })}
      texts={bankTexts}
      required
      error={message('bankAccount')}
      description={unverifiedCount > 0 ? t('form.unverifiedHidden', { count: unverifiedCount }) : undefined}
      disabled={busy}
      testId="shopqr-bank"
      listTestId="shopqr-bank-options"
    />
  );
}

/** The staff member a STAFF or BILL code belongs to. */
function StaffField({ actor, t, busy, message }: FieldProps) {
  const value = useSelector(actor, (s) => s.context.form.staffId);
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
      value={value}
      onChange={(next) => actor.send({ type: 'STAFF.SET', value: next })}
      error={message('staff')}
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
function BillFields({ actor, t, busy, message }: FieldProps) {
  const channel = useSelector(actor, (s) => s.context.form.channel);
  const amount = useSelector(actor, (s) => s.context.form.amount);
  const channelData = useMemo(() => SALE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })), [t]);
  return (
    <>
      <Select
        label={t('form.channel')}
        placeholder={t('form.channelPlaceholder')}
        data={channelData}
        value={channel}
        onChange={(value) => actor.send({ type: 'CHANNEL.SET', value: value as SaleChannel | null })}
        error={message('channel')}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        withAsterisk
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        data-testid="shopqr-channel"
      />
      <AmountInput
        value={amount}
        onChange={(value) => actor.send({ type: 'AMOUNT.CHANGE', value })}
        error={message('amount')}
        disabled={busy}
      />
    </>
  );
}
