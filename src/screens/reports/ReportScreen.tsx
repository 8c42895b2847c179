import { memo, useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { exportMachine } from '../../machines/reports/export.machine';
import { reportFilters, type reportListMachine } from '../../machines/reports/reportList.machine';
import type { TimeRange } from '../../services/reports/schemas/reportFilters';
import { CHANNEL_CONFIG, PAGE_SIZE_OPTIONS } from '../../services/reports/schemas/transactions';
import { usePortal } from '../shared/portal-context';
import { ListTable, type ListActor } from '../shared/list/ListTable';
import {
  BillSearch,
  StatusFilter,
  StoreFilter,
  TimeRangeFilter,
  formatNumber,
  type SortState,
  type StoreOption,
  type TimeFilterValue,
} from '../shared/table';
import '../shared/table/styles';
import { billLabel, buildColumns, type ReportRow } from './columns';
import classes from './reports.module.css';

export type ReportListActor = ActorRefFrom<typeof reportListMachine>;
export type ExportActor = ActorRefFrom<typeof exportMachine>;

export interface ReportScreenProps {
  actor: ReportListActor;
  exportActor: ExportActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  /** Fetches a bill image with the session (an <img> cannot send the bearer token). */
  loadBillImage: (url: string) => Promise<Blob>;
  /** A page about to be opened (pointer or focus on its button): fetched early (D145). */
  onPageIntent?: (page: number) => void;
  nowMs: number;
}

const RANGE_ERRORS: Record<string, string> = {
  RANGE_INCOMPLETE: 'required',
  RANGE_END_BEFORE_START: 'endBeforeStart',
  RANGE_TOO_LONG: 'tooLong',
  RANGE_AFTER_TODAY: 'future',
};

/**
 * One screen for the eight reports (core §2): the channel's columns come from CHANNEL_CONFIG.
 * Memoised: writing the filters into the address re-renders the route, and the screen only needs
 * to redraw when the machine's state or its own props change.
 */
export const ReportScreen = memo(function ReportScreen({
  actor,
  exportActor,
  stores,
  storesLoading,
  loadBillImage,
  onPageIntent,
  nowMs,
}: ReportScreenProps) {
  const { t } = useTranslation(['reports', 'table', 'errors']);
  const { language } = usePortal();
  const channel = useSelector(actor, (s) => s.context.channel);
  // One record for the pickers and the export; compared by value, so an unrelated update keeps it.
  const filters = useSelector(actor, (s) => reportFilters(s.context), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const billDraft = useSelector(actor, (s) => s.context.billDraft);
  const totalAmount = useSelector(actor, (s) => s.context.totalAmount);
  const totalCount = useSelector(actor, (s) => s.context.totalCount);
  const rangeError = useSelector(actor, (s) => s.context.rangeError);
  const exporting = useSelector(exportActor, (s) => s.hasTag('busy'));
  const config = CHANNEL_CONFIG[channel];
  const [billRow, setBillRow] = useState<ReportRow | null>(null);

  const columns = useMemo(() => buildColumns(config.columns, config.sortable, t, setBillRow), [config, t]);
  const title = t(`reports:title.${channel}`);

  const range = filters.range;
  const timeValue: TimeFilterValue = range.preset === 'custom' ? { preset: 'custom', from: range.from, to: range.to } : { preset: range.preset };
  const sort: SortState = { key: filters.sort, direction: filters.order };

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <section aria-label={t('reports:filters')}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <TimeRangeFilter
            value={timeValue}
            nowMs={nowMs}
            language={language}
            refusal={rangeError ? t(`table:timeRange.errors.${RANGE_ERRORS[rangeError] ?? 'invalidDate'}`) : null}
            onChange={(next) => {
              const nextRange: TimeRange =
                next.preset === 'custom' ? { preset: 'custom', from: next.from ?? '', to: next.to ?? '' } : { preset: next.preset };
              actor.send({ type: 'FILTER.SET', filter: { range: nextRange } });
            }}
          />
          <StatusFilter
            value={filters.status}
            statuses={['all', ...config.statuses]}
            onChange={(status) => actor.send({ type: 'FILTER.SET', filter: { status: status as typeof filters.status } })}
          />
          <StoreFilter
            stores={stores}
            loading={storesLoading}
            value={filters.storeId === null ? null : String(filters.storeId)}
            onChange={(id) => actor.send({ type: 'FILTER.SET', filter: { storeId: id === null ? null : Number(id) } })}
          />
          <BillSearch
            value={billDraft}
            onChange={(value) => actor.send({ type: 'BILL.CHANGE', value })}
            onSubmit={() => actor.send({ type: 'BILL.SUBMIT' })}
          />
        </Group>
      </section>
      <ListTable<ReportRow>
        // The rows are the channel's; its columns read them as ReportRow.
        actor={actor as unknown as ListActor<ReportRow>}
        label={t('reports:tableLabel', { report: title })}
        columns={columns}
        pageSizes={PAGE_SIZE_OPTIONS}
        onPageIntent={onPageIntent}
        failedTitle={t('reports:loadFailed')}
        retryLabel={t('reports:retry')}
        sort={sort}
        onSortChange={(next) =>
          actor.send({
            type: 'SORT.SET',
            sort: { field: (next?.key ?? 'created_at') as typeof filters.sort, order: next?.direction ?? 'desc' },
          })
        }
        totalAmount={totalAmount}
        // D65: the total is the money received (successful payments; credits in saving and loan), and
        // says so; rows of other statuses are still listed and exported.
        totalText={(amount) => t('reports:totalReceived', { amount })}
        exportable={totalCount > 0}
        onExport={() => exportActor.send({ type: 'EXPORT', channel, filters })}
        exporting={exporting}
        resultText={(info) => t('reports:resultCount', { total: formatNumber(totalCount), page: info.page, pages: info.pages })}
        testId="report-table"
      />
      <BillPreview row={billRow} onClose={() => setBillRow(null)} load={loadBillImage} />
    </Stack>
  );
});

/** The printable invoice image of a row (bill_url), fetched with the session and shown in a dialog. */
function BillPreview({ row, onClose, load }: { row: ReportRow | null; onClose: () => void; load: (url: string) => Promise<Blob> }) {
  const { t } = useTranslation('reports');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const url = row?.bill_url ?? null;

  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    load(String(url))
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, load]);

  const bill = row ? billLabel(row as { bill_id?: string | null }) : '';
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('bill.title', { bill })} size="lg" closeButtonProps={{ 'aria-label': t('bill.close') }}>
      <div className={classes.printable}>
        {src ? <img src={src} alt={t('bill.image', { bill })} className={classes.billImage} /> : null}
        {!src && !failed ? <Text role="status">{t('bill.loading')}</Text> : null}
        {failed ? (
          <Text role="alert" c="red.9">
            {t('bill.failed')}
          </Text>
        ) : null}
      </div>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('bill.close')}
        </Button>
        <Button onClick={() => window.print()} disabled={!src}>
          {t('bill.print')}
        </Button>
      </Group>
    </Modal>
  );
}
