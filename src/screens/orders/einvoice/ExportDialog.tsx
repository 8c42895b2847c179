import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { issuedSerial, type einvoiceExportMachine } from '../../../machines/orders/einvoiceExport.machine';
import { errorMessageKey } from '../../../services/errors';
import { FailureAlert } from '../../shared/FailureAlert';
import { LoadingLine } from '../../shared/LoadingLine';
import { formatDate } from '../../shared/table/format';
import { invoiceCodeText } from './code';
import { ExportBuyerForm } from './ExportBuyerForm';
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

/**
 * One order's e-invoice (doc 2 §4, §5, §6, §8): the set-up and declaration warnings, the buyer form
 * (individual or business with the tax-code lookup), the export, and its outcome. Typed text is kept
 * through every refusal; buyer texts are rendered as text.
 */
export function ExportDialog({ actor, settingHref }: { actor: EinvoiceExportActor; settingHref: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const view = useSelector(actor, selectView);
  const order = useSelector(actor, (s) => s.context.order);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('exporting') || s.hasTag('saving'));
  const close = () => actor.send({ type: 'CLOSE' });
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
        {view === 'form' ? <ExportBuyerForm actor={actor} close={close} /> : null}
        {view === 'notSaved' ? (
          <FailureAlert
            title={t('einvoice.notSavedTitle')}
            message={t('einvoice.notSaved')}
            retryLabel={t('einvoice.retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
            testId="einvoice-not-saved"
          />
        ) : null}
        {view === 'done' ? <ExportDone actor={actor} close={close} /> : null}
      </Stack>
    </Modal>
  );
}

/** Exported (or already): the invoice's code and the date it carries (D254). */
function ExportDone({ actor, close }: { actor: EinvoiceExportActor; close: () => void }) {
  const { t } = useTranslation(['orders', 'errors']);
  const order = useSelector(actor, (s) => s.context.order);
  const eivCode = useSelector(actor, (s) => s.context.eivCode);
  const already = useSelector(actor, (s) => s.context.alreadyExported);
  const serial = useSelector(actor, (s) => issuedSerial(s.context, s.context.eivCode));
  // D254: the date the new invoice carries, and whether it is the sale's.
  const dated = useSelector(actor, (s) =>
    s.context.issued !== null && s.context.issued.eivCode === s.context.eivCode && s.context.issued.issuedAt !== undefined
      ? { at: s.context.issued.issuedAt, atSale: s.context.issued.datedAtSale !== false }
      : null,
  );
  return (
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
  );
}
