import { useMemo } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatVndNumber } from '../../../rules/vnd';
import { serialText } from '../../../rules/einvoiceCode';
import type { EinvoiceListRow } from '../../../services/einvoice/list/schemas';
import { RowButton } from '../../shared/list/RowButton';
import type { DataColumn } from '../../shared/table/DataTable';
import { formatDate } from '../../shared/table/format';
import type { EinvoiceListActor } from './EinvoiceListScreen';
import '../styles';

type ListT = TFunction<['einvoice', 'errors']>;

/** The list's columns (doc 2 §3 E-invoice row), made again only when the language or the actor changes. */
export function useEinvoiceColumns(actor: EinvoiceListActor, newKey: () => string): DataColumn<EinvoiceListRow>[] {
  const { t } = useTranslation(['einvoice', 'errors']);
  return useMemo<DataColumn<EinvoiceListRow>[]>(
    () => [
      {
        key: 'serial',
        header: t('list.columns.serial'),
        cell: (r) => serialCell(t, r),
        rowHeader: true,
        minWidth: 150,
      },
      { key: 'seq', header: t('list.columns.seq'), cell: (r) => String(r.invoice.seq), align: 'right' },
      { key: 'date', header: t('list.columns.date'), cell: (r) => formatDate(r.invoice.invoiceDate) },
      { key: 'buyer', header: t('list.columns.buyer'), cell: (r) => r.invoice.buyerName, minWidth: 160 },
      {
        key: 'cqtCode',
        header: t('list.columns.cqtCode'),
        cell: (r) =>
          r.invoice.taxAuthorityCode ? (
            <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="einvoice-cqt-code">
              {r.invoice.taxAuthorityCode}
            </Text>
          ) : (
            '—'
          ),
        minWidth: 140,
      },
      { key: 'searchCode', header: t('list.columns.searchCode'), cell: (r) => r.invoice.searchCode || '—' },
      { key: 'vat', header: t('list.columns.vat'), cell: (r) => formatVndNumber(r.invoice.vat), align: 'right' },
      {
        key: 'total',
        header: t('list.columns.total'),
        cell: (r) => totalCell(t, r),
        align: 'right',
      },
      { key: 'status', header: t('list.columns.status'), cell: (r) => statusCell(t, r) },
      { key: 'actions', header: t('list.columns.actions'), cell: (r) => actionsCell(t, r, actor, newKey) },
    ],
    [t, actor, newKey],
  );
}

/** Original and correction together (D243): each names the other, under its symbol. */
function serialCell(t: ListT, r: EinvoiceListRow) {
  const ref = r.invoice.corrects;
  return (
    <Stack gap={2} align="flex-start">
      <span>{serialText(r.invoice.serial)}</span>
      {ref ? (
        <Text size="xs" c="gray.8" data-testid="einvoice-corrects">
          {t(ref.kind === 'replace' ? 'list.correction.replaces' : 'list.correction.adjusts', {
            serial: serialText(ref.serial),
            seq: ref.seq,
          })}
        </Text>
      ) : null}
      {ref?.reason ? (
        <Text size="xs" c="gray.8">
          {t('list.correction.reason', { reason: ref.reason })}
        </Text>
      ) : null}
      {r.correctedBy.map((c) => (
        <Text key={`${c.serial}-${c.seq}`} size="xs" c="gray.8" data-testid="einvoice-corrected-by">
          {t(c.kind === 'replace' ? 'list.correction.replacedBy' : 'list.correction.adjustedBy', {
            serial: serialText(c.serial),
            seq: c.seq,
          })}
        </Text>
      ))}
    </Stack>
  );
}

/** The total, and after a correction the total it comes to. */
function totalCell(t: ListT, r: EinvoiceListRow) {
  return (
    <Stack gap={2} align="flex-end">
      <span>{formatVndNumber(r.invoice.total)}</span>
      {r.totalAfter !== null ? (
        <Text size="xs" c="gray.8" data-testid="einvoice-total-after">
          {t('list.correction.totalAfter', { amount: formatVndNumber(r.totalAfter) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The CQT status badge (the provider's label and colour, doc 2 §4) and the provider's own status. */
function statusCell(t: ListT, r: EinvoiceListRow) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="light" color={`${r.cqt.color}.9`} data-testid="einvoice-cqt-status">
        {t(r.cqt.labelKey, r.cqt.params ?? {})}
      </Badge>
      {r.status ? (
        <Text size="xs" c="gray.8" data-testid="einvoice-status">
          {t(r.status.labelKey, r.status.params ?? {})}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A row's view, sign and correct, each where the row allows it. */
function actionsCell(t: ListT, r: EinvoiceListRow, actor: EinvoiceListActor, newKey: () => string) {
  const name = t('list.invoiceName', { serial: serialText(r.invoice.serial), seq: r.invoice.seq });
  return (
    <Group gap="xs" wrap="nowrap">
      {r.viewable ? (
        <RowButton kind="open" label={t('list.viewLabel', { name })} onClick={() => actor.send({ type: 'VIEW.OPEN', row: r })}>
          {t('list.view')}
        </RowButton>
      ) : (
        <Text size="xs" c="gray.8">
          {t('list.viewComingSoon')}
        </Text>
      )}
      {r.signable ? (
        <RowButton kind="edit" label={t('list.signLabel', { name })} onClick={() => actor.send({ type: 'SIGN.OPEN', row: r })}>
          {t('list.sign.action')}
        </RowButton>
      ) : null}
      {r.correctable ? (
        <RowButton
          kind="edit"
          label={t('list.correct.openLabel', { name })}
          onClick={() => actor.send({ type: 'CORRECT.OPEN', row: r, key: newKey() })}
        >
          {t('list.correct.open')}
        </RowButton>
      ) : null}
    </Group>
  );
}
