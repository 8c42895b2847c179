import { useMemo } from 'react';
import { Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { attendanceListMachine } from '../../machines/attendance/attendanceList.machine';

import { selectPage, selectPageSize } from '../../machines/shared/list/selectors';
import type { Attendance } from '../../services/attendance/schemas';
import { ListTable } from '../shared/list/ListTable';
import { RowButton } from '../shared/list/RowButton';
import type { DataColumn } from '../shared/table/DataTable';
import { formatDateTime } from '../shared/table/format';
import { PAGE_SIZES } from '../../rules/listPaging';

export type AttendanceListActor = ActorRefFrom<typeof attendanceListMachine>;

const coordinate = (value: number) => value.toFixed(6);

/**
 * The check-in list (doc 2 §2 "attendance list", §3 Attendance record): index, card id, card number
 * (masked by the service), date-time, latitude, longitude, serial number; delete after a confirmation.
 */
export function AttendanceListScreen({ actor }: { actor: AttendanceListActor }) {
  const { t } = useTranslation('attendance');
  const page = useSelector(actor, selectPage);
  const pageSize = useSelector(actor, selectPageSize);

  const columns = useMemo<DataColumn<Attendance>[]>(
    () => [
      { key: 'index', header: t('list.columns.index'), cell: (_r, i) => (page - 1) * pageSize + i + 1, align: 'right' },
      { key: 'card_id', header: t('list.columns.cardId'), cell: (r) => r.card_id, rowHeader: true },
      { key: 'card_number', header: t('list.columns.cardNumber'), cell: (r) => r.card_number, minWidth: 170 },
      { key: 'created_at', header: t('list.columns.time'), cell: (r) => formatDateTime(r.created_at), minWidth: 170 },
      { key: 'latitude', header: t('list.columns.latitude'), cell: (r) => coordinate(r.latitude), align: 'right' },
      { key: 'longitude', header: t('list.columns.longitude'), cell: (r) => coordinate(r.longitude), align: 'right' },
      { key: 'serial_number', header: t('list.columns.serial'), cell: (r) => r.serial_number },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowButton
            kind="delete"
            label={t('list.deleteLabel', { card: r.card_id, time: formatDateTime(r.created_at) })}
            onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}
          >
            {t('list.delete')}
          </RowButton>
        ),
      },
    ],
    [t, actor, page, pageSize],
  );

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('list.title')}
      </Title>
      <ListTable<Attendance>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.body', { card: r.card_id, time: formatDateTime(r.created_at) }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
        }}
        testId="attendance-table"
      />
    </Stack>
  );
}
