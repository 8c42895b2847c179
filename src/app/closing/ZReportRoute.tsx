import { useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { zReportMachine } from '../../machines/closing/zReport.machine';
import { vnToday } from '../../rules/vnTime';
import type { ZReportQuery } from '../../services/closing/schemas';
import { ZReportScreen } from '../../screens/closing/ZReportScreen';
import { NotFound } from '../../screens/shared/NotFound';
import { usePortal } from '../../screens/shared/portal-context';
import { useAreaActors, useRuntime } from '../shared/composition';
import { notify } from '../shared/notify';
import { useStoreOptions } from '../shared/use-store-options';
import { closingActorsOf } from './actors';

/**
 * /z-report (D306): the Z report machine wired to the sale client and the print frame; the scope in
 * the address (`?store_id=&date=` or `?shift_id=`), so a reload, a bookmark or the link from a closed
 * shift opens the same report.
 */

const id = (raw: string | null): number | null => (raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

function queryIn(params: URLSearchParams): ZReportQuery | null {
  const shiftId = id(params.get('shift_id'));
  if (shiftId !== null) return { kind: 'shift', shiftId };
  const storeId = id(params.get('store_id'));
  const date = params.get('date');
  return storeId !== null && date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { kind: 'day', storeId, date } : null;
}

function ZReportPage() {
  const { inspect } = useRuntime();
  const a = useAreaActors(closingActorsOf);
  const { language } = usePortal();
  const latest = useRef(language);
  useEffect(() => {
    latest.current = language;
  }, [language]);
  const { stores, loading } = useStoreOptions();
  const [params, setParams] = useSearchParams();
  const query = queryIn(params);
  const key = query === null ? '' : JSON.stringify(query);
  const logic = useMemo(
    () =>
      zReportMachine.provide({
        actors: { loadReport: a.loadReport, exportReport: a.exportReport, printReport: a.printReport(() => latest.current) },
        actions: {
          notifyExported: (_, p) => notify.success({ title: 'closing:toast.exported', message: p.filename }),
          notifyFailed: (_, p) => notify.failure(p.what === 'print' ? 'closing:toast.printFailed' : 'closing:toast.exportFailed', p.code),
        },
      }),
    [a],
  );
  const actor = useActorRef(logic, { inspect });
  // The address decides the scope: on arrival, Back and Forward.
  useEffect(() => {
    if (key !== '') actor.send({ type: 'SHOW', query: JSON.parse(key) as ZReportQuery });
  }, [actor, key]);
  const onQuery = (q: ZReportQuery) =>
    setParams(q.kind === 'shift' ? { shift_id: String(q.shiftId) } : { store_id: String(q.storeId), date: q.date });
  return (
    <ZReportScreen
      key={key}
      actor={actor}
      stores={stores}
      storesLoading={loading}
      query={query}
      today={vnToday(Date.now())}
      onQuery={onQuery}
    />
  );
}

export default function ZReportRoute() {
  return (
    <Routes>
      <Route index element={<ZReportPage />} />
      <Route path="*" element={<NotFound signedIn />} />
    </Routes>
  );
}
