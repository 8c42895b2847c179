import { RowActions, RowButton } from '../shared/list/RowButton';
import { useMemo } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { shopQrListMachine } from '../../machines/shopqr/shopQrList.machine';
import type { ShopQrRow } from '../../services/shopqr/schemas';
import { OwnerOnlyNote } from '../shared/OwnerOnlyNote';
import { ListTable } from '../shared/list/ListTable';
import type { DataColumn } from '../shared/table/DataTable';
import { formatDateTime, formatVnd } from '../shared/table/format';
import { ShopQrDetailModal } from './ShopQrDetailModal';
import { serviceMessage } from './labels';
import { PAGE_SIZES } from '../../rules/listPaging';

export type ShopQrListActor = ActorRefFrom<typeof shopQrListMachine>;

// Dark shades: readable on the striped rows (WCAG AA contrast).
const TYPE_COLOURS = { STORE: 'blue.9', STAFF: 'teal.9', BILL: 'grape.9' } as const;

/** /payment (core §2): the ShopQR list with add, detail (QR) and delete. */
export function ShopQrListScreen({
  actor,
  addHref,
  onDownload,
  canManage = true,
}: {
  actor: ShopQrListActor;
  /** The add form's address (from the route's paths). */
  addHref: string;
  onDownload: (blob: Blob, filename: string) => void;
  /** D87: false for a staff-type user: no add or delete, the note says why (details and QR stay). */
  canManage?: boolean;
}) {
  const { t } = useTranslation(['shopqr', 'errors', 'table']);
  const detailOf = useSelector(actor, (s) => s.context.detailOf);
  const detail = useSelector(actor, (s) => s.context.detail);
  const detailError = useSelector(actor, (s) => s.context.detailError);

  const columns = useShopQrColumns(actor, t, canManage);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {canManage ? (
          <Button component={Link} to={addHref}>
            {t('add')}
          </Button>
        ) : null}
      </Group>
      {canManage ? null : <OwnerOnlyNote />}
      <ListTable<ShopQrRow>
        actor={actor}
        label={t('tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('empty')}
        resultText={(info) => t('resultCount', info)}
        failedTitle={t('loadFailed')}
        failedMessage={(code) => serviceMessage(t, { code: code ?? 'UNKNOWN_ERROR' })}
        retryLabel={t('retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.question', { va: r.va_account_no }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
          closeLabel: t('detail.close'),
          failedTitle: t('delete.failedTitle'),
          failedMessage: (code) => serviceMessage(t, { code }),
          failedTestId: 'shopqr-delete-error',
        }}
        testId="shopqr-table"
      />
      <ShopQrDetailModal
        row={detailOf}
        detail={detail}
        errorCode={detailError}
        onRetry={() => actor.send({ type: 'DETAIL.RETRY' })}
        onClose={() => actor.send({ type: 'DETAIL.CLOSE' })}
        onDownload={onDownload}
      />
    </Stack>
  );
}

/** The table's columns; delete only for those who manage the codes (D87). */
function useShopQrColumns(actor: ShopQrListActor, t: TFunction, canManage: boolean) {
  return useMemo<DataColumn<ShopQrRow>[]>(
    () => [
      { key: 'va_account_no', header: t('columns.va_account_no'), rowHeader: true, cell: (r) => r.va_account_no, minWidth: 190 },
      {
        key: 'va_type',
        header: t('columns.va_type'),
        cell: (r) => (
          <Text size="sm" fw={600} c={TYPE_COLOURS[r.va_type]} data-va-type={r.va_type}>
            {t(`type.${r.va_type}`)}
          </Text>
        ),
      },
      { key: 'bank_account_no', header: t('columns.bank_account_no'), cell: (r) => r.bank_account_no },
      { key: 'holder_name', header: t('columns.holder_name'), cell: (r) => r.holder_name ?? '', minWidth: 140 },
      { key: 'store_name', header: t('columns.store_name'), cell: (r) => r.store_name ?? '', minWidth: 150 },
      { key: 'staff', header: t('columns.staff'), cell: (r) => [r.staff_id, r.staff_name].filter(Boolean).join(' – '), minWidth: 170 },
      {
        key: 'channel',
        header: t('columns.channel'),
        cell: (r) => (r.channel ? t(`channel.${r.channel}`, { defaultValue: r.channel }) : ''),
      },
      { key: 'amount', header: t('columns.amount'), align: 'right', cell: (r) => (r.amount ? formatVnd(r.amount) : ''), minWidth: 110 },
      { key: 'created_at', header: t('columns.created_at'), cell: (r) => formatDateTime(r.created_at), minWidth: 150 },
      {
        key: 'actions',
        header: t('columns.actions'),
        cell: (r) => (
          <RowActions>
            <RowButton
              kind="open"
              label={t('actions.detail', { va: r.va_account_no })}
              onClick={() => actor.send({ type: 'DETAIL.OPEN', row: r })}
            >
              {t('actions.detailShort')}
            </RowButton>
            {canManage ? (
              <RowButton
                kind="delete"
                label={t('actions.delete', { va: r.va_account_no })}
                onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}
              >
                {t('actions.deleteShort')}
              </RowButton>
            ) : null}
          </RowActions>
        ),
      },
    ],
    [actor, t, canManage],
  );
}
