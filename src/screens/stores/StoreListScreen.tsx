import { RowButton } from '../shared/list/RowButton';
import { useMemo } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectSort } from '../../machines/shared/list/selectors';
import type { storeListMachine } from '../../machines/stores/storeList.machine';

import { NO_DISTRICT, type Store, type StoreSort, type StoreSortField } from '../../services/stores/schemas';
import { AddressText } from '../shared/address/AddressText';
import { ListTable } from '../shared/list/ListTable';
import type { DataColumn, SortState } from '../shared/table/DataTable';
import { PAGE_SIZES } from '../../rules/listPaging';

export type StoreListActor = ActorRefFrom<typeof storeListMachine>;

/**
 * /store (core §2 Business info, §3 Store): the stores with name, code, tax code and address, sorted
 * by name or code on the service, deleted after a confirmation. Store texts are rendered as text.
 */
export function StoreListScreen({ actor, onAdd }: { actor: StoreListActor; onAdd: () => void }) {
  const { t } = useTranslation(['stores', 'errors']);
  const sort = useSelector(actor, selectSort<StoreSort | null>);

  const columns = useMemo<DataColumn<Store>[]>(
    () => [
      { key: 'name', header: t('list.columns.name'), cell: (r) => r.name, rowHeader: true, sortable: true },
      { key: 'code', header: t('list.columns.code'), cell: (r) => r.code, sortable: true },
      { key: 'taxNo', header: t('list.columns.taxNo'), cell: (r) => r.tax_no },
      {
        key: 'address',
        header: t('list.columns.address'),
        // A store with a district was saved on the list before 1 July 2025 (D239).
        cell: (r) => (
          <AddressText
            text={r.address}
            legacyProvinceCode={r.district_id !== NO_DISTRICT ? r.city_id : null}
            nowIn={(province) => t('list.nowIn', { province })}
          />
        ),
        minWidth: 240,
      },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowButton
            kind="delete"
            label={t('list.deleteLabel', { name: r.name })}
            onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}
          >
            {t('list.delete')}
          </RowButton>
        ),
      },
    ],
    [t, actor],
  );

  const sortState: SortState | null = sort ? { key: sort.field, direction: sort.order } : null;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button onClick={onAdd}>{t('list.add')}</Button>
      </Group>
      <ListTable<Store>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        sort={sortState}
        onSortChange={(next) =>
          actor.send({ type: 'SORT.SET', sort: next ? { field: next.key as StoreSortField, order: next.direction } : null })
        }
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.body', { name: r.name, code: r.code }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
        }}
        testId="store-table"
      />
    </Stack>
  );
}
