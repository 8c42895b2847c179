import { Alert, Button, Checkbox, Group, Modal, NumberInput, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  CORRECTION_KINDS,
  MAX_DRAFT_LINES,
  REASON_MAX,
  type CorrectionKind,
  type invoiceCorrectMachine,
} from '../../../machines/einvoice/invoiceCorrect.machine';
import { parseEivCode, serialText } from '../../../rules/einvoiceCode';
import { TAX_CLASSES, type TaxClass } from '../../../rules/vatRates';
import { formatVndNumber } from '../../../rules/vnd';
import { errorMessageKey } from '../../../services/errors';
import { DROPDOWN_MAX_HEIGHT } from '../../shared/dropdown';
import { formatDate } from '../../shared/table/format';
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
  const has = (problem: string) => c.problems.includes(problem);
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
  const kindWord = (kind: CorrectionKind) => t(`list.correct.kinds.${kind}`);

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
        {editing ? (
          <>
            <Radio.Group
              label={t('list.correct.kind')}
              description={t(`list.correct.kindHelp.${c.kind}`)}
              value={c.kind}
              onChange={(value) => actor.send({ type: 'KIND.SET', kind: value as CorrectionKind })}
            >
              <Group gap="md" mt={6}>
                {CORRECTION_KINDS.map((kind) => (
                  <Radio key={kind} value={kind} label={kindWord(kind)} data-testid={`correct-kind-${kind}`} />
                ))}
              </Group>
            </Radio.Group>
            {c.kind !== 'adjustAmount' ? (
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t('list.correct.buyerName')}
                  value={c.buyer.name}
                  onChange={(e) => actor.send({ type: 'FIELD.SET', field: 'buyerName', value: e.currentTarget.value })}
                  error={has('buyerName') ? t('list.correct.problems.buyerName') : undefined}
                  style={{ minWidth: 200 }}
                  data-testid="correct-buyer-name"
                />
                <TextInput
                  label={t('list.correct.buyerTaxCode')}
                  description={t('list.correct.buyerTaxCodeHelp')}
                  inputMode="numeric"
                  value={c.buyer.taxCode}
                  onChange={(e) => actor.send({ type: 'FIELD.SET', field: 'buyerTaxCode', value: e.currentTarget.value })}
                  error={has('buyerTaxCode') ? t('list.correct.problems.buyerTaxCode') : undefined}
                  style={{ minWidth: 200 }}
                  data-testid="correct-buyer-tax-code"
                />
                <TextInput
                  label={t('list.correct.buyerAddress')}
                  value={c.buyer.address}
                  onChange={(e) => actor.send({ type: 'FIELD.SET', field: 'buyerAddress', value: e.currentTarget.value })}
                  error={has('buyerAddress') ? t('list.correct.problems.buyerAddress') : undefined}
                  style={{ minWidth: 200 }}
                  data-testid="correct-buyer-address"
                />
              </Group>
            ) : null}
            {c.kind !== 'adjustInfo' ? (
              <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" fw={600} size="sm">
                  {t('list.correct.lines')}
                </Text>
                {c.lines.map((line, i) => (
                  <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="correct-line">
                    <TextInput
                      label={t('list.correct.lineName')}
                      value={line.name}
                      onChange={(e) => actor.send({ type: 'LINE.SET', index: i, patch: { name: e.currentTarget.value } })}
                      error={has(`lines.${i}.name`) ? t('list.correct.problems.name') : undefined}
                      style={{ flex: '2 1 180px' }}
                      data-testid="correct-line-name"
                    />
                    <NumberInput
                      label={t('list.correct.quantity')}
                      value={line.quantity}
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      onChange={(value) => actor.send({ type: 'LINE.SET', index: i, patch: { quantity: Number(value) || 0 } })}
                      error={has(`lines.${i}.quantity`) ? t('list.correct.problems.quantity') : undefined}
                      style={{ flex: '1 1 90px' }}
                      data-testid="correct-line-quantity"
                    />
                    <NumberInput
                      label={t('list.correct.unitPrice')}
                      value={line.unitPrice || ''}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator="."
                      decimalSeparator=","
                      onChange={(value) => actor.send({ type: 'LINE.SET', index: i, patch: { unitPrice: Number(value) || 0 } })}
                      error={has(`lines.${i}.unitPrice`) ? t('list.correct.problems.unitPrice') : undefined}
                      style={{ flex: '1 1 140px' }}
                      data-testid="correct-line-price"
                    />
                    <Select
                      label={t('list.correct.taxClass')}
                      data={TAX_CLASSES.map((cls) => ({ value: cls, label: t(`list.correct.taxClasses.${cls}`) }))}
                      value={line.taxClass}
                      allowDeselect={false}
                      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
                      onChange={(value) => {
                        if (value) actor.send({ type: 'LINE.SET', index: i, patch: { taxClass: value as TaxClass } });
                      }}
                      style={{ flex: '1 1 180px' }}
                      data-testid="correct-line-class"
                    />
                    {c.kind === 'adjustAmount' ? (
                      <Checkbox
                        label={t('list.correct.decrease')}
                        checked={line.decrease}
                        onChange={(e) => actor.send({ type: 'LINE.SET', index: i, patch: { decrease: e.currentTarget.checked } })}
                        mt={30}
                        data-testid="correct-line-decrease"
                      />
                    ) : null}
                    {c.lines.length > 1 ? (
                      <Button variant="subtle" color="red" mt={24} onClick={() => actor.send({ type: 'LINE.REMOVE', index: i })}>
                        {t('list.correct.removeLine', { n: i + 1 })}
                      </Button>
                    ) : null}
                  </Group>
                ))}
                {has('lines') ? (
                  <Text size="sm" c="red.8" role="alert">
                    {t('list.correct.problems.lines')}
                  </Text>
                ) : null}
                {c.lines.length < MAX_DRAFT_LINES ? (
                  <Group>
                    <Button variant="default" size="xs" onClick={() => actor.send({ type: 'LINE.ADD' })} data-testid="correct-add-line">
                      {t('list.correct.addLine')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ) : null}
            <Textarea
              label={t('list.correct.reason')}
              description={t('list.correct.reasonHint')}
              required
              value={c.reason}
              maxLength={REASON_MAX}
              rows={2}
              onChange={(e) => actor.send({ type: 'FIELD.SET', field: 'reason', value: e.currentTarget.value })}
              error={has('reason') ? t('list.correct.problems.reason') : undefined}
              data-testid="correct-reason"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel} data-testid="correct-cancel">
                {t('list.correct.cancel')}
              </Button>
              <Button onClick={() => actor.send({ type: 'REVIEW' })} data-testid="correct-review">
                {t('list.correct.review')}
              </Button>
            </Group>
          </>
        ) : null}
        {reviewing ? (
          <>
            <Stack gap={4} data-testid="correct-summary">
              <Text fw={600}>{t('list.correct.willIssue', { kind: kindWord(c.kind) })}</Text>
              <Text size="sm">
                {t('list.correct.reference', {
                  verb: t(`list.correct.verbs.${c.kind === 'replace' ? 'replace' : 'adjust'}`),
                  name,
                  date: formatDate(c.row.invoice.invoiceDate),
                })}
              </Text>
              {c.kind !== 'adjustAmount' ? (
                <Text size="sm" data-testid="correct-summary-buyer">
                  {t('list.correct.reviewBuyer', { name: c.buyer.name, address: c.buyer.address })}
                  {c.buyer.taxCode.trim() ? ` · ${t('list.correct.reviewTaxCode', { taxCode: c.buyer.taxCode.trim() })}` : ''}
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
                        total: formatVndNumber(
                          c.tax.lines.reduce((sum, line, i) => sum + (c.lines[i]?.decrease ? -line.gross : line.gross), 0),
                        ),
                      })}
                </Text>
              ) : null}
              <Text size="sm">{t('list.correct.reviewReason', { reason: c.reason })}</Text>
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
        ) : null}
        {done && c.result ? (
          <>
            <Text data-testid="correct-done">
              {t('list.correct.done', {
                name: t('list.invoiceName', {
                  serial: serialText(c.result.serial ?? c.row.invoice.serial),
                  seq: parseEivCode(c.result.eivCode)?.seq ?? '',
                }),
              })}
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => actor.send({ type: 'CLOSE' })} data-testid="correct-close">
                {t('list.correct.close')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
