import { useMemo } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { customerListMachine } from '../../machines/customers/customerList.machine';
import { CUSTOMER_SEARCH_MAX_LENGTH } from '../../rules/customers/customer';

import type { Customer } from '../../services/customers/schemas';
import { ListTable } from '../shared/list/ListTable';
import { ListSearch } from '../shared/list/ListSearch';
import { AddressText } from '../shared/address/AddressText';
import { RowButton } from '../shared/list/RowButton';
import { formatNumber, formatVnd } from '../shared/table/format';
import type { DataColumn } from '../shared/table/DataTable';
import { PAGE_SIZES } from '../../rules/listPaging';

export type CustomerListActor = ActorRefFrom<typeof customerListMachine>;

/**
 * /sale-customer (doc 2 §2, §3 Customer): code, name, phone, address, points (read-only; 1 point =
 * 1 VND), total spending and orders, with an edit link per row. The search box sends what is typed;
 * the machine applies it 800 ms after the last key or on Enter. Customer texts are rendered as text.
 */
export function CustomerListScreen({
  actor,
  onAdd,
  editPath,
}: {
  actor: CustomerListActor;
  onAdd: () => void;
  editPath: (customer: Customer) => string;
}) {
  const { t } = useTranslation(['customers', 'errors']);

  const columns = useMemo<DataColumn<Customer>[]>(
    () => [
      { key: 'code', header: t('list.columns.code'), cell: (r) => r.code },
      { key: 'name', header: t('list.columns.name'), cell: (r) => r.name, rowHeader: true, minWidth: 160 },
      { key: 'phone', header: t('list.columns.phone'), cell: (r) => r.phone_number },
      {
        key: 'address',
        header: t('list.columns.address'),
        // A customer with a district code was saved on the list before 1 July 2025 (D239).
        cell: (r) =>
          r.full_address ? (
            <AddressText
              text={r.full_address}
              legacyProvinceCode={r.district_code !== '' ? r.province_code : null}
              nowIn={(province) => t('list.nowIn', { province })}
            />
          ) : (
            t('list.noAddress')
          ),
        minWidth: 220,
      },
      { key: 'point', header: t('list.columns.point'), cell: (r) => formatNumber(r.point), align: 'right' },
      { key: 'spending', header: t('list.columns.spending'), cell: (r) => formatVnd(r.total_spending), align: 'right' },
      { key: 'orders', header: t('list.columns.orders'), cell: (r) => formatNumber(r.total_orders), align: 'right' },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowButton kind="edit" label={t('list.editLabel', { name: r.name })} to={editPath(r)}>
            {t('list.edit')}
          </RowButton>
        ),
      },
    ],
    [t, editPath],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button onClick={onAdd}>{t('list.add')}</Button>
      </Group>
      <ListSearch
        actor={actor}
        field="q"
        label={t('list.searchLabel')}
        description={t('list.searchHint')}
        maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
        maw={420}
        data-testid="customer-search"
      />
      <ListTable<Customer>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        testId="customer-table"
      />
    </Stack>
  );
}
