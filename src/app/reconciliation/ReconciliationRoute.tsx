import { useEffect, useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { reconciliationDayMachine } from '../../machines/reconciliation/reconciliationDay.machine';
import { reconciliationExportMachine } from '../../machines/reconciliation/reconciliationExport.machine';
import { parseVnDate, vnToday } from '../../rules/vnTime';
import { NotFound } from '../../screens/shared/NotFound';
import { ReconciliationScreen } from '../../screens/reconciliation/ReconciliationScreen';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { useStoreOptions } from '../shared/use-store-options';
import { reconciliationActorsOf } from './actors';

/**
 * /reconciliation?store_id=&day= (D309): the day machine follows the address bar (a reload, a
 * bookmark, Back and Forward show the same store and day); the export machine sends the shown store
 * and day to the service. A missing or unreadable day is today (Vietnam).
 */

const storeIdIn = (raw: string | null): number | null => (raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

function ReconciliationPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(reconciliationActorsOf);
  const { stores, loading } = useStoreOptions();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => vnToday(Date.now()));
  const storeId = storeIdIn(params.get('store_id'));
  const rawDay = params.get('day');
  const day = rawDay !== null && parseVnDate(rawDay) !== null ? rawDay : today;
  const logic = useMemo(() => reconciliationDayMachine.provide({ actors: { loadDay: a.loadReconDay } }), [a]);
  const actor = useActorRef(logic, { inspect });
  const exportLogic = useMemo(
    () =>
      reconciliationExportMachine.provide({
        actors: { exportRecon: a.exportRecon },
        actions: {
          notifyExportSucceeded: (_, p) =>
            notify.success({
              title: 'reconciliation:export.successTitle',
              message: 'reconciliation:export.successBody',
              values: { filename: p.filename },
            }),
          notifyExportFailed: (_, p) => notify.failure('reconciliation:export.failTitle', p.code),
        },
      }),
    [a],
  );
  const exporter = useActorRef(exportLogic, { inspect });
  useEffect(() => {
    if (storeId === null) {
      if (actor.getSnapshot().context.query !== null) actor.send({ type: 'CLEAR' });
      return;
    }
    const q = actor.getSnapshot().context.query;
    if (q?.storeId !== storeId || q.day !== day) actor.send({ type: 'SELECT', query: { storeId, day } });
  }, [actor, storeId, day]);
  const onSelect = (id: number | null, nextDay: string) =>
    setParams({ ...(id === null ? {} : { store_id: String(id) }), day: parseVnDate(nextDay) === null ? day : nextDay });
  return (
    <ReconciliationScreen
      actor={actor}
      exporter={exporter}
      stores={stores}
      storesLoading={loading}
      storeId={storeId}
      day={day}
      onSelect={onSelect}
    />
  );
}

export default function ReconciliationRoute() {
  return (
    <Routes>
      <Route index element={<ReconciliationPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
