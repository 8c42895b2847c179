import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { invoiceCorrectMachine } from '../../../machines/einvoice/invoiceCorrect.machine';
import { parseEivCode, serialText } from '../../../rules/einvoiceCode';
import { formatVndNumber } from '../../../rules/vnd';
import { errorMessageKey } from '../../../services/errors';
import { formatDate } from '../../shared/table/format';
import { CorrectEditForm, type CorrectContext } from './CorrectEditForm';
import '../styles';

export type InvoiceCorrectActor = ActorRefFrom<typeof invoiceCorrectMachine>;

const RATE_TEXT: Record<string, string> = { KCT: 'KCT', KKKNT: 'KKKNT' };

/**
 * D243: adjust (amounts or the buyer's details) or replace an issued invoice, with the reason;
 * a review of what will be issued, then the new invoice. Every problem is said beside its field and a
 * refusal in the dialog, in the language of the portal, with what was typed kept.
 */
export function InvoiceCorrectDialog({ actor }: { actor: InvoiceCorrectActor }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const busy = state.hasTag('busy');
  const editing = state.matches('editing');
  const reviewing = state.matches('reviewing') || state.matches('submitting');
  const done = state.matches('done');
  const name = t('list.invoiceName', { serial: serialText(c.row.invoice.serial), seq: c.row.invoice.seq });
  const cancel = () => {
    if (busy) return;
    actor.send({ type: done ? 'CLOSE' : 'CANCEL' });
  };
  const refusal = c.errorCode
    ? c.errorCode === 'EINV_CORRECTION_REFUSED' && c.errorReason
      ? t(`list.correct.refused.${c.errorReason}`, { defaultValue: t('errors:EINV_CORRECTION_REFUSED') })
      : t(errorMessageKey(c.errorCode))
    : null;

  return (
    <Modal
      opened
      onClose={cancel}
      title={t('list.correct.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t(done ? 'list.correct.close' : 'list.correct.cancel'), disabled: busy }}
    >
      <Stack gap="md" data-testid="einvoice-correct-dialog">
        <Text size="sm">
          {t('list.correct.original', {
            name,
            date: formatDate(c.row.invoice.invoiceDate),
            total: formatVndNumber(c.row.invoice.total),
          })}
        </Text>
        {refusal ? (
          <Alert color="red" variant="light" data-testid="correct-error" role="alert">
            {refusal}
          </Alert>
        ) : null}
        {editing ? <CorrectEditForm actor={actor} c={c} cancel={cancel} /> : null}
        {reviewing ? <CorrectReview actor={actor} c={c} name={name} busy={busy} /> : null}
        {done && c.result ? <CorrectDone actor={actor} c={c} result={c.result} /> : null}
      </Stack>
    </Modal>
  );
}

/** The review step: what will be issued, its lines with VAT and the total, then confirm or back. */
function CorrectReview({ actor, c, name, busy }: { actor: InvoiceCorrectActor; c: CorrectContext; name: string; busy: boolean }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <>
      <Stack gap={4} data-testid="correct-summary">
        <Text fw={600}>{t('list.correct.willIssue', { kind: t(`list.correct.kinds.${c.kind}`) })}</Text>
        <Text size="sm">
          {t('list.correct.reference', {
            verb: t(`list.correct.verbs.${c.kind === 'replace' ? 'replace' : 'adjust'}`),
            name,
            date: formatDate(c.row.invoice.invoiceDate),
          })}
        </Text>
        {c.kind !== 'adjustAmount' ? (
          <Text size="sm" data-testid="correct-summary-buyer">
            {t('list.correct.reviewBuyer', { name: c.form.values.buyerName, address: c.form.values.buyerAddress })}
            {c.form.values.buyerTaxCode.trim()
              ? ` · ${t('list.correct.reviewTaxCode', { taxCode: c.form.values.buyerTaxCode.trim() })}`
              : ''}
          </Text>
        ) : null}
        {c.tax?.lines.map((line, i) => {
          const decrease = c.kind === 'adjustAmount' && c.lines[i]?.decrease;
          return (
            <Text size="sm" key={i}>
              {t('list.correct.reviewLine', {
                sign: decrease ? '− ' : c.kind === 'adjustAmount' ? '+ ' : '',
                name: c.lines[i]?.name ?? '',
                quantity: line.quantity,
                net: formatVndNumber(line.net),
                rate: line.rateCode ? (RATE_TEXT[line.rateCode] ?? line.rateCode) : '—',
                vat: formatVndNumber(line.vat),
              })}
            </Text>
          );
        })}
        {c.tax ? (
          <Text size="sm" fw={600} data-testid="correct-summary-total">
            {c.kind === 'replace'
              ? t('list.correct.replaceTotal', { total: formatVndNumber(c.tax.totals.gross) })
              : t('list.correct.reviewTotal', {
                  total: formatVndNumber(c.tax.lines.reduce((sum, line, i) => sum + (c.lines[i]?.decrease ? -line.gross : line.gross), 0)),
                })}
          </Text>
        ) : null}
        <Text size="sm">{t('list.correct.reviewReason', { reason: c.form.values.reason })}</Text>
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'BACK' })} disabled={busy} data-testid="correct-back">
          {t('list.correct.back')}
        </Button>
        <Button onClick={() => actor.send({ type: 'CONFIRM' })} loading={busy} data-testid="correct-confirm">
          {t('list.correct.confirm')}
        </Button>
      </Group>
    </>
  );
}

/** The new invoice's name once issued, and close. */
function CorrectDone({
  actor,
  c,
  result,
}: {
  actor: InvoiceCorrectActor;
  c: CorrectContext;
  result: NonNullable<CorrectContext['result']>;
}) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <>
      <Text data-testid="correct-done">
        {t('list.correct.done', {
          name: t('list.invoiceName', {
            serial: serialText(result.serial ?? c.row.invoice.serial),
            seq: parseEivCode(result.eivCode)?.seq ?? '',
          }),
        })}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => actor.send({ type: 'CLOSE' })} data-testid="correct-close">
          {t('list.correct.close')}
        </Button>
      </Group>
    </>
  );
}
