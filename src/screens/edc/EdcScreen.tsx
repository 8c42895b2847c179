import { useCallback, useMemo } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { openDevice, type EdcFilter } from '../../machines/edc/edcList.machine';
import { selectFilter } from '../../machines/shared/list/selectors';
import type { EdcDevice, EdcType } from '../../services/edc/schemas';
import { ListTable } from '../shared/list/ListTable';
import { OwnerOnlyNote } from '../shared/OwnerOnlyNote';
import type { DataColumn } from '../shared/table/DataTable';
import type { EdcListActor } from './actors';
import { ConnectionBadge } from './ConnectionBadge';
import { EdcDetail } from './EdcDetail';
import { PAGE_SIZES } from '../../rules/listPaging';

export interface EdcScreenProps {
  actor: EdcListActor;
  /** D87: false for a staff-type user: details and connection checks, no integrate or activate; the note says why. */
  canManage?: boolean;
}

const TYPE_FILTER = ['all', 'pos', 'soundbox'] as const;
const toType = (value: string): EdcType | null => (value === 'pos' ? 1 : value === 'soundbox' ? 2 : null);
const fromType = (type: EdcType | null) => (type === 1 ? 'pos' : type === 2 ? 'soundbox' : 'all');

/** core §2 /edc: the paged card machine list with its detail dialog. */
export function EdcScreen({ actor, canManage = true }: EdcScreenProps) {
  const { t } = useTranslation(['edc', 'errors']);
  const filter = useSelector(actor, selectFilter<EdcFilter>);
  const open = useSelector(actor, (s) => (s.hasTag('detailOpen') ? openDevice(s.context) : null));

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
  const close = useCallback(() => actor.send({ type: 'DETAIL.CLOSE' }), [actor]);

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>
      {canManage ? null : <OwnerOnlyNote />}
      <Group>
        <Stack gap={4} data-testid="edc-type-filter">
          <Text component="span" size="sm" fw={500} id="edc-type-filter">
            {t('filter.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="edc-type-filter"
            value={fromType(filter.type)}
            data={TYPE_FILTER.map((value) => ({ value, label: t(`filter.${value}`) }))}
            onChange={(value) => actor.send({ type: 'FILTER.SET', filter: { type: toType(value) } })}
          />
        </Stack>
      </Group>
      <ListTable<EdcDevice>
        actor={actor}
        label={t('tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        resultText={(info) => t('resultCount', info)}
        failedTitle={t('loadFailed')}
        retryLabel={t('retry')}
        testId="edc-table"
      />
      <EdcDetail device={open} actor={actor} onClose={close} canManage={canManage} />
    </Stack>
  );
}
