import { useMemo } from 'react';
import { Badge, Group, Select, Stack, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectStatusFilter, type payLinkListMachine } from '../../machines/paylink/payLinkList.machine';
import { isLinkStatus, LINK_STATUS_FILTERS } from '../../machines/paylink/rules/linkListUrl';
import { ORDER_ID_MAX_LENGTH } from '../../machines/paylink/rules/payLink';
import { selectPage, selectPageSize } from '../../machines/shared/list/selectors';
import type { LinkStatus, PaymentLink } from '../../services/checkout';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { ListTable } from '../shared/list/ListTable';
import { ListSearch } from '../shared/list/ListSearch';
import type { DataColumn } from '../shared/table/DataTable';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { PAGE_SIZES } from '../../rules/listPaging';

export type PayLinkListActor = ActorRefFrom<typeof payLinkListMachine>;

// Text and background pairs above 4.5:1 (WCAG AA), as the other lists' status badges.
const STATUS_STYLE: Record<LinkStatus, { backgroundColor: string; color: string }> = {
  OPEN: { backgroundColor: '#e7f5ff', color: '#1c5d99' },
  PAID: { backgroundColor: '#ebfbee', color: '#1f6b30' },
  EXPIRED: { backgroundColor: '#f1f3f5', color: '#495057' },
};

const ALL = 'ALL';

/** The links made (beyond doc 2; D158): order id, amount, state, made, valid until, paid; state filter and order search. */
export function LinkListScreen({ actor }: { actor: PayLinkListActor }) {
  const { t } = useTranslation('paylink');
  const status = useSelector(actor, selectStatusFilter);
  const page = useSelector(actor, selectPage);
  const pageSize = useSelector(actor, selectPageSize);

  const columns = useMemo<DataColumn<PaymentLink>[]>(
    () => [
      { key: 'index', header: t('list.columns.index'), cell: (_r, i) => (page - 1) * pageSize + i + 1, align: 'right' },
      { key: 'order', header: t('list.columns.order'), cell: (r) => r.order_id, rowHeader: true },
      { key: 'amount', header: t('list.columns.amount'), cell: (r) => formatVnd(r.amount), align: 'right' },
      {
        key: 'status',
        header: t('list.columns.status'),
        cell: (r) => (
          <Badge radius="sm" styles={{ root: { ...STATUS_STYLE[r.status], border: 'none' } }} data-testid="paylink-row-status">
            {t(`status.${r.status}`)}
          </Badge>
        ),
      },
      { key: 'created', header: t('list.columns.created'), cell: (r) => formatDateTime(r.created_at), minWidth: 170 },
      { key: 'expires', header: t('list.columns.expires'), cell: (r) => formatDateTime(r.expires_at), minWidth: 170 },
      {
        key: 'paid',
        header: t('list.columns.paid'),
        cell: (r) => (r.paid_at ? `${formatDateTime(r.paid_at)}${r.method ? ` · ${t(`method.${r.method}`)}` : ''}` : ''),
        minWidth: 170,
      },
    ],
    [t, page, pageSize],
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('list.title')}
      </Title>
      <Group align="flex-end" wrap="wrap" gap="md">
        <ListSearch
          actor={actor}
          field="q"
          label={t('list.searchLabel')}
          maxLength={ORDER_ID_MAX_LENGTH}
          w={280}
          maw="100%"
          data-testid="paylink-search"
        />
        <Select
          label={t('list.statusLabel')}
          data={[{ value: ALL, label: t('status.ALL') }, ...LINK_STATUS_FILTERS.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          value={status ?? ALL}
          allowDeselect={false}
          onChange={(value) => actor.send({ type: 'STATUS.SELECT', status: isLinkStatus(value) ? value : null })}
          w={200}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          data-testid="paylink-status-filter"
        />
      </Group>
      <ListTable<PaymentLink>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('retry')}
        testId="paylink-table"
      />
    </Stack>
  );
}
