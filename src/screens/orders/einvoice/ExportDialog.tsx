import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { BUSINESS_FIELDS, buyerProblem, canLookUp, INDIVIDUAL_FIELDS, type BuyerField } from '../../../machines/orders/einvoice/buyer';
import { issuedSerial, type einvoiceExportMachine } from '../../../machines/orders/einvoiceExport.machine';
import { errorMessageKey } from '../../../services/errors';
import { FailureAlert } from '../../shared/FailureAlert';
import { LoadingLine } from '../../shared/LoadingLine';
import { formatDate } from '../../shared/table/format';
import { invoiceCodeText } from './code';
import './styles';

export type EinvoiceExportActor = ActorRefFrom<typeof einvoiceExportMachine>;
type Snap = SnapshotFrom<typeof einvoiceExportMachine>;

const selectView = (s: Snap) =>
  s.hasTag('checking')
    ? 'checking'
    : s.hasTag('checkFailed')
      ? 'checkFailed'
      : s.hasTag('notSetUp')
        ? 'notSetUp'
        : s.hasTag('pending')
          ? 'pending'
          : s.hasTag('notSaved')
            ? 'notSaved'
            : s.hasTag('done')
              ? 'done'
              : 'form';

/** Mantine's yellow title on its light yellow is 2.7:1; a dark title keeps AA contrast. */
const WARNING_STYLES = { title: { color: 'var(--mantine-color-dark-7)' }, label: { color: 'var(--mantine-color-dark-7)' } };

const FIELD_LABEL: Record<BuyerField, string> = {
  name: 'einvoice.name',
  idCard: 'einvoice.idCard',
  company: 'einvoice.company',
  taxCode: 'einvoice.taxCode',
  address: 'einvoice.address',
  email: 'einvoice.email',
  phone: 'einvoice.phone',
};

/**
 * One order's e-invoice (doc 2 §4, §5, §6, §8): the set-up and declaration warnings, the buyer form
 * (individual or business with the tax-code lookup), the export, and its outcome. Typed text is kept
 * through every refusal; buyer texts are rendered as text.
 */
export function ExportDialog({ actor, settingHref }: { actor: EinvoiceExportActor; settingHref: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const view = useSelector(actor, selectView);
  const order = useSelector(actor, (s) => s.context.order);
  const form = useSelector(actor, (s) => s.context.form);
  const touched = useSelector(actor, (s) => s.context.touched);
  const submitted = useSelector(actor, (s) => s.context.submitted);
  const lookupError = useSelector(actor, (s) => s.context.lookupError);
  const error = useSelector(actor, (s) => s.context.error);
  const eivCode = useSelector(actor, (s) => s.context.eivCode);
  const already = useSelector(actor, (s) => s.context.alreadyExported);
  const serial = useSelector(actor, (s) => issuedSerial(s.context, s.context.eivCode));
  // D254: the date the new invoice carries, and whether it is the sale's.
  const dated = useSelector(actor, (s) =>
    s.context.issued !== null && s.context.issued.eivCode === s.context.eivCode && s.context.issued.issuedAt !== undefined
      ? { at: s.context.issued.issuedAt, atSale: s.context.issued.datedAtSale !== false }
      : null,
  );
  const lookingUp = useSelector(actor, (s) => s.hasTag('lookingUp'));
  const busy = useSelector(actor, (s) => s.hasTag('exporting') || s.hasTag('saving'));
  const busyText = useSelector(actor, (s) => (s.hasTag('saving') ? 'einvoice.saving' : 'einvoice.exporting'));
  const close = () => actor.send({ type: 'CLOSE' });

  // doc 2 §5: a business's tax code first (its lookup fills the rest); issue 25 §6: an individual's optional details.
  const fields: readonly BuyerField[] = form.isIndividual ? INDIVIDUAL_FIELDS : BUSINESS_FIELDS;
  const problem = (field: BuyerField) => {
    if (!submitted && !touched[field]) return null;
    const p = buyerProblem(form, field);
    return p === null ? null : t(`einvoice.problem.${p}`);
  };

  return (
    <Modal
      opened
      onClose={busy ? () => undefined : close}
      title={t('einvoice.dialogTitle', { code: order.order_code })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('einvoice.close'), disabled: busy }}
    >
      <Stack gap="md" data-testid="einvoice-export">
        {view === 'checking' ? <LoadingLine label={t('einvoice.checking')} /> : null}
        {view === 'checkFailed' ? (
          <FailureAlert
            title={t('einvoice.checkFailed')}
            message={t(errorMessageKey(error))}
            retryLabel={t('einvoice.retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
          />
        ) : null}
        {view === 'notSetUp' ? (
          <>
            <Alert
              color="yellow"
              variant="light"
              styles={WARNING_STYLES}
              title={t('einvoice.notSetUpTitle')}
              data-testid="einvoice-not-set-up"
            >
              <Text size="sm">{t('einvoice.notSetUp')}</Text>
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('einvoice.cancel')}
              </Button>
              <Button component={Link} to={settingHref}>
                {t('einvoice.goToSetting')}
              </Button>
            </Group>
          </>
        ) : null}
        {view === 'pending' ? (
          <>
            <Alert color="yellow" variant="light" styles={WARNING_STYLES} title={t('einvoice.pendingTitle')} data-testid="einvoice-pending">
              <Text size="sm">{t('einvoice.pending')}</Text>
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>{t('einvoice.ok')}</Button>
            </Group>
          </>
        ) : null}
        {view === 'form' ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'SUBMIT' });
            }}
          >
            <Stack gap="sm">
              <Radio.Group
                label={t('einvoice.buyerKind')}
                value={form.isIndividual ? 'individual' : 'business'}
                onChange={(value) => actor.send({ type: 'BUYER.KIND', individual: value === 'individual' })}
              >
                <Group gap="md" mt={4}>
                  <Radio value="individual" label={t('einvoice.individual')} disabled={busy} data-testid="einvoice-individual" />
                  <Radio value="business" label={t('einvoice.business')} disabled={busy} data-testid="einvoice-business" />
                </Group>
              </Radio.Group>
              {fields.map((field) => (
                <Group key={field} align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t(field === 'name' && !form.isIndividual ? 'einvoice.nameBusiness' : FIELD_LABEL[field])}
                    description={
                      field === 'taxCode'
                        ? t('einvoice.taxCodeHint')
                        : field === 'name' && form.isIndividual
                          ? t('einvoice.nameHint')
                          : undefined
                    }
                    required={!form.isIndividual && field !== 'email' && field !== 'phone'}
                    value={form[field]}
                    inputMode={
                      field === 'taxCode' || field === 'phone'
                        ? 'tel'
                        : field === 'idCard'
                          ? 'numeric'
                          : field === 'email'
                            ? 'email'
                            : undefined
                    }
                    error={
                      problem(field) ??
                      (field === 'taxCode' && lookupError !== null
                        ? lookupError === 'EINV_COMPANY_NOT_FOUND'
                          ? t('einvoice.lookupNotFound')
                          : t(errorMessageKey(lookupError))
                        : null)
                    }
                    disabled={busy}
                    onChange={(e) => actor.send({ type: 'BUYER.CHANGE', field, value: e.currentTarget.value })}
                    data-testid={`einvoice-${field}`}
                  />
                  {field === 'taxCode' ? (
                    <Button
                      mt={24}
                      variant="default"
                      aria-label={t('einvoice.lookupLabel')}
                      disabled={!canLookUp(form) || busy}
                      loading={lookingUp}
                      onClick={() => actor.send({ type: 'LOOKUP' })}
                      data-testid="einvoice-lookup"
                    >
                      {t('einvoice.lookup')}
                    </Button>
                  ) : null}
                </Group>
              ))}
              {error !== null && !busy ? (
                <Alert color="red" variant="light" role="alert" title={t('einvoice.exportFailTitle')}>
                  <Text size="sm">{t(errorMessageKey(error))}</Text>
                </Alert>
              ) : null}
              {busy ? <LoadingLine label={t(busyText)} /> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={busy}>
                  {t('einvoice.cancel')}
                </Button>
                <Button type="submit" loading={busy} data-testid="einvoice-submit">
                  {t('einvoice.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {view === 'notSaved' ? (
          <FailureAlert
            title={t('einvoice.notSavedTitle')}
            message={t('einvoice.notSaved')}
            retryLabel={t('einvoice.retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
            testId="einvoice-not-saved"
          />
        ) : null}
        {view === 'done' ? (
          <>
            <Alert color="green" variant="light" title={t('einvoice.doneTitle')} data-testid="einvoice-done">
              <Text size="sm">{t(already ? 'einvoice.already' : 'einvoice.done')}</Text>
              {eivCode !== null ? (
                <Text size="sm" fw={600} data-testid="einvoice-code">
                  {invoiceCodeText(t, eivCode, serial)}
                </Text>
              ) : null}
              {dated !== null ? (
                <Text size="sm" data-testid="einvoice-dated">
                  {t(dated.atSale ? 'einvoice.datedAtSale' : 'einvoice.datedToday', {
                    date: formatDate(dated.at),
                    saleDate: formatDate(order.paid_at ?? order.updated_at),
                  })}
                </Text>
              ) : null}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>{t('einvoice.close')}</Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
