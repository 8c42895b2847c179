import type { ReactNode } from 'react';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectOpenLocked, selectView } from '../../machines/shifts/shiftDrawer.machine';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { formatDateTime } from '../shared/table/format';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import { DrawerFigures, MovementsTable, ShiftSummary } from './ShiftFigures';
import { CloseForm, MoveForm, OpenShiftForm, type ShiftDrawerActor } from './ShiftForms';

/**
 * /shift (D303, D304): pick the store; no open shift → the open form (and the last closed shift);
 * an open shift → the expected cash now, its movements, cash in / cash out and the count; just closed
 * → its summary and "open a new shift". The owner's list of every open drawer comes below (`drawers`).
 */
export function ShiftScreen({
  actor,
  stores,
  storesLoading,
  onStore,
  drawers,
}: {
  actor: ShiftDrawerActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  onStore: (id: number | null) => void;
  drawers: ReactNode;
}) {
  const { t } = useTranslation(['shifts', 'errors']);
  const view = useSelector(actor, selectView);
  const storeId = useSelector(actor, (s) => s.context.storeId);
  const locked = useSelector(actor, selectOpenLocked);
  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <StoreFilter
            stores={stores}
            loading={storesLoading}
            required
            label={t('store.label')}
            value={storeId === null ? null : String(storeId)}
            onChange={(id) => onStore(id === null ? null : Number(id))}
            disabled={locked}
          />
          {view === 'pick' ? <Text size="sm">{t('store.pick')}</Text> : null}
        </Stack>
      </Card>
      <DrawerView actor={actor} view={view} />
      {drawers}
    </Stack>
  );
}

function DrawerView({ actor, view }: { actor: ShiftDrawerActor; view: ReturnType<typeof selectView> }) {
  const { t } = useTranslation(['shifts', 'errors']);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const lastClosed = useSelector(actor, (s) => s.context.lastClosed);
  if (view === 'loading')
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('loading')}</Text>
      </Group>
    );
  if (view === 'failed')
    return (
      <FailureAlert
        title={t('loadFailTitle')}
        message={t(errorMessageKey(loadError))}
        retryLabel={t('retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
        testId="shift-load-failed"
      />
    );
  if (view === 'none')
    return (
      <>
        <OpenShiftForm actor={actor} />
        {lastClosed ? <ShiftSummary shift={lastClosed} title={t('summary.lastTitle')} testId="shift-last-closed" /> : null}
      </>
    );
  if (view === 'open') return <OpenShift actor={actor} />;
  if (view === 'closed' && lastClosed)
    return (
      <>
        <ShiftSummary shift={lastClosed} title={t('summary.title')} testId="shift-summary" />
        <Group>
          <Button onClick={() => actor.send({ type: 'NEW_SHIFT' })} data-testid="shift-new">
            {t('summary.newShift')}
          </Button>
        </Group>
      </>
    );
  return null;
}

function OpenShift({ actor }: { actor: ShiftDrawerActor }) {
  const { t } = useTranslation('shifts');
  const shift = useSelector(actor, (s) => s.context.shift);
  const locked = useSelector(actor, selectOpenLocked);
  if (!shift) return null;
  return (
    <>
      <Card withBorder padding="md" data-testid="shift-open-card">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              {t('overview.title', { store: shift.store_name })}
            </Title>
            <Button variant="default" onClick={() => actor.send({ type: 'REFRESH' })} disabled={locked} data-testid="shift-refresh">
              {t('overview.refresh')}
            </Button>
          </Group>
          <Text size="sm">{t('overview.opened', { name: shift.opened_by_name, time: formatDateTime(shift.opened_at) })}</Text>
          <DrawerFigures shift={shift} />
          <MovementsTable movements={shift.movements ?? []} />
        </Stack>
      </Card>
      <MoveForm actor={actor} />
      <CloseForm actor={actor} />
    </>
  );
}
