import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { orderListMachine } from '../../machines/orders/orderList.machine';
import { selectCreating, selectFilter, selectToday } from '../../machines/orders/selectors';
import { serialText } from '../../rules/einvoiceCode';
import { formatVndNumber } from '../../rules/vnd';
import {
  ORDER_SEARCH_MAX,
  ORDER_SOURCES,
  ORDER_STATUSES,
  WALK_IN_CUSTOMER_ID,
  type Order,
  type OrderSource,
  type OrderStatus,
} from '../../services/orders/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { ListTable } from '../shared/list/ListTable';
import { ListSearch } from '../shared/list/ListSearch';
import { RowButton } from '../shared/list/RowButton';
import type { DataColumn } from '../shared/table/DataTable';
import { DaysFilter } from '../shared/table/DaysFilter';
import { formatDateTime } from '../shared/table/format';
import { BulkBar, BulkRunDialog, PickCheckbox, PickPageCheckbox, type BulkExportActor } from './einvoice/BulkExport';
import { invoiceCodeText } from './einvoice/code';
import { selectable } from '../../machines/orders/einvoice/bulk';
import { selectRows } from '../../machines/shared/list/selectors';
import { OrderDetailDialog } from './OrderDetailDialog';
import { PAGE_SIZES } from '../../rules/listPaging';

export type OrderListActor = ActorRefFrom<typeof orderListMachine>;

/** The e-invoice parts of the list (doc 2 §6): the export from the detail with the flag; column and checkboxes with an active set-up too. */
export interface OrderListEinvoice {
  columns: boolean;
  bulk: BulkExportActor;
  onExport: (order: Order) => void;
  /** D243: where an issued invoice of the order is adjusted or replaced; null when it cannot be found. */
  correctHref?: (order: Order) => string | null;
}

export const STATUS_COLOURS: Record<OrderStatus, string> = { 0: 'green.9', 1: 'blue.9', 2: 'orange.9', 3: 'gray.8' };

/**
 * /sale-order (doc 2 §2, §3 Order/invoice, §4 order status): search (sent 800 ms after the last key),
 * status, e-invoice and source filters, the orders with code, table, customer, total, payment method,
 * status and last change; a row's details in a dialog. The create-order button is for merchants
 * without tables only (doc 2 §1); with the e-invoice flag and an active set-up, the e-invoice column
 * (exported, or the export button) and the bulk-export checkboxes (doc 2 §6). Order texts are
 * rendered as text.
 */
export function OrderListScreen({
  actor,
  canCreate,
  editHref,
  einvoice,
  refundHref,
}: {
  actor: OrderListActor;
  /** Absent without the `einvoice` flag. */
  einvoice?: OrderListEinvoice;
  /** False for food-and-beverage merchants: their orders start from a table. */
  canCreate: boolean;
  editHref: (orderId: number) => string;
  /** A paid order's refund page (D305). */
  refundHref?: (order: Order) => string;
}) {
  const { t, i18n } = useTranslation(['orders', 'errors']);
  // "Today" for the day filter's rules, fixed for the page's life.
  const [nowMs] = useState(() => Date.now());
  const filter = useSelector(actor, selectFilter);
  const creating = useSelector(actor, selectCreating);
  const showEinvoice = einvoice?.columns === true;
  const columns = useOrderColumns(actor, showEinvoice ? einvoice : undefined);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canCreate ? (
          <Button onClick={() => actor.send({ type: 'CREATE' })} loading={creating} data-testid="order-create">
            {t('list.create')}
          </Button>
        ) : null}
      </Group>
      <OrderListFilters actor={actor} />
      <DaysFilter
        label={t('list.daysFilter')}
        value={filter.days}
        onChange={(days) => actor.send({ type: 'FILTER.SET', filter: { days } })}
        nowMs={nowMs}
        language={i18n.language === 'en' ? 'en' : 'vi'}
        testId="order-days"
      />
      {showEinvoice ? <OrderTodayLine actor={actor} /> : null}
      {showEinvoice && einvoice ? <BulkBar actor={einvoice.bulk} /> : null}
      <ListTable<Order>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        testId="order-table"
      />
      <OrderDetailDialog
        actor={actor}
        editHref={editHref}
        onExport={einvoice?.onExport}
        correctHref={einvoice?.correctHref}
        refundHref={refundHref}
      />
      {einvoice ? <BulkRunDialog actor={einvoice.bulk} /> : null}
    </Stack>
  );
}

/** The list's columns; `einvoice` is given only when its column and checkboxes show (doc 2 §6). */
function useOrderColumns(actor: OrderListActor, einvoice: OrderListEinvoice | undefined): DataColumn<Order>[] {
  const { t } = useTranslation(['orders', 'errors']);
  const rows = useSelector(actor, selectRows<Order>);
  return useMemo<DataColumn<Order>[]>(
    () => [
      ...(einvoice
        ? [
            {
              key: 'pick',
              header: <PickPageCheckbox actor={einvoice.bulk} rows={rows} />,
              cell: (r: Order) => <PickCheckbox actor={einvoice.bulk} order={r} />,
            },
          ]
        : []),
      { key: 'code', header: t('list.columns.code'), cell: (r) => r.order_code, rowHeader: true },
      { key: 'table', header: t('list.columns.table'), cell: (r) => r.table_name ?? '—' },
      {
        key: 'customer',
        header: t('list.columns.customer'),
        cell: (r) => (r.customer_id === WALK_IN_CUSTOMER_ID ? t('walkIn') : r.name),
        minWidth: 160,
      },
      { key: 'total', header: t('list.columns.total'), cell: (r) => formatVndNumber(r.total_price), align: 'right' },
      { key: 'method', header: t('list.columns.method'), cell: (r) => t(`method.${r.payment_method ?? 'none'}`) },
      {
        key: 'status',
        header: t('list.columns.status'),
        cell: (r) => (
          <Badge variant="light" color={STATUS_COLOURS[r.status]}>
            {t(`status.${r.status}`)}
          </Badge>
        ),
      },
      { key: 'updated', header: t('list.columns.updated'), cell: (r) => formatDateTime(r.updated_at) },
      ...(einvoice ? [{ key: 'einvoice', header: t('einvoice.column'), cell: (r: Order) => einvoiceCell(t, r, einvoice.onExport) }] : []),
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowButton
            kind="open"
            label={t('list.viewLabel', { code: r.order_code })}
            onClick={() => actor.send({ type: 'DETAIL.OPEN', row: r })}
          >
            {t('list.view')}
          </RowButton>
        ),
      },
    ],
    [t, actor, einvoice, rows],
  );
}

/** A row's e-invoice: exported (its code and symbol), queued, failed with the export as its retry, or the export. */
function einvoiceCell(t: TFunction<['orders', 'errors']>, r: Order, onExport: (order: Order) => void): ReactNode {
  return r.eiv_code !== null || r.is_eiv_exported ? (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color="green.9" data-testid="order-einvoice-exported">
        {t('einvoice.exported')}
      </Badge>
      {r.eiv_code !== null ? (
        <Text size="xs" data-testid="order-einvoice-code">
          {invoiceCodeText(t, r.eiv_code)}
        </Text>
      ) : null}
      {r.einvoice_job?.state === 'ISSUED' && r.einvoice_job.serial ? (
        <Text size="xs" data-testid="order-einvoice-serial">
          {/* D224: the six-character symbol, however the provider wrote it. */}
          {t('einvoice.auto.serial', { serial: serialText(r.einvoice_job.serial) })}
        </Text>
      ) : null}
    </Stack>
  ) : r.einvoice_job?.state === 'QUEUED' ? (
    // D248, D250: the sale service issues it (retrying while the provider is down).
    <Badge variant="light" color="blue.9" data-testid="order-einvoice-queued">
      {t('einvoice.auto.queued')}
    </Badge>
  ) : selectable(r) ? (
    <Stack gap={2} align="flex-start">
      {r.einvoice_job?.state === 'FAILED' ? (
        // The export below is the retry: the order id stays the provider's key (D178), never two invoices.
        <Badge variant="light" color="red.9" data-testid="order-einvoice-failed">
          {t('einvoice.auto.failed')}
        </Badge>
      ) : null}
      <RowButton kind="open" label={t('einvoice.exportLabel', { code: r.order_code })} onClick={() => onExport(r)}>
        {t('einvoice.export')}
      </RowButton>
    </Stack>
  ) : (
    t('einvoice.notExportable')
  );
}

/** The search and the status, e-invoice and source filters, each sent to the list as the user changes it. */
function OrderListFilters({ actor }: { actor: OrderListActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const filter = useSelector(actor, selectFilter);
  const statusOptions = [
    { value: 'all', label: t('list.allStatuses') },
    ...ORDER_STATUSES.map((s) => ({ value: String(s), label: t(`status.${s}`) })),
  ];
  const exportedOptions = [
    { value: 'all', label: t('list.allExported') },
    { value: '1', label: t('list.exported') },
    { value: '0', label: t('list.notExported') },
  ];
  const sourceOptions = [
    { value: 'all', label: t('list.allSources') },
    ...ORDER_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) })),
  ];

  return (
    <Group align="flex-end" wrap="wrap">
      <ListSearch
        actor={actor}
        field="q"
        label={t('list.search')}
        description={t('list.searchHint')}
        maxLength={ORDER_SEARCH_MAX}
        style={{ flex: '1 1 240px' }}
        data-testid="order-search"
      />
      <Select
        label={t('list.statusFilter')}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        data={statusOptions}
        value={filter.status === null ? 'all' : String(filter.status)}
        allowDeselect={false}
        onChange={(value) =>
          actor.send({
            type: 'FILTER.SET',
            filter: { status: value === null || value === 'all' ? null : (Number(value) as OrderStatus) },
          })
        }
        style={{ flex: '0 1 180px' }}
        data-testid="order-status-filter"
      />
      <Select
        label={t('list.exportedFilter')}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        data={exportedOptions}
        value={filter.exported === null ? 'all' : filter.exported ? '1' : '0'}
        allowDeselect={false}
        onChange={(value) => actor.send({ type: 'FILTER.SET', filter: { exported: value === '1' ? true : value === '0' ? false : null } })}
        style={{ flex: '0 1 180px' }}
        data-testid="order-exported-filter"
      />
      <Select
        label={t('list.sourceFilter')}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        data={sourceOptions}
        value={filter.source ?? 'all'}
        allowDeselect={false}
        onChange={(value) =>
          actor.send({ type: 'FILTER.SET', filter: { source: value === null || value === 'all' ? null : (value as OrderSource) } })
        }
        style={{ flex: '0 1 180px' }}
        data-testid="order-source-filter"
      />
    </Group>
  );
}

/** D288: the day's "paid but not invoiced" count, with a way to list them. */
function OrderTodayLine({ actor }: { actor: OrderListActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const today = useSelector(actor, selectToday);
  if (!today) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="order-today">
      <Text size="sm" data-testid="order-today-text">
        {t('list.today', { paid: today.paid, count: today.not_invoiced })}
      </Text>
      {today.not_invoiced > 0 ? (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => actor.send({ type: 'FILTER.SET', filter: { status: 0, exported: false } })}
          data-testid="order-today-show"
        >
          {t('list.todayShow')}
        </Button>
      ) : null}
    </Group>
  );
}
