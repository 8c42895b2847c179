import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { useMemo } from 'react';
import { Alert, Button, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
import { fieldMessage, serviceMessage } from './labels';
import classes from './shopqr.module.css';

export type ShopQrAddActor = ActorRefFrom<typeof shopQrAddMachine>;

/** Failures where the request may have gone through: the user is told a resend cannot duplicate. */
const UNCLEAR_OUTCOME = new Set(['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE', 'UNKNOWN_ERROR']);

/** Staff lists can be long (core §9: up to 100,000 rows): the dropdown shows the first matches only. */
const STAFF_SHOWN = 50;

/**
 * /payment/add (core §5 ShopQR add). Renders the machine's form; every value stays in the machine,
 * so a server refusal (or switching type and back) loses nothing typed.
 */
export function ShopQrAddScreen({
  actor,
  stores,
  storesLoading,
  bankHref,
}: {
  actor: ShopQrAddActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  /** Where a verified bank account is linked (the route passes the bank area's address). */
  bankHref: string;
}) {
  const { t } = useTranslation(['shopqr', 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const showErrors = useSelector(actor, (s) => s.context.showErrors);
  const bankAccounts = useSelector(actor, (s) => s.context.bankAccounts);
  const unverifiedCount = useSelector(actor, (s) => s.context.unverifiedCount);
  const staff = useSelector(actor, (s) => s.context.staff);
  const submitError = useSelector(actor, (s) => s.context.submitError);
  const optionsError = useSelector(actor, (s) => s.context.optionsError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('optionsFailed'));
  const needsBank = useSelector(actor, (s) => s.matches('needsBankAccount'));

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
  const staffData = useMemo(
    () => staff.map((s) => ({ value: s.staff_id, label: t('form.staffOption', { id: s.staff_id, name: s.full_name }) })),
    [staff, t],
  );
  const channelData = useMemo(() => SALE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })), [t]);
  const message = (field: Parameters<typeof fieldMessage>[1]) => (showErrors ? fieldMessage(t, field, errors[field]) : null);

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {t('form.title')}
      </Title>
      {loading ? <LoadingLine label={t('form.loading')} /> : null}
      {failed ? (
        <FailureAlert
          title={t('form.optionsFailed')}
          message={serviceMessage(t, optionsError ? { code: optionsError } : null)}
          retryLabel={t('retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: t('form.back'), onClick: () => actor.send({ type: 'CANCEL' }) }}
        />
      ) : null}
      {needsBank ? (
        <Alert color="yellow" variant="light" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('form.needsBank')}</Text>
            <Group>
              <Button component={Link} to={bankHref} size="xs">
                {t('form.goToBank')}
              </Button>
              <Button variant="default" size="xs" onClick={() => actor.send({ type: 'CANCEL' })}>
                {t('form.back')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {!loading && !failed && !needsBank ? (
        <form
          noValidate
          aria-label={t('form.title')}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          <Stack gap="md">
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
            <LookupSelect
              options={bankOptions}
              value={form.bankAccountNo}
              onChange={(value) => value !== null && actor.send({ type: 'BANK.SET', value })}
              texts={bankTexts}
              required
              error={message('bankAccount')}
              description={unverifiedCount > 0 ? t('form.unverifiedHidden', { count: unverifiedCount }) : undefined}
              disabled={busy}
              testId="shopqr-bank"
              listTestId="shopqr-bank-options"
            />
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
              <Select
                label={t('form.staff')}
                placeholder={t('form.staffPlaceholder')}
                data={staffData}
                value={form.staffId}
                onChange={(value) => actor.send({ type: 'STAFF.SET', value })}
                error={message('staff')}
                searchable
                limit={STAFF_SHOWN}
                maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
                withAsterisk
                disabled={busy}
                comboboxProps={{ withinPortal: true }}
                data-testid="shopqr-staff"
              />
            )}
            {form.type === 'BILL' ? (
              <>
                <Select
                  label={t('form.channel')}
                  placeholder={t('form.channelPlaceholder')}
                  data={channelData}
                  value={form.channel}
                  onChange={(value) => actor.send({ type: 'CHANNEL.SET', value: value as SaleChannel | null })}
                  error={message('channel')}
                  maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
                  withAsterisk
                  disabled={busy}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="shopqr-channel"
                />
                <AmountInput
                  value={form.amount}
                  onChange={(value) => actor.send({ type: 'AMOUNT.CHANGE', value })}
                  error={message('amount')}
                  disabled={busy}
                />
              </>
            ) : null}
            {submitError ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t('form.failedTitle')}
                className={classes.formError}
                data-testid="shopqr-submit-error"
              >
                <Text size="sm" c="red.9">
                  {serviceMessage(t, submitError)}
                </Text>
                <Text size="sm" mt={4}>
                  {t(UNCLEAR_OUTCOME.has(submitError.code) ? 'form.retryHint' : 'form.failedHint')}
                </Text>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={busy}>
                {t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
