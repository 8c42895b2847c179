import { Alert, Button, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectRuleBusy,
  selectRuleCanSubmit,
  selectRuleChoices,
  selectRuleForm,
  selectRuleIsNew,
  selectRuleLoadError,
  selectRuleLoadFailed,
  selectRuleLoading,
  selectRuleMissing,
  selectRuleShowsForm,
  selectRuleSubmitError,
} from '../../machines/txrules/selectors';
import { txRuleFormKit, type txRuleFormMachine } from '../../machines/txrules/txRuleForm.machine';
import type { TxRuleChoices } from '../../services/txrules/schemas';
import { errorMessageKey } from '../../services/errors';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { FailureAlert } from '../shared/FailureAlert';
import { useFormFields } from '../shared/form/use-form-fields';
import { LoadingLine } from '../shared/LoadingLine';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import { SubmitForm } from '../shared/form/SubmitForm';

export type TxRuleFormActor = ActorRefFrom<typeof txRuleFormMachine>;

/**
 * /setting-tx/create and /setting-tx/update?id= (doc 2 §3, §5 Transaction rule): the rule name (one of
 * the merchant's stores, from the shared cached lookup: up to 100,000), the card type, the issuing
 * banks (several) and the processing bank; Save is enabled only when all four are chosen.
 */
export function TxRuleFormScreen({
  actor,
  stores,
  storesLoading,
}: {
  actor: TxRuleFormActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
}) {
  const { t } = useTranslation(['txrules', 'errors']);
  const isNew = useSelector(actor, selectRuleIsNew);
  const choices = useSelector(actor, selectRuleChoices);
  const loadError = useSelector(actor, selectRuleLoadError);
  const loading = useSelector(actor, selectRuleLoading);
  const loadFailed = useSelector(actor, selectRuleLoadFailed);
  const missing = useSelector(actor, selectRuleMissing);
  const showsForm = useSelector(actor, selectRuleShowsForm);
  const title = isNew ? t('form.createTitle') : t('form.updateTitle');

  return (
    <Stack gap="md" p="md" maw={640}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {loading ? <LoadingLine label={t('form.loading')} /> : null}
      {loadFailed ? (
        <FailureAlert
          title={t('form.loadFailed')}
          message={t(errorMessageKey(loadError ?? 'UNKNOWN_ERROR'))}
          retryLabel={t('form.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: t('form.back'), onClick: () => actor.send({ type: 'CANCEL' }) }}
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
      {showsForm && choices ? (
        <TxRuleForm actor={actor} choices={choices} title={title} stores={stores} storesLoading={storesLoading} />
      ) : null}
    </Stack>
  );
}

const comboboxProps = { withinPortal: true } as const;

/** The four fields (the shared form, D283); Save is enabled only when all four are chosen (doc 2 §5). */
function TxRuleForm({
  actor,
  choices,
  title,
  stores,
  storesLoading,
}: {
  actor: TxRuleFormActor;
  choices: TxRuleChoices;
  title: string;
  stores: readonly StoreOption[];
  storesLoading: boolean;
}) {
  const { t } = useTranslation(['txrules', 'errors']);
  const form = useSelector(actor, selectRuleForm);
  const canSubmit = useSelector(actor, selectRuleCanSubmit);
  const submitError = useSelector(actor, selectRuleSubmitError);
  const busy = useSelector(actor, selectRuleBusy);
  // No field is ever marked (Save waits for all four), so only values and changes are taken.
  const fields = useFormFields(actor, form, txRuleFormKit, { rule: () => '', service: (code) => t(errorMessageKey(code)) });
  const { issuers } = form.values;

  return (
    <SubmitForm aria-label={title} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <Stack gap="md">
        <StoreFilter
          stores={stores}
          value={form.values.ruleName}
          onChange={(id) => fields.change('ruleName', id)}
          loading={storesLoading}
          label={t('form.ruleName')}
          required
          disabled={busy}
        />
        <Select
          label={t('form.cardType')}
          placeholder={t('form.cardTypePlaceholder')}
          data={choices.cardTypes}
          value={form.values.cardType}
          onChange={(value) => fields.change('cardType', value)}
          required
          disabled={busy}
          allowDeselect={false}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={comboboxProps}
          data-testid="txrule-card"
        />
        <MultiSelect
          label={t('form.issuer')}
          placeholder={issuers.length === 0 ? t('form.issuerPlaceholder') : undefined}
          data={choices.issuers}
          value={issuers}
          onChange={(values) => fields.change('issuers', values)}
          searchable
          nothingFoundMessage={t('form.issuerNoMatch')}
          required
          disabled={busy}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={comboboxProps}
          data-testid="txrule-issuers"
        />
        <Select
          label={t('form.acquirer')}
          placeholder={t('form.acquirerPlaceholder')}
          data={choices.acquirers}
          value={form.values.acquirer}
          onChange={(value) => fields.change('acquirer', value)}
          required
          disabled={busy}
          allowDeselect={false}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={comboboxProps}
          data-testid="txrule-acquirer"
        />
        <TxRuleFormActions submitError={submitError} canSubmit={canSubmit} busy={busy} onCancel={() => actor.send({ type: 'CANCEL' })} />
      </Stack>
    </SubmitForm>
  );
}

/** The refusal (the catalogue's text), the "all four" hint while something is missing, Cancel and Save. */
function TxRuleFormActions({
  submitError,
  canSubmit,
  busy,
  onCancel,
}: {
  submitError: string | null;
  canSubmit: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['txrules', 'errors']);
  return (
    <>
      {submitError ? (
        <Alert color="red" variant="light" role="alert" data-testid="txrule-error">
          <Text size="sm" c="red.9">
            {t(errorMessageKey(submitError))}
          </Text>
        </Alert>
      ) : null}
      {!canSubmit && !busy ? (
        <Text size="sm" c="dimmed" id="txrule-required">
          {t('form.allRequired')}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={busy}
          aria-describedby={canSubmit ? undefined : 'txrule-required'}
          data-testid="txrule-save"
        >
          {t('form.save')}
        </Button>
      </Group>
    </>
  );
}
