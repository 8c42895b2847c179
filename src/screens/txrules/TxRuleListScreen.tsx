import { useMemo } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectSyncing } from '../../machines/txrules/selectors';
import type { txRuleListMachine } from '../../machines/txrules/txRuleList.machine';
import { errorMessageKey } from '../../services/errors';
import type { TxRule } from '../../services/txrules/schemas';
import { ListTable } from '../shared/list/ListTable';
import { RowActions, RowButton } from '../shared/list/RowButton';
import type { DataColumn } from '../shared/table/DataTable';
import { Logo } from './Logo';
import { PAGE_SIZES } from '../../rules/listPaging';

export type TxRuleListActor = ActorRefFrom<typeof txRuleListMachine>;

/**
 * /setting-tx (doc 2 §2, §3 Transaction rule): the rules with the spec's columns — store name, rule
 * name, card brand logo, issuing-bank logos, processing-bank logo — and whether each is applied;
 * add, edit, delete after a confirmation, and "apply to card machines" (POST /metadata/rule/sync).
 */
export function TxRuleListScreen({
  actor,
  addHref,
  editHref,
}: {
  actor: TxRuleListActor;
  addHref: string;
  editHref: (id: number) => string;
}) {
  const { t } = useTranslation(['txrules', 'errors', 'table']);
  const syncing = useSelector(actor, selectSyncing);

  const columns = useTxRuleColumns(actor, editHref);

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('list.intro')}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={() => actor.send({ type: 'SYNC' })} loading={syncing} data-testid="txrules-sync">
            {syncing ? t('list.syncing') : t('list.sync')}
          </Button>
          <Button component={Link} to={addHref} data-testid="txrules-add">
            {t('list.add')}
          </Button>
        </Group>
      </Group>
      <ListTable<TxRule>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        failedMessage={(code) => t(errorMessageKey(code ?? 'UNKNOWN_ERROR'))}
        retryLabel={t('list.retry')}
        deleteDialog={{
          title: t('delete.title'),
          body: (r) => t('delete.body', { name: r.display_name, store: r.store_name }),
          confirmLabel: t('delete.confirm'),
          cancelLabel: t('delete.cancel'),
          closeLabel: t('delete.close'),
        }}
        testId="txrules-table"
      />
    </Stack>
  );
}

/** The spec's columns (doc 2 §3 Transaction rule), whether the rule is applied, edit and delete. */
function useTxRuleColumns(actor: TxRuleListActor, editHref: (id: number) => string): DataColumn<TxRule>[] {
  const { t } = useTranslation(['txrules', 'errors', 'table']);
  return useMemo<DataColumn<TxRule>[]>(
    () => [
      { key: 'store', header: t('list.columns.store'), cell: (r) => r.store_name, minWidth: 170 },
      { key: 'rule', header: t('list.columns.rule'), rowHeader: true, cell: (r) => r.display_name, minWidth: 130 },
      {
        key: 'card',
        header: t('list.columns.card'),
        cell: (r) => <Logo src={r.logo.card_branch} name={r.card_branch} alt={t('list.logoAlt', { name: r.card_branch })} />,
        minWidth: 100,
      },
      {
        key: 'issuers',
        header: t('list.columns.issuers'),
        cell: (r) => (
          <Group gap={4} wrap="wrap">
            {r.issuer.map((name, i) => (
              <Logo key={name} src={r.logo.issuer[i]} name={name} alt={t('list.logoAlt', { name })} />
            ))}
          </Group>
        ),
        minWidth: 200,
      },
      {
        key: 'acquirer',
        header: t('list.columns.acquirer'),
        cell: (r) => <Logo src={r.logo.acquirer} name={r.acquirer} alt={t('list.logoAlt', { name: r.acquirer })} />,
        minWidth: 110,
      },
      {
        key: 'state',
        header: t('list.columns.state'),
        cell: (r) =>
          r.synced_at === null ? (
            <Badge color="yellow" variant="light" c="dark.8">
              {t('list.pending')}
            </Badge>
          ) : (
            <Badge color="green" variant="light" c="dark.8">
              {t('list.synced')}
            </Badge>
          ),
        minWidth: 120,
      },
      {
        key: 'actions',
        header: t('list.columns.actions'),
        cell: (r) => (
          <RowActions>
            <RowButton kind="edit" label={t('list.editLabel', { name: r.display_name })} to={editHref(r.id)}>
              {t('list.edit')}
            </RowButton>
            <RowButton
              kind="delete"
              label={t('list.deleteLabel', { name: r.display_name })}
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
}
