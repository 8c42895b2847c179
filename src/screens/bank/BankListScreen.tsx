import { RowActions, RowButton } from '../shared/list/RowButton';
import { useMemo } from 'react';
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { bankListMachine } from '../../machines/bank/bankList.machine';
import type { BankAccount, BankOption } from '../../services/bank/schemas';
import { ListTable } from '../shared/list/ListTable';
import { OwnerOnlyNote } from '../shared/OwnerOnlyNote';
import type { DataColumn } from '../shared/table/DataTable';
import { VerifyQrModal, type BankVerifyActor } from './VerifyQrModal';
import { PAGE_SIZES } from '../../rules/listPaging';

export type BankListActor = ActorRefFrom<typeof bankListMachine>;

const bankName = (banks: readonly BankOption[], code: string) => banks.find((b) => b.bank_code === code)?.short_name ?? code;

/**
 * /bank (core §2): the linked accounts with delete and verify-by-QR, from the bankList machine.
 * `banks` names the bank codes (the cached lookup; codes are shown until it arrives).
 */
export function BankListScreen({
  actor,
  banks,
  onAdd,
  canManage = true,
}: {
  actor: BankListActor;
  banks: readonly BankOption[];
  onAdd: () => void;
  /** D87: false for a staff-type user: no add or delete, the note says why (verify-by-QR stays: the holder confirms in the bank's app). */
  canManage?: boolean;
}) {
  const { t } = useTranslation(['bank', 'errors']);
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
          <RowActions>
            <RowButton
              kind="open"
              label={t('list.verifyLabel', { account: r.name })}
              disabled={r.is_internal_transfer}
              onClick={() => actor.send({ type: 'VERIFY.START', account: r })}
            >
              {t('list.verify')}
            </RowButton>
            {canManage ? (
              <RowButton
                kind="delete"
                label={t('list.deleteLabel', { account: r.name })}
                onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}
              >
                {t('list.delete')}
              </RowButton>
            ) : null}
          </RowActions>
        ),
      },
    ],
    [t, banks, actor, canManage],
  );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {canManage ? <Button onClick={onAdd}>{t('list.add')}</Button> : null}
      </Group>
      {canManage ? null : <OwnerOnlyNote />}
      <ListTable<BankAccount>
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
          body: (r) => t('delete.body', { account: r.name, bank: bankName(banks, r.bank_code) }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
        }}
        testId="bank-table"
      />
      {verify ? <VerifyQrModal actor={verify} banks={banks} /> : null}
    </Stack>
  );
}
