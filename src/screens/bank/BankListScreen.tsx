import { useMemo } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { BANK_PAGE_SIZE_OPTIONS, type bankListMachine } from '../../machines/bank/bankList.machine';
import { errorMessageKey } from '../../services/errors';
import type { BankAccount, BankOption } from '../../services/bank/schemas';
import { DataTable, type DataColumn } from '../shared/table';
import '../shared/table/styles';
import { VerifyQrModal, type BankVerifyActor } from './VerifyQrModal';
import { FailureAlert } from '../shared/FailureAlert';

export type BankListActor = ActorRefFrom<typeof bankListMachine>;

const bankName = (banks: readonly BankOption[], code: string) => banks.find((b) => b.bank_code === code)?.short_name ?? code;

/** /bank (core §2): the linked accounts with delete and verify-by-QR, from the bankList machine. */
export function BankListScreen({ actor, onAdd }: { actor: BankListActor; onAdd: () => void }) {
  const { t } = useTranslation(['bank', 'errors']);
  const rows = useSelector(actor, (s) => s.context.rows);
  const banks = useSelector(actor, (s) => s.context.banks);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const totalPage = useSelector(actor, (s) => s.context.totalPage);
  const target = useSelector(actor, (s) => s.context.target);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const deleting = useSelector(actor, (s) => s.hasTag('deleting'));
  const verify = useSelector(actor, (s) => s.children.verify as BankVerifyActor | undefined);

  const columns = useMemo<DataColumn<BankAccount>[]>(
    () => [
      { key: 'account', header: t('list.columns.account'), cell: (r) => r.name, rowHeader: true },
      { key: 'bank', header: t('list.columns.bank'), cell: (r) => bankName(banks, r.bank_code) },
      { key: 'holder', header: t('list.columns.holder'), cell: (r) => r.holder_name },
      { key: 'phone', header: t('list.columns.phone'), cell: (r) => r.phone },
      {
        key: 'status',
        header: t('list.columns.status'),
        cell: (r) => (
          <Badge color={r.is_internal_transfer ? 'blue' : 'gray'} variant="light" data-testid="bank-status">
            {r.is_internal_transfer ? t('list.verified') : t('list.unverified')}
          </Badge>
        ),
      },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              disabled={r.is_internal_transfer}
              aria-label={t('list.verifyLabel', { account: r.name })}
              onClick={() => actor.send({ type: 'VERIFY.START', account: r })}
            >
              {t('list.verify')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={t('list.deleteLabel', { account: r.name })}
              onClick={() => actor.send({ type: 'DELETE.ASK', account: r })}
            >
              {t('list.delete')}
            </Button>
          </Group>
        ),
      },
    ],
    [t, banks, actor],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Button onClick={onAdd}>{t('list.add')}</Button>
      </Group>
      {failed ? (
        <FailureAlert
          title={t('list.loadFailed')}
          message={t(errorMessageKey(errorCode))}
          retryLabel={t('list.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      <DataTable<BankAccount>
        label={t('list.tableLabel')}
        columns={columns}
        rows={failed ? [] : rows}
        getRowKey={(r) => String(r.id)}
        loading={loading}
        emptyText={t('list.empty')}
        resultText={t('list.resultCount', { count: rows.length, page, pages: Math.max(1, totalPage) })}
        paging={{
          page,
          totalPages: Math.max(1, totalPage),
          onPageChange: (next) => actor.send({ type: 'PAGE.SET', page: next }),
          pageSize,
          pageSizeOptions: BANK_PAGE_SIZE_OPTIONS,
          onPageSizeChange: (size) => actor.send({ type: 'PAGE_SIZE.SELECT', pageSize: size }),
        }}
        testId="bank-table"
      />
      <Modal
        opened={confirming || deleting}
        onClose={() => actor.send({ type: 'DELETE.CANCEL' })}
        title={t('delete.title')}
        centered
        closeButtonProps={{ 'aria-label': t('delete.cancel') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('delete.body', { account: target?.name ?? '', bank: target ? bankName(banks, target.bank_code) : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'DELETE.CANCEL' })} disabled={deleting}>
              {t('delete.cancel')}
            </Button>
            <Button color="red" onClick={() => actor.send({ type: 'DELETE.CONFIRM' })} loading={deleting}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {verify ? <VerifyQrModal actor={verify} banks={banks} /> : null}
    </Stack>
  );
}
