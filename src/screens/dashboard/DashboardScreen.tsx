import { memo, useDeferredValue, useMemo } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { percentChange, sharePercent } from '../../rules/percentChange';
import type { RecentTransaction } from '../../services/reports';
import { usePortal } from '../shared/portal-context';
import {
  DataTable,
  StatusBadge,
  statusLabels,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatVnd,
  type DataColumn,
} from '../shared/table';
import '../shared/table/styles';
import 'dayjs/locale/vi';
import { FailureAlert } from '../shared/FailureAlert';
import { errorMessageKey } from '../../services/errors';
import { Donut } from './Donut';

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;

/**
 * Three colours for card, QR and the other payment channels. Each keeps at least 3:1 against the
 * white page and the white gaps between segments (WCAG 1.4.11): blue 8 5.0:1, teal 9 5.0:1, orange 9 4.3:1.
 */
const SWATCH = { card: 'var(--mantine-color-blue-8)', qr: 'var(--mantine-color-teal-9)', other: 'var(--mantine-color-orange-9)' } as const;
type SplitKey = keyof typeof SWATCH;
const SPLIT_KEYS: SplitKey[] = ['card', 'qr', 'other'];
/** A legend row: one line of small text (14 px × 1.55), and the space under it. */
const LEGEND_ROW_PX = 22;
const LEGEND_ROW_GAP_PX = 6;
/**
 * The legend sits beside the chart when the card is wide enough, else under it; the skeleton alike.
 * Its height is kept for three rows with one of them on two lines (the longest channel name does
 * at 375 px), so the figures arriving do not push the next card down.
 */
const LEGEND_FLEX = { flex: '1 1 220px', minHeight: 4 * LEGEND_ROW_PX + 3 * LEGEND_ROW_GAP_PX } as const;
const NO_FIGURES_STYLE = { minHeight: 160, display: 'flex', alignItems: 'center' } as const;
type PeriodKind = 'day' | 'month' | 'year';

interface Split {
  card: number;
  qr: number;
  other: number;
}
interface Figures {
  revenue: number;
  count: number;
}
interface PeriodChunk {
  period: string;
  current: Figures;
  previous: Figures & { period: string };
  previous_span: Figures & { from: string; to: string };
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
const dayText = (date: string) => date.split('-').reverse().join('/');
const rangeText = (from: string, to: string) => (from === to ? dayText(from) : `${dayText(from)}–${dayText(to)}`);

/**
 * Dashboard (core §2): figures fill in as the stream's chunks arrive; a broken stream keeps them. Each
 * part is memoised on its own chunk, so a chunk redraws its part only (on a phone every whole-page
 * redraw was a long task; total blocking time).
 */
export function DashboardScreen({ actor }: { actor: DashboardActor }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const { language } = usePortal();
  const date = useSelector(actor, (s) => s.context.date);
  const today = useSelector(actor, (s) => s.context.today);
  // Deferred: a chunk's part is drawn in a transition, in slices, not in the task that received it.
  const day = useDeferredValue(useSelector(actor, (s) => s.context.day));
  const month = useDeferredValue(useSelector(actor, (s) => s.context.month));
  const year = useDeferredValue(useSelector(actor, (s) => s.context.year));
  const recent = useDeferredValue(useSelector(actor, (s) => s.context.recent));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const broken = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const isToday = date === today;
  const dateSettings = useMemo(() => ({ locale: language, firstDayOfWeek: 1 as const }), [language]);

  return (
    <DatesProvider settings={dateSettings}>
      <Stack gap="md" p="md">
        <DashboardHeading actor={actor} date={date} today={today} />
        <Text size="sm" c="gray.8" data-testid="dashboard-scope">
          {t('scope')}
        </Text>
        <VisuallyHidden role="status" aria-live="polite">
          {loading ? t('loading') : broken ? '' : t('complete')}
        </VisuallyHidden>
        {broken ? (
          <FailureAlert
            title={t('broken')}
            message={t(errorMessageKey(errorCode ?? 'UNKNOWN_ERROR'))}
            retryLabel={t('retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
            testId="dashboard-broken"
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <SplitChart title={t('revenueChart')} split={day?.split.revenue ?? null} money language={language} testId="chart-revenue" />
          <SplitChart title={t('countChart')} split={day?.split.count ?? null} money={false} language={language} testId="chart-count" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <PeriodCard kind="day" chunk={day} isToday={isToday} language={language} />
          <PeriodCard kind="month" chunk={month} isToday={isToday} language={language} />
          <PeriodCard kind="year" chunk={year} isToday={isToday} language={language} />
        </SimpleGrid>
        <RecentTable rows={recent} />
      </Stack>
    </DatesProvider>
  );
}

const DashboardHeading = memo(function DashboardHeading({ actor, date, today }: { actor: DashboardActor; date: string; today: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <DatePickerInput
        label={t('date')}
        value={date}
        maxDate={today}
        valueFormat="DD/MM/YYYY"
        onChange={(next) => {
          if (next) actor.send({ type: 'DATE.SET', date: next });
        }}
        w={180}
        data-testid="dashboard-date"
      />
    </Group>
  );
});

const SplitChart = memo(function SplitChart({
  title,
  split,
  money,
  language,
  testId,
}: {
  title: string;
  split: Split | null;
  money: boolean;
  language: 'vi' | 'en';
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const total = split ? split.card + split.qr + split.other : 0;
  const show = (value: number) => (money ? formatVnd(value) : formatNumber(value));
  const items = SPLIT_KEYS.map((key) => ({
    key,
    name: t(`split.${key}`),
    value: split ? split[key] : 0,
    share: split ? sharePercent(split[key], total) : 0,
  }));
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-ready={split ? 'true' : 'false'}
    >
      <Title order={2} size="h4" id={`${testId}-title`} mb="sm">
        {title}
      </Title>
      {!split ? (
        // The same wrapping and row heights as the figures that replace it, so the cards below do not
        // move when they arrive (at 375 px the legend goes under the chart; layout shift).
        <Group gap="lg" wrap="wrap" align="center">
          <Skeleton circle height={160} />
          <Stack gap={0} style={LEGEND_FLEX}>
            {SPLIT_KEYS.map((key) => (
              <Skeleton key={key} height={LEGEND_ROW_PX} mb={LEGEND_ROW_GAP_PX} />
            ))}
          </Stack>
        </Group>
      ) : (
        <Group gap="lg" wrap="wrap" align="center">
          {total > 0 ? (
            // The list beside it carries the same figures as text; the drawing adds nothing to read.
            // flex: no baseline gap under the drawing, so it is as tall as the skeleton's circle.
            <div aria-hidden="true" style={{ display: 'flex' }}>
              <Donut
                segments={items.map((i) => ({ value: i.value, color: SWATCH[i.key] }))}
                size={160}
                thickness={28}
                gap={2}
                label={show(total)}
              />
            </div>
          ) : (
            // As tall as the chart it stands in for, so an empty day does not shrink the card either.
            <Text c="gray.7" style={NO_FIGURES_STYLE}>
              {t('noFigures')}
            </Text>
          )}
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, ...LEGEND_FLEX }} data-testid={`${testId}-legend`}>
            {items.map((i) => (
              <li
                key={i.key}
                style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: LEGEND_ROW_GAP_PX, minHeight: LEGEND_ROW_PX }}
              >
                <span
                  aria-hidden="true"
                  style={{ width: 14, height: 14, borderRadius: 3, background: SWATCH[i.key], display: 'inline-block' }}
                />
                <Text size="sm" data-testid={`${testId}-${i.key}`} data-value={i.value}>
                  {t('legendItem', { name: i.name, value: show(i.value), share: formatPercent(i.share, language) })}
                </Text>
              </li>
            ))}
          </ul>
        </Group>
      )}
    </Paper>
  );
});

const PeriodCard = memo(function PeriodCard({
  kind,
  chunk,
  isToday,
  language,
}: {
  kind: PeriodKind;
  chunk: PeriodChunk | null;
  isToday: boolean;
  language: 'vi' | 'en';
}) {
  const { t } = useTranslation('dashboard');
  const heading = isToday || !chunk ? t(`periods.${kind}`) : t(`periodsOther.${kind}`, { period: chunk.period });
  return (
    <Paper withBorder p="md" component="section" aria-label={heading} data-testid={`card-${kind}`} data-ready={chunk ? 'true' : 'false'}>
      <Title order={2} size="h4" mb="xs">
        {heading}
      </Title>
      {!chunk ? (
        <Stack gap="xs">
          <Skeleton height={22} width="70%" />
          <Skeleton height={12} />
          <Skeleton height={22} width="50%" />
          <Skeleton height={12} />
        </Stack>
      ) : (
        <Stack gap="sm">
          {(['revenue', 'count'] as const).map((what) => {
            const show = what === 'revenue' ? formatVnd : formatNumber;
            const span = chunk.previous_span;
            const whole = chunk.previous;
            // The whole previous period is shown beside the same span only where it adds something.
            const wholeDiffers = whole.revenue !== span.revenue || whole.count !== span.count;
            return (
              <Figure
                key={what}
                label={t(what)}
                value={show(chunk.current[what])}
                raw={chunk.current[what]}
                span={{ text: t(`sameSpan.${kind}`, { range: rangeText(span.from, span.to), value: show(span[what]) }), raw: span[what] }}
                whole={
                  wholeDiffers
                    ? { text: t(`previous.${kind}`, { period: whole.period, value: show(whole[what]) }), raw: whole[what] }
                    : null
                }
                change={percentChange(chunk.current[what], span[what])}
                language={language}
                testId={`card-${kind}-${what}`}
              />
            );
          })}
        </Stack>
      )}
    </Paper>
  );
});

function Figure(props: {
  label: string;
  value: string;
  raw: number;
  /** The previous period over the same span: what the change compares with (D63). */
  span: { text: string; raw: number };
  /** The whole previous period, when it differs from the span. */
  whole: { text: string; raw: number } | null;
  change: number;
  language: 'vi' | 'en';
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const percent = formatPercent(Math.abs(props.change), props.language);
  const direction = props.change > 0 ? 'up' : props.change < 0 ? 'down' : 'same';
  const colour = direction === 'up' ? 'blue.9' : direction === 'down' ? 'red.9' : 'gray.8';
  return (
    <div>
      <Text size="sm" c="gray.8">
        {props.label}
      </Text>
      <Text fw={700} size="xl" data-testid={props.testId} data-value={props.raw}>
        {props.value}
      </Text>
      <Text size="xs" c="gray.8" data-testid={`${props.testId}-span`} data-value={props.span.raw}>
        {props.span.text}
      </Text>
      <Text size="sm" c={colour} fw={600} data-testid={`${props.testId}-change`}>
        <span aria-hidden="true">{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : '• '}</span>
        {t(`change.${direction}`, { percent })}
      </Text>
      {props.whole ? (
        <Text size="xs" c="gray.8" data-testid={`${props.testId}-whole`} data-value={props.whole.raw}>
          {props.whole.text}
        </Text>
      ) : null}
    </div>
  );
}

const RecentTable = memo(function RecentTable({ rows }: { rows: RecentTransaction[] | null }) {
  const { t } = useTranslation(['dashboard', 'table']);
  const statusText = statusLabels(t);
  const columns: DataColumn<RecentTransaction>[] = [
    { key: 'store', header: t('columns.store'), cell: (r) => r.store_name, rowHeader: true },
    { key: 'type', header: t('columns.type'), cell: (r) => t(`types.${r.type}`, { defaultValue: String(r.type) }) },
    { key: 'amount', header: t('columns.amount'), cell: (r) => formatVnd(r.amount), align: 'right' },
    // D64: every row says whether the money arrived; a failed payment must not read like a paid one.
    { key: 'status', header: t('columns.status'), cell: (r) => <StatusBadge status={r.status} label={statusText(r.status)} /> },
    // core §9: numeric created dates are UTC ms; the 7-hour shift shows them on Vietnam's clock.
    { key: 'created', header: t('columns.created'), cell: (r) => formatDateTime(r.created_at) },
  ];
  return (
    <section aria-labelledby="recent-title">
      <Title order={2} size="h4" id="recent-title" mb="sm">
        {t('recent')}
      </Title>
      <DataTable<RecentTransaction>
        label={t('recent')}
        columns={columns}
        rows={rows ?? []}
        loading={rows === null}
        skeletonRows={5}
        testId="recent-table"
      />
    </section>
  );
});
