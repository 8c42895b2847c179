import { useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { exportMachine } from '../../machines/reports/export.machine';
import { reportFilters, reportListMachine } from '../../machines/reports/reportList.machine';
import { reportUrl } from '../../machines/reports/rules/reportUrl';
import { vnToday } from '../../rules/timeRange';
import type { ReportChannel } from '../../services/reports/schemas/transactions';
import { ReportScreen } from '../../screens/reports/ReportScreen';
import { notify } from '../shared/notify';
import { useAreaActors, useRuntime } from '../shared/composition';
import { reportsActorsOf } from './actors';
import { useListPage } from '../shared/use-list-page';
import { useStoreOptions } from '../shared/use-store-options';

/**
 * One report wired to its machines, with the filters in the address (bookmarkable, restored with
 * Back). The address holds only filter values (range, status, store id, bill text, page, size,
 * sort); never a token or anything about a person.
 */
function ReportRoute({ channel }: { channel: ReportChannel }) {
  const { api, loadReport, exportReport, prefetchReport } = useAreaActors(reportsActorsOf);
  const { inspect } = useRuntime();
  const actor = useListPage(reportListMachine.provide({ actors: { loadPage: loadReport } }), reportUrl(channel), {
    read: reportFilters,
    input: (filters) => ({ channel, filters, today: vnToday(Date.now()) }),
    replace: (list, filters) => list.send({ type: 'FILTERS.REPLACE', filters }),
  });

  const exportActor = useActorRef(
    exportMachine.provide({
      actors: { exportReport },
      // core §8: an export ends in a success or a failure toast.
      actions: {
        notifyExportSucceeded: ({ context }) =>
          notify.success({ title: 'reports:export.successTitle', message: 'reports:export.successBody', values: { filename: context.filename ?? '' } }),
        notifyExportFailed: ({ context }) => notify.failure('reports:export.failedTitle', context.errorCode),
      },
    }),
    { inspect },
  );


  const { stores, loading: storesLoading } = useStoreOptions();

  const loadBillImage = useMemo(() => (url: string) => api.billImage(url), [api]);
  // The page about to be opened, with every other filter as it is now (D145).
  const onPageIntent = useMemo(
    () => (page: number) => prefetchReport(channel, { ...reportFilters(actor.getSnapshot().context), page }),
    [actor, channel, prefetchReport],
  );
  // Fixed for the life of the page, like the machine's `today`: a fresh value on every render
  // would defeat the screen's memo.
  const [nowMs] = useState(() => Date.now());

  return (
    <ReportScreen
      actor={actor}
      exportActor={exportActor}
      stores={stores}
      storesLoading={storesLoading}
      loadBillImage={loadBillImage}
      onPageIntent={onPageIntent}
      nowMs={nowMs}
    />
  );
}

/** Keyed by channel: moving between reports starts a fresh machine with that report's defaults. */
export default function ReportRouteForChannel({ channel }: { channel: ReportChannel }) {
  return <ReportRoute key={channel} channel={channel} />;
}
