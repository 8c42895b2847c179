import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { saveBlob } from '../shared/download';
import { fileExportActor } from '../shared/fileExport';
import { createPagePrefetch } from './pagePrefetch';
import type { ReportFilters, ReportPage } from './schemas/reportFilters';
import type { StoreOption } from '../shared/schemas/stores';
import type { ReportChannel } from './schemas/transactions';
import type { ReportsApi } from './transactions';

/**
 * Implementations of the report machines' actors (docs/areas/reports.md §8), for
 * `machine.provide({ actors })` in src/app. Each stops its request when the machine stops it
 * (a newer filter, a new date, leaving the page), so a late answer never lands.
 */
export interface ReportActorDeps {
  reports: ReportsApi;
  /** Defaults to a browser download. */
  save?: (blob: Blob, filename: string) => void;
}

export interface ReportInput {
  channel: ReportChannel;
  filters: ReportFilters;
}

export function createReportActors(deps: ReportActorDeps) {
  const save = deps.save ?? saveBlob;
  const pages = createPagePrefetch((channel, filters, signal) => deps.reports.list(channel, filters, signal));
  return {
    loadReport: fromPromise<ReportPage, ReportInput>(({ input, signal }) => pages.load(input.channel, input.filters, signal)),

    /** A page the person is about to open (pointer or focus on its button): fetched now, used by loadReport (D145). */
    prefetchReport: (channel: ReportChannel, filters: ReportFilters) => pages.prefetch(channel, filters),

    loadStores: fromPromise<StoreOption[], void>(({ signal }) => deps.reports.stores(signal)),

    exportReport: fileExportActor<ReportInput>(
      (input, onProgress, signal) => deps.reports.exportFile(input.channel, input.filters, onProgress, signal),
      save,
    ),

    streamDashboard: fromCallback<EventObject, { date: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      deps.reports
        .dashboard(input.date, (chunk) => {
          if (!controller.signal.aborted) sendBack({ type: 'DASHBOARD.CHUNK', chunk });
        }, controller.signal)
        .then(
          () => {
            if (!controller.signal.aborted) sendBack({ type: 'DASHBOARD.END' });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'DASHBOARD.FAILED', error });
          },
        );
      return () => controller.abort();
    }),
  };
}
