import { useMemo } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectCancelBusy, selectCancelling, type invoiceListMachine } from '../../machines/invoices/invoiceList.machine';
import { INVOICE_SEARCH_MAX_LENGTH } from '../../rules/invoices/invoice';

import { selectPage, selectPageSize } from '../../machines/shared/list/selectors';
import type { InvoiceRow } from '../../services/invoices/schemas';
import { ListTable } from '../shared/list/ListTable';
import { ListSearch } from '../shared/list/ListSearch';
import { RowButton } from '../shared/list/RowButton';
import type { DataColumn } from '../shared/table/DataTable';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { PAGE_SIZES } from '../../rules/listPaging';

export type InvoiceListActor = ActorRefFrom<typeof invoiceListMachine>;

/**
 * /sale-invoice (doc 2 §2, §3 Invoice list row): index, invoice number, date-time, payment method,
 * status (1 paid, otherwise cancelled) and total; search by invoice number; "delete" cancels after a
 * confirmation (D136), the row staying as cancelled.
 */
export function InvoiceListScreen({ actor, onCreate }: { actor: InvoiceListActor; onCreate: () => void }) {
  const { t } = useTranslation('invoices');
  const page = useSelector(actor, selectPage);
  const pageSize = useSelector(actor, selectPageSize);

  const columns = useMemo<DataColumn<InvoiceRow>[]>(
    () => [
      { key: 'index', header: t('list.columns.index'), cell: (_r, i) => (page - 1) * pageSize + i + 1, align: 'right' },
      { key: 'code', header: t('list.columns.code'), cell: (r) => r.invoice_code, rowHeader: true },
      { key: 'created_at', header: t('list.columns.time'), cell: (r) => formatDateTime(r.created_at), minWidth: 170 },
      { key: 'method', header: t('list.columns.method'), cell: (r) => (r.payment_method ? t(`method.${r.payment_method}`) : '') },
      {
        key: 'status',
        header: t('list.columns.status'),
        cell: (r) =>
          r.status === 1 ? (
            <Badge radius="sm" styles={{ root: { backgroundColor: '#ebfbee', color: '#1f6b30', border: 'none' } }}>
              {t('status.paid')}
            </Badge>
          ) : (
            <Badge radius="sm" styles={{ root: { backgroundColor: '#f1f3f5', color: '#495057', border: 'none' } }}>
              {t('status.cancelled')}
            </Badge>
          ),
      },
      { key: 'total', header: t('list.columns.total'), cell: (r) => formatVnd(r.total_amount), align: 'right' },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) =>
          r.status === 1 ? (
            <RowButton
              kind="delete"
              label={t('list.cancelLabel', { code: r.invoice_code })}
              onClick={() => actor.send({ type: 'CANCEL.ASK', row: r })}
            >
              {t('list.cancel')}
            </RowButton>
          ) : null,
      },
    ],
    [t, actor, page, pageSize],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button onClick={onCreate}>{t('list.create')}</Button>
      </Group>
      <ListSearch
        actor={actor}
        field="q"
        label={t('list.searchLabel')}
        description={t('list.searchHint')}
        maxLength={INVOICE_SEARCH_MAX_LENGTH}
        maw={420}
        data-testid="invoice-search"
      />
      <ListTable<InvoiceRow>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        testId="invoice-table"
      />
      <CancelDialog actor={actor} />
    </Stack>
  );
}

function CancelDialog({ actor }: { actor: InvoiceListActor }) {
  const { t } = useTranslation('invoices');
  const row = useSelector(actor, selectCancelling);
  const busy = useSelector(actor, selectCancelBusy);
  const close = () => {
    if (!busy) actor.send({ type: 'CANCEL.DISMISS' });
  };
  return (
    <Modal opened={row !== null} onClose={close} title={t('cancel.title')} closeButtonProps={{ 'aria-label': t('cancel.close') }} centered>
      {row ? (
        <Stack gap="sm">
          <Text>{t('cancel.body', { code: row.invoice_code, total: formatVnd(row.total_amount) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('cancel.keep')}
            </Button>
            <Button color="red" loading={busy} onClick={() => actor.send({ type: 'CANCEL.CONFIRM' })} data-testid="invoice-cancel-confirm">
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
