import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { auditExportMachine } from '../../machines/audit/auditExport.machine';
import { selectExportBusy, selectExportPercent } from '../../machines/audit/auditExport.machine';
import { selectUsers, selectUsersFailed, type auditListMachine } from '../../machines/audit/auditList.machine';
import { selectFilter } from '../../machines/shared/list/selectors';
import { AUDIT_ACTIONS, auditActionKey, changedFields, type AuditAction, type AuditValue } from '../../rules/audit';
import { PAGE_SIZES } from '../../rules/listPaging';
import type { AuditEntry, AuditFilter } from '../../services/audit/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { ListTable } from '../shared/list/ListTable';
import type { DataColumn } from '../shared/table/DataTable';
import { DaysFilter } from '../shared/table/DaysFilter';
import { formatDateTime } from '../shared/table/format';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';

export type AuditListActor = ActorRefFrom<typeof auditListMachine>;
export type AuditExportActor = ActorRefFrom<typeof auditExportMachine>;

/** A value as the row shows it: yes/no in the user's language, an empty one said so. */
function shown(t: TFunction, value: AuditValue | undefined): string {
  if (value === true) return t('yes');
  if (value === false) return t('no');
  if (value === null || value === undefined || value === '') return t('list.emptyValue');
  return String(value);
}

/** The row's readable change (D300): one line per field whose value differs, "field: before → after". */
function ChangeCell({ entry, t }: { entry: AuditEntry; t: TFunction }) {
  const fields = changedFields(entry.before, entry.after);
  if (fields.length === 0) return <Text size="sm">{t('list.noChange')}</Text>;
  return (
    <Stack gap={2}>
      {fields.map((f) => {
        const label = t(`field.${f}`, { defaultValue: f });
        const before = entry.before ? shown(t, entry.before[f]) : null;
        const after = entry.after ? shown(t, entry.after[f]) : null;
        return (
          <Text key={f} size="sm" data-testid="audit-change">
            <Text span fw={500}>
              {label}:
            </Text>{' '}
            {before !== null && after !== null ? `${before} → ${after}` : (after ?? before)}
          </Text>
        );
      })}
    </Stack>
  );
}

function useColumns(t: TFunction): DataColumn<AuditEntry>[] {
  return useMemo(
    () => [
      { key: 'at', header: t('list.columns.time'), cell: (r) => formatDateTime(r.at), minWidth: 160, rowHeader: true },
      {
        key: 'who',
        header: t('list.columns.who'),
        cell: (r) => `${r.user_name} (${t(`role.${r.user_role}`, { defaultValue: r.user_role })})`,
        minWidth: 160,
      },
      { key: 'store', header: t('list.columns.store'), cell: (r) => r.store_name ?? t('list.noStore'), minWidth: 140 },
      {
        key: 'action',
        header: t('list.columns.action'),
        cell: (r) => t(`action.${auditActionKey(r.action)}`, { defaultValue: r.action }),
        minWidth: 180,
      },
      {
        key: 'target',
        header: t('list.columns.target'),
        cell: (r) => `${t(`target.${r.target_type}`, { defaultValue: r.target_type })} #${r.target_id}`,
        minWidth: 160,
      },
      { key: 'change', header: t('list.columns.change'), cell: (r) => <ChangeCell entry={r} t={t} />, minWidth: 260 },
    ],
    [t],
  );
}

function ExportButton({ exporter, filter }: { exporter: AuditExportActor; filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  const busy = useSelector(exporter, selectExportBusy);
  const percent = useSelector(exporter, selectExportPercent);
  return (
    <Button
      variant="light"
      disabled={busy}
      aria-busy={busy}
      onClick={() => exporter.send({ type: 'EXPORT', filter })}
      data-testid="audit-export"
    >
      {busy ? (percent === null ? t('export.busyUnknown') : t('export.busy', { percent: `${percent}%` })) : t('export.button')}
    </Button>
  );
}

function AuditFilters({ actor, stores, storesLoading }: { actor: AuditListActor; stores: readonly StoreOption[]; storesLoading: boolean }) {
  const { t, i18n } = useTranslation('audit');
  const filter = useSelector(actor, selectFilter);
  const users = useSelector(actor, selectUsers);
  const usersFailed = useSelector(actor, selectUsersFailed);
  // "Today" for the day filter's rules, fixed for the page's life.
  const [nowMs] = useState(() => Date.now());
  const set = (patch: Partial<AuditFilter>) => actor.send({ type: 'FILTER.SET', filter: patch });
  const actionOptions = [
    { value: 'all', label: t('filter.allActions') },
    ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`action.${auditActionKey(a)}`) })),
  ];
  const userOptions = [
    { value: 'all', label: t('filter.allUsers') },
    ...users.map((u) => ({ value: String(u.user_id), label: u.user_name })),
  ];
  return (
    <Stack gap="sm" role="search" aria-label={t('filter.label')}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('filter.action')}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          data={actionOptions}
          value={filter.action ?? 'all'}
          allowDeselect={false}
          onChange={(v) => set({ action: v === null || v === 'all' ? null : (v as AuditAction) })}
          style={{ flex: '0 1 260px' }}
          data-testid="audit-action-filter"
        />
        <Select
          label={t('filter.user')}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          data={userOptions}
          value={filter.userId === null ? 'all' : String(filter.userId)}
          allowDeselect={false}
          error={usersFailed ? t('filter.usersFailed') : undefined}
          onChange={(v) => set({ userId: v === null || v === 'all' ? null : Number(v) })}
          style={{ flex: '0 1 220px' }}
          data-testid="audit-user-filter"
        />
        {usersFailed ? (
          <Button variant="subtle" onClick={() => actor.send({ type: 'USERS.RETRY' })}>
            {t('list.retry')}
          </Button>
        ) : null}
        <StoreFilter
          stores={stores}
          loading={storesLoading}
          label={t('filter.store')}
          value={filter.storeId === null ? null : String(filter.storeId)}
          onChange={(id) => set({ storeId: id === null ? null : Number(id) })}
        />
      </Group>
      <DaysFilter
        label={t('list.columns.time')}
        value={filter.days}
        onChange={(days) => set({ days })}
        nowMs={nowMs}
        language={i18n.language === 'en' ? 'en' : 'vi'}
        testId="audit-days"
      />
    </Stack>
  );
}

/**
 * /audit-log (D300): the filters (action, user, store, Vietnam days; all in the address bar), the
 * export of the same filter, and the entries newest first: time (Vietnam), who, store, action,
 * target and the readable before → after of the fields that changed. Read only (D299).
 */
export function AuditListScreen({
  actor,
  exporter,
  stores,
  storesLoading,
}: {
  actor: AuditListActor;
  exporter: AuditExportActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
}) {
  const { t } = useTranslation('audit');
  const filter = useSelector(actor, selectFilter);
  const columns = useColumns(t);
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <ExportButton exporter={exporter} filter={filter} />
      </Group>
      <Text size="sm">{t('list.intro')}</Text>
      <AuditFilters actor={actor} stores={stores} storesLoading={storesLoading} />
      <ListTable<AuditEntry>
        actor={actor}
        label={t('list.tableLabel')}
        columns={columns}
        pageSizes={PAGE_SIZES}
        emptyText={t('list.empty')}
        resultText={(info) => t('list.resultCount', info)}
        failedTitle={t('list.loadFailed')}
        retryLabel={t('list.retry')}
        testId="audit-table"
      />
    </Stack>
  );
}
