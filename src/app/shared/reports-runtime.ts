import { createReportActors } from '../../services/reports/actors';
import { createReportsApi, type ReportsApi } from '../../services/shared/transactions';
import type { StoreOption } from '../../services/shared/schemas/stores';
import { getRuntime } from './runtime';

/**
 * The reports API and actors, made once per page load on the runtime's portal client (same
 * session, same single refresh). Lives with the report and dashboard chunks, not the entry.
 */
let api: ReportsApi | null = null;
let actors: ReturnType<typeof createReportActors> | null = null;

export function reportsApi(): ReportsApi {
  api ??= createReportsApi(getRuntime().clients.portal);
  return api;
}

export function reportActors(): ReturnType<typeof createReportActors> {
  actors ??= createReportActors({ reports: reportsApi() });
  return actors;
}

/**
 * The store list (up to 100,000 rows) is fetched once per merchant and page load: every report
 * offers the same stores, and refetching megabytes on each report switch would be slow on a phone.
 */
let stores: { merchantId: string; promise: Promise<StoreOption[]> } | null = null;

export function storesFor(merchantId: string): Promise<StoreOption[]> {
  if (!stores || stores.merchantId !== merchantId) {
    const promise = reportsApi().stores();
    stores = { merchantId, promise };
    // A failed fetch is not kept: the next report tries again.
    promise.catch(() => {
      if (stores?.promise === promise) stores = null;
    });
  }
  return stores.promise;
}
