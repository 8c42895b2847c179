import { RowActions, RowButton } from '../shared/list/RowButton';
import { useMemo } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { staffListMachine } from '../../machines/staff/staffList.machine';
import type { StaffRow } from '../../services/staff/schemas';
import { ListTable } from '../shared/list/ListTable';
import type { DataColumn } from '../shared/table/DataTable';
import { serviceMessage } from './labels';
import { PAGE_SIZES } from '../../rules/listPaging';

export type StaffListActor = ActorRefFrom<typeof staffListMachine>;

/** /staff (core §2 Business info): the staff list with add, edit and delete. Every value is rendered as text. */
export function StaffListScreen({
  actor,
  addHref,
  editHref,
}: {
  actor: StaffListActor;
  /** The add form's address (from the route's paths). */
  addHref: string;
  /** The edit form's address for a row. */
  editHref: (id: number) => string;
}) {
  const { t } = useTranslation(['staff', 'errors', 'table']);

  const columns = useMemo<DataColumn<StaffRow>[]>(
    () => [
      { key: 'staff_id', header: t('list.columns.staffId'), rowHeader: true, cell: (r) => r.staff_id, minWidth: 100 },
      { key: 'full_name', header: t('list.columns.fullName'), cell: (r) => r.full_name, minWidth: 170 },
      { key: 'phone', header: t('list.columns.phone'), cell: (r) => r.phone, minWidth: 120 },
      { key: 'email', header: t('list.columns.email'), cell: (r) => r.email, minWidth: 200 },
      { key: 'store', header: t('list.columns.store'), cell: (r) => r.store_name ?? '', minWidth: 160 },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowActions>
            <RowButton kind="edit" label={t('list.editLabel', { name: r.full_name, id: r.staff_id })} to={editHref(r.id)}>
              {t('list.edit')}
            </RowButton>
            <RowButton
              kind="delete"
              label={t('list.deleteLabel', { name: r.full_name, id: r.staff_id })}
              onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}
            >
              {t('list.delete')}
            </RowButton>
          </RowActions>
        ),
      },
    ],
    [actor, editHref, t],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button component={Link} to={addHref}>
          {t('list.add')}
        </Button>
      </Group>
      <ListTable<StaffRow>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        failedMessage={(code) => serviceMessage(t, { code: code ?? 'UNKNOWN_ERROR' })}
        retryLabel={t('list.retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.body', { name: r.full_name, id: r.staff_id }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
          closeLabel: t('delete.close'),
        }}
        testId="staff-table"
      />
    </Stack>
  );
}
