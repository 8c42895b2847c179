import { useCallback, useMemo } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { EDC_PAGE_SIZES, type EdcDevice, type EdcType } from '../../services/edc/schemas';
import { DataTable, type DataColumn } from '../shared/table';
import '../shared/table/styles';
import { ConnectionBadge } from './ConnectionBadge';
import { EdcDetail } from './EdcDetail';
import type { EdcListActor, EdcLogic } from './logic';
import { FailureAlert } from '../shared/FailureAlert';
import { errorMessageKey } from '../../services/errors';

export interface EdcScreenProps {
  actor: EdcListActor;
  logic: EdcLogic;
}

const TYPE_FILTER = ['all', 'pos', 'soundbox'] as const;
const toType = (value: string): EdcType | null => (value === 'pos' ? 1 : value === 'soundbox' ? 2 : null);
const fromType = (type: EdcType | null) => (type === 1 ? 'pos' : type === 2 ? 'soundbox' : 'all');

/** core §2 /edc: the paged card machine list with its detail dialog. */
export function EdcScreen({ actor, logic }: EdcScreenProps) {
  const { t } = useTranslation(['edc', 'errors']);
  const rows = useSelector(actor, (s) => s.context.rows);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const totalPage = useSelector(actor, (s) => s.context.totalPage);
  const type = useSelector(actor, (s) => s.context.type);
  const openSerial = useSelector(actor, (s) => s.context.openSerial);
  const code = useSelector(actor, (s) => s.context.errorCode);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const open = openSerial ? (rows.find((row) => row.serial_number === openSerial) ?? null) : null;

  const columns = useMemo<DataColumn<EdcDevice>[]>(
    () => [
      { key: 'type', header: t('columns.type'), cell: (row) => t(`type.${row.type_edc}`) },
      { key: 'serial', header: t('columns.serial'), rowHeader: true, cell: (row) => row.serial_number },
      { key: 'store', header: t('columns.store'), cell: (row) => row.store_name ?? t('noStore') },
      { key: 'shopqr', header: t('columns.shopqr'), cell: (row) => row.va_account_no ?? t('notIntegrated') },
      { key: 'status', header: t('columns.status'), cell: (row) => <ConnectionBadge status={row.status} /> },
      {
        key: 'actions',
        header: t('columns.actions'),
        cell: (row) => (
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'DETAIL.OPEN', serialNumber: row.serial_number })}>
            {t('openDetail', { serial: row.serial_number })}
          </Button>
        ),
      },
    ],
    [t, actor],
  );
  const refresh = useCallback(() => actor.send({ type: 'REFRESH' }), [actor]);
  const close = useCallback(() => actor.send({ type: 'DETAIL.CLOSE' }), [actor]);

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      <Group>
        <Stack gap={4} data-testid="edc-type-filter">
          <Text component="span" size="sm" fw={500} id="edc-type-filter">
            {t('filter.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="edc-type-filter"
            value={fromType(type)}
            data={TYPE_FILTER.map((value) => ({ value, label: t(`filter.${value}`) }))}
            onChange={(value) => actor.send({ type: 'TYPE.SET', edcType: toType(value) })}
          />
        </Stack>
      </Group>
      {failed ? (
        <FailureAlert title={t('loadFailed')} message={t(errorMessageKey(code ?? 'UNKNOWN_ERROR'))} retryLabel={t('retry')} onRetry={() => actor.send({ type: 'RETRY' })} />
      ) : null}
      <DataTable<EdcDevice>
        label={t('tableLabel')}
        columns={columns}
        rows={failed ? [] : rows}
        getRowKey={(row) => row.serial_number}
        loading={loading}
        paging={{
          page,
          totalPages: Math.max(1, totalPage),
          onPageChange: (next) => actor.send({ type: 'PAGE.SET', page: next }),
          pageSize,
          pageSizeOptions: EDC_PAGE_SIZES,
          onPageSizeChange: (size) => actor.send({ type: 'PAGE_SIZE.SELECT', pageSize: size }),
        }}
        resultText={t('resultCount', { count: rows.length, page, pages: Math.max(1, totalPage) })}
        testId="edc-table"
      />
      <EdcDetail device={open} logic={logic} onClose={close} onChanged={refresh} />
    </Stack>
  );
}
