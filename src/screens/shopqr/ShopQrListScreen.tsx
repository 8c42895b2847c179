import { useMemo } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { shopQrListMachine } from '../../machines/shopqr/shopQrList.machine';
import { SHOPQR_PAGE_SIZES, type ShopQrRow } from '../../services/shopqr/schemas';
import { DataTable, formatDateTime, formatVnd, type DataColumn } from '../shared/table';
import '../shared/table/styles';
import { DeleteShopQrModal } from './DeleteShopQrModal';
import { ShopQrDetailModal } from './ShopQrDetailModal';
import { serviceMessage } from './labels';
import { FailureAlert } from '../shared/FailureAlert';

export type ShopQrListActor = ActorRefFrom<typeof shopQrListMachine>;

// Dark shades: readable on the striped rows (WCAG AA contrast).
const TYPE_COLOURS = { STORE: 'blue.9', STAFF: 'teal.9', BILL: 'grape.9' } as const;

/** /payment (core §2): the ShopQR list with add, detail (QR) and delete. */
export function ShopQrListScreen({ actor, onDownload }: { actor: ShopQrListActor; onDownload: (blob: Blob, filename: string) => void }) {
  const { t } = useTranslation(['payment', 'errors', 'table']);
  const rows = useSelector(actor, (s) => s.context.rows);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const totalPage = useSelector(actor, (s) => s.context.totalPage);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const detailOf = useSelector(actor, (s) => s.context.detailOf);
  const detail = useSelector(actor, (s) => s.context.detail);
  const detailError = useSelector(actor, (s) => s.context.detailError);
  const deleting = useSelector(actor, (s) => s.context.deleting);
  const deleteError = useSelector(actor, (s) => s.context.deleteError);
  const deleteBusy = useSelector(actor, (s) => s.hasTag('deleting'));

  const columns = useMemo<DataColumn<ShopQrRow>[]>(
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
      { key: 'channel', header: t('columns.channel'), cell: (r) => (r.channel ? t(`channel.${r.channel}`, { defaultValue: r.channel }) : '') },
      { key: 'amount', header: t('columns.amount'), align: 'right', cell: (r) => (r.amount ? formatVnd(r.amount) : ''), minWidth: 110 },
      { key: 'created_at', header: t('columns.created_at'), cell: (r) => formatDateTime(r.created_at), minWidth: 150 },
      {
        key: 'actions',
        header: t('columns.actions'),
        cell: (r) => (
          <Group gap="xs" wrap="nowrap">
            <Button size="compact-sm" variant="light" aria-label={t('actions.detail', { va: r.va_account_no })} onClick={() => actor.send({ type: 'DETAIL.OPEN', row: r })}>
              {t('actions.detailShort')}
            </Button>
            <Button size="compact-sm" variant="outline" color="red.9" aria-label={t('actions.delete', { va: r.va_account_no })} onClick={() => actor.send({ type: 'DELETE.REQUEST', row: r })}>
              {t('actions.deleteShort')}
            </Button>
          </Group>
        ),
      },
    ],
    [actor, t],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button component={Link} to="/payment/add">
          {t('add')}
        </Button>
      </Group>
      {failed ? (
        <FailureAlert title={t('loadFailed')} message={serviceMessage(t, { code: errorCode ?? 'UNKNOWN_ERROR' })} retryLabel={t('retry')} onRetry={() => actor.send({ type: 'RETRY' })} />
      ) : null}
      <DataTable<ShopQrRow>
        label={t('tableLabel')}
        columns={columns}
        rows={failed ? [] : rows}
        getRowKey={(r) => String(r.channel_id)}
        loading={loading}
        paging={{
          page,
          totalPages: Math.max(1, totalPage),
          onPageChange: (next) => actor.send({ type: 'PAGE.SET', page: next }),
          pageSize,
          pageSizeOptions: SHOPQR_PAGE_SIZES,
          onPageSizeChange: (size) => actor.send({ type: 'PAGE_SIZE.SELECT', pageSize: size }),
        }}
        emptyText={t('empty')}
        resultText={t('resultCount', { page, pages: Math.max(1, totalPage) })}
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
      <DeleteShopQrModal
        row={deleting}
        busy={deleteBusy}
        errorCode={deleteError}
        onConfirm={() => actor.send({ type: 'DELETE.CONFIRM' })}
        onCancel={() => actor.send({ type: 'DELETE.CANCEL' })}
      />
    </Stack>
  );
}
