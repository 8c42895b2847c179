import { useMemo } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { subMerchantListMachine } from '../../machines/merchants/subMerchantList.machine';
import type { SubMerchant } from '../../services/merchants/schemas';
import { ListTable } from '../shared/list/ListTable';
import type { DataColumn } from '../shared/table/DataTable';
import { formatDateTime } from '../shared/table/format';
import { PAGE_SIZES } from '../../rules/listPaging';

export type SubMerchantListActor = ActorRefFrom<typeof subMerchantListMachine>;

/** /master-merchant (core §2 Shell, D100): the sub-merchants, newest first, paged, with a link to a new record. */
export function SubMerchantListScreen({ actor, newHref }: { actor: SubMerchantListActor; newHref: string }) {
  const { t } = useTranslation(['merchants', 'errors']);
  const columns = useMemo<DataColumn<SubMerchant>[]>(
    () => [
      { key: 'merchant_id', header: t('columns.merchant_id'), cell: (r) => r.merchant_id },
      { key: 'name', header: t('columns.name'), rowHeader: true, cell: (r) => r.name, minWidth: 180 },
      { key: 'tax_no', header: t('columns.tax_no'), cell: (r) => r.tax_no, minWidth: 140 },
      { key: 'address', header: t('columns.address'), cell: (r) => r.address, minWidth: 200 },
      { key: 'phone', header: t('columns.phone'), cell: (r) => r.phone },
      { key: 'created_at', header: t('columns.created_at'), cell: (r) => formatDateTime(r.created_at), minWidth: 150 },
    ],
    [t],
  );
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button component={Link} to={newHref}>
          {t('list.new')}
        </Button>
      </Group>
      <Text>{t('list.intro')}</Text>
      <ListTable<SubMerchant>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        testId="sub-merchant-table"
      />
    </Stack>
  );
}
