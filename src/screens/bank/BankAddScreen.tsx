import { LoadingLine } from '../shared/LoadingLine';
import { Alert, Anchor, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { bankAddComplete, bankAddFormKit, type bankAddMachine } from '../../machines/bank/bankAdd.machine';
import { errorMessageKey } from '../../services/errors';
import { TermsModal } from './TermsModal';
import { VerifyQrModal, type BankVerifyActor } from './VerifyQrModal';
import classes from './bank.module.css';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { FailureAlert } from '../shared/FailureAlert';
import { useFormFields } from '../shared/form/use-form-fields';
import { SubmitForm } from '../shared/form/SubmitForm';

export type BankAddActor = ActorRefFrom<typeof bankAddMachine>;

/** /bank/add (core §5): renders the bankAdd machine and sends what the person does. */
export function BankAddScreen({ actor, onBack }: { actor: BankAddActor; onBack: () => void }) {
  const { t } = useTranslation(['bank', 'errors']);
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const verify = snap.children.verify as BankVerifyActor | undefined;
  const submitting = snap.matches('submitting');

  if (snap.hasTag('loading')) {
    return <LoadingLine label={t('add.loading')} p="md" />;
  }

  return (
    <Stack gap="md" p="md">
      <Anchor component="button" type="button" onClick={onBack} size="sm" w="fit-content">
        {t('add.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('add.title')}
      </Title>
      {snap.matches('banksFailed') ? (
        <FailureAlert
          title={t('add.banksFailed')}
          message={t(errorMessageKey(context.loadError))}
          retryLabel={t('add.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      {context.form.saveError ? (
        <Alert color="red" variant="light" role="alert" title={t('add.failTitle')} data-testid="bank-add-error">
          {context.form.saveError.startsWith('PHONE_NO_MATCH') ? t('error_check_match_phone') : t(errorMessageKey(context.form.saveError))}
        </Alert>
      ) : null}
      <BankAccountForm actor={actor} snap={snap} />
      <TermsModal
        opened={snap.hasTag('termsOpen')}
        read={snap.matches({ terms: 'read' })}
        busy={submitting}
        onScrolledToEnd={() => actor.send({ type: 'TERMS.SCROLLED_TO_END' })}
        onAgree={() => actor.send({ type: 'TERMS.AGREE' })}
        onClose={() => actor.send({ type: 'TERMS.CLOSE' })}
      />
      {verify ? <VerifyQrModal actor={verify} banks={context.banks} /> : null}
      {snap.matches('done') ? (
        <Alert color="green" variant="light" role="status" title={t('qr.successTitle')}>
          <Group justify="space-between">
            <Text size="sm">{t('qr.successBody', { account: context.form.values.accountNo.trim() })}</Text>
            <Button size="xs" onClick={() => actor.send({ type: 'GO_TO_LIST' })}>
              {t('qr.goToList')}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The account number, the bank, the holder's name the bank looks up, the phone number, and Continue. */
function BankAccountForm({ actor, snap }: { actor: BankAddActor; snap: SnapshotFrom<typeof bankAddMachine> }) {
  const { t } = useTranslation(['bank', 'errors']);
  const { context } = snap;
  const fields = useFormFields(actor, context.form, bankAddFormKit, {
    rule: (_, code) => t(`validation.${code}`),
    service: (code) => t(errorMessageKey(code)),
  });
  const looking = snap.matches({ editing: 'looking' }) || snap.matches({ editing: 'debouncing' });
  const complete = bankAddComplete(context);
  const editable = snap.matches('editing');
  const submitting = snap.matches('submitting');
  return (
    <SubmitForm className={classes.form} onSubmit={() => actor.send({ type: 'CONTINUE' })}>
      <Stack gap="sm">
        <TextInput
          label={t('add.accountNo')}
          {...fields.text('accountNo')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          required
          disabled={!editable}
        />
        {/* core §9: a searchable dropdown at most 216 px high (the system's native list cannot be sized). */}
        <Select
          label={t('add.bank')}
          placeholder={t('add.bankPlaceholder')}
          value={fields.values.bankCode || null}
          onChange={(value) => fields.change('bankCode', value ?? '')}
          data={context.banks.map((b) => ({ value: b.bank_code, label: `${b.short_name} – ${b.name}` }))}
          searchable
          allowDeselect={false}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          required
          disabled={!editable}
        />
        <TextInput
          label={t('add.holder')}
          value={context.holderName}
          readOnly
          required
          description={looking ? t('add.holderLooking') : t('add.holderHint')}
          rightSection={looking ? <Loader size="xs" aria-hidden="true" /> : null}
          error={
            snap.matches({ editing: 'lookupFailed' }) && context.holderErrorCode
              ? `${t('add.holderFailTitle')}: ${t(errorMessageKey(context.holderErrorCode))}`
              : undefined
          }
          data-testid="bank-holder"
        />
        <TextInput
          label={t('add.phone')}
          {...fields.text('phone')}
          // No focus move on a refused Continue: the focus stays on Continue, where it always was.
          ref={undefined}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          required
          disabled={!editable}
        />
        <Group gap="sm" align="center">
          <Button
            type="submit"
            disabled={!complete || !editable}
            loading={submitting}
            aria-describedby={complete ? undefined : 'bank-continue-hint'}
          >
            {t('add.continue')}
          </Button>
          {!complete ? (
            <Text size="xs" c="dimmed" id="bank-continue-hint">
              {t('add.continueHint')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </SubmitForm>
  );
}
