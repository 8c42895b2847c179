import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectReconChoosing,
  selectReconError,
  selectReconLoading,
  selectReconResult,
  type reconciliationDayMachine,
} from '../../machines/reconciliation/reconciliationDay.machine';
import {
  selectExportBusy,
  selectExportPercent,
  type reconciliationExportMachine,
} from '../../machines/reconciliation/reconciliationExport.machine';
import { errorMessageKey } from '../../services/errors';
import type { ReconQuery } from '../../services/reconciliation/schemas';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import { vnToday } from './format';
import { ReconTables } from './ReconTables';

export type ReconDayActor = ActorRefFrom<typeof reconciliationDayMachine>;
export type ReconExportActor = ActorRefFrom<typeof reconciliationExportMachine>;

function ExportButton({ exporter, query, ready }: { exporter: ReconExportActor; query: ReconQuery | null; ready: boolean }) {
  const { t } = useTranslation('reconciliation');
  const busy = useSelector(exporter, selectExportBusy);
  const percent = useSelector(exporter, selectExportPercent);
  return (
    <Button
      variant="light"
      disabled={busy || !ready || query === null}
      aria-busy={busy}
      onClick={() => query && exporter.send({ type: 'EXPORT', query })}
      data-testid="recon-export"
    >
      {busy ? (percent === null ? t('export.busyUnknown') : t('export.busy', { percent: `${percent}%` })) : t('export.button')}
    </Button>
  );
}

/**
 * /reconciliation (issue 27 §5, D308, D309): the store and the day (both in the address bar), then
 * the day's payments in four groups shown apart — matched, waiting, paid here with no bank record
 * (each row flagged with a warning sign and a "check" badge, not by colour alone), credited by the
 * bank with no order — the totals of gross, fees and net credited, and the export of the same figures.
 */
export function ReconciliationScreen({
  actor,
  exporter,
  stores,
  storesLoading,
  storeId,
  day,
  onSelect,
}: {
  actor: ReconDayActor;
  exporter: ReconExportActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  storeId: number | null;
  day: string;
  onSelect: (storeId: number | null, day: string) => void;
}) {
  const { t } = useTranslation('reconciliation');
  const result = useSelector(actor, selectReconResult);
  const error = useSelector(actor, selectReconError);
  const loading = useSelector(actor, selectReconLoading);
  const choosing = useSelector(actor, selectReconChoosing);
  const [today] = useState(() => vnToday(Date.now()));
  const flagged = result?.totals.OURS_ONLY.count ?? 0;
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <ExportButton exporter={exporter} query={storeId === null ? null : { storeId, day }} ready={result !== null} />
      </Group>
      <Text size="sm">{t('intro')}</Text>
      <Text size="sm">{t('refundsNote')}</Text>
      <Group align="flex-end" wrap="wrap" role="search" aria-label={t('filter.label')}>
        <StoreFilter
          stores={stores}
          loading={storesLoading}
          required
          label={t('filter.store')}
          value={storeId === null ? null : String(storeId)}
          onChange={(id) => onSelect(id === null ? null : Number(id), day)}
        />
        <TextInput
          type="date"
          label={t('filter.day')}
          value={day}
          max={today}
          onChange={(e) => e.currentTarget.value && onSelect(storeId, e.currentTarget.value)}
          style={{ flex: '0 1 200px' }}
          data-testid="recon-day"
        />
      </Group>
      {choosing ? <Text size="sm">{t('filter.pickStore')}</Text> : null}
      {loading ? <Loader size="sm" aria-label={t('title')} /> : null}
      {error ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(errorMessageKey(error))}</Text>
            <Text size="sm">{t('loadFailedHint')}</Text>
            <Button variant="light" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {result && flagged > 0 ? (
        <Alert color="red" role="status" title={`⚠ ${t('flag')}`} data-testid="recon-flag-summary">
          {t('flaggedSummary', { count: flagged })}
        </Alert>
      ) : null}
      {result ? <ReconTables result={result} t={t} /> : null}
    </Stack>
  );
}
