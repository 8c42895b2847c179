import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectBusy,
  selectExporting,
  selectLoadError,
  selectLoading,
  selectPrinting,
  selectReport,
  type zReportMachine,
} from '../../machines/closing/zReport.machine';
import type { ZReport, ZReportQuery } from '../../services/closing/schemas';
import { errorMessageKey } from '../../services/errors';
import { formatVndNumber } from '../../rules/vnd';
import { FailureAlert } from '../shared/FailureAlert';
import { ScrollRegion } from '../shared/ScrollRegion';
import { formatDateTime } from '../shared/table/format';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import { sectionsOf, shownLines } from './lines';

export type ZReportActor = ActorRefFrom<typeof zReportMachine>;

/**
 * /z-report (D306): pick a store and a day, or a shift; the report's lines (the same the paper and the
 * spreadsheet carry) by section; Print and Export xlsx act on the report shown.
 */
export function ZReportScreen({
  actor,
  stores,
  storesLoading,
  query,
  today,
  onQuery,
}: {
  actor: ZReportActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  query: ZReportQuery | null;
  today: string;
  onQuery: (query: ZReportQuery) => void;
}) {
  const { t } = useTranslation(['closing', 'errors']);
  const report = useSelector(actor, selectReport);
  const loading = useSelector(actor, selectLoading);
  const loadError = useSelector(actor, selectLoadError);
  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text size="sm">{t('intro')}</Text>
      <PickForm stores={stores} storesLoading={storesLoading} query={query} today={today} onQuery={onQuery} />
      {loading ? <Loader size="sm" aria-label={t('title')} /> : null}
      {loadError ? (
        <FailureAlert
          title={t('error.load')}
          message={t(`error.${loadError}`, { defaultValue: t(errorMessageKey(loadError)) })}
          retryLabel={t('error.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="z-report-error"
        />
      ) : null}
      {report ? <ReportView actor={actor} report={report} /> : null}
    </Stack>
  );
}

function PickForm({
  stores,
  storesLoading,
  query,
  today,
  onQuery,
}: {
  stores: readonly StoreOption[];
  storesLoading: boolean;
  query: ZReportQuery | null;
  today: string;
  onQuery: (query: ZReportQuery) => void;
}) {
  const { t } = useTranslation('closing');
  const [mode, setMode] = useState<'day' | 'shift'>(query?.kind ?? 'day');
  const [storeId, setStoreId] = useState<string | null>(query?.kind === 'day' ? String(query.storeId) : null);
  const [date, setDate] = useState(query?.kind === 'day' ? query.date : today);
  const [shiftId, setShiftId] = useState(query?.kind === 'shift' ? String(query.shiftId) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (mode === 'day') {
      if (storeId === null) found.store = t('pick.needStore');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t('pick.needDate');
    } else if (!/^\d{1,9}$/.test(shiftId.trim()) || Number(shiftId) < 1) found.shift = t('pick.needShift');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onQuery(mode === 'day' ? { kind: 'day', storeId: Number(storeId), date } : { kind: 'shift', shiftId: Number(shiftId.trim()) });
  };
  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate aria-label={t('pick.mode')}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('pick.mode')}
          value={mode}
          onChange={(v) => setMode(v as 'day' | 'shift')}
          data={[
            { value: 'day', label: t('pick.day') },
            { value: 'shift', label: t('pick.shift') },
          ]}
        />
        {mode === 'day' ? (
          <Group align="flex-start" grow wrap="wrap">
            <StoreFilter
              stores={stores}
              loading={storesLoading}
              required
              label={t('pick.store')}
              value={storeId}
              onChange={(id) => setStoreId(id)}
              error={errors.store}
            />
            <TextInput
              type="date"
              label={t('pick.date')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
              required
            />
          </Group>
        ) : (
          <TextInput
            label={t('pick.shiftId')}
            inputMode="numeric"
            value={shiftId}
            onChange={(e) => setShiftId(e.currentTarget.value)}
            error={errors.shift}
            required
          />
        )}
        <Group>
          <Button type="submit">{t('pick.show')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ReportView({ actor, report }: { actor: ZReportActor; report: ZReport }) {
  const { t } = useTranslation('closing');
  const busy = useSelector(actor, selectBusy);
  const printing = useSelector(actor, selectPrinting);
  const exporting = useSelector(actor, selectExporting);
  const lines = shownLines(report, t);
  const scope =
    report.kind === 'shift'
      ? t('scope.shift', {
          store: report.store_name,
          shift: report.shift_id,
          from: formatDateTime(report.from),
          to: formatDateTime(report.to),
        })
      : t('scope.day', { store: report.store_name, date: report.date });
  return (
    <Card withBorder padding="md" data-testid="z-report">
      <Stack gap="sm">
        <Title order={2} size="h3" data-testid="z-report-scope">
          {scope}
        </Title>
        {report.status === 'OPEN' ? <Alert color="yellow">{t('scope.open', { time: formatDateTime(report.to) })}</Alert> : null}
        <Group>
          <Button onClick={() => actor.send({ type: 'PRINT' })} loading={printing} disabled={busy && !printing}>
            {t('print')}
          </Button>
          <Button variant="default" onClick={() => actor.send({ type: 'EXPORT' })} loading={exporting} disabled={busy && !exporting}>
            {t('export')}
          </Button>
        </Group>
        <ScrollRegion label={t('title')}>
          {sectionsOf(lines).map((group) => (
            <Table striped data-section={group.section} key={group.section} mb="sm">
              <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>
                {t(`section.${group.section}`)}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('column.line')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('column.count')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('column.amount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.lines.map((line) => (
                  <Table.Tr key={line.id} data-line={line.id} fw={line.strong ? 700 : undefined}>
                    <Table.Td>{line.label}</Table.Td>
                    <Table.Td ta="right">{line.count === null ? '' : line.count}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {line.amount === null ? (line.id === 'cash.counted' ? t('notCounted') : '') : formatVndNumber(line.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        </ScrollRegion>
      </Stack>
    </Card>
  );
}
