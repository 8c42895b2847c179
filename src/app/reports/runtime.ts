import { createReportActors } from '../../services/reports/actors';
import { createReportsApi, type ReportsApi } from '../../services/reports/transactions';
import type { StoreOption } from '../../services/shared/schemas/stores';
import { getLookups } from '../shared/lookups';
import { getRuntime } from '../shared/runtime';

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
 * The merchant's stores (up to 100,000 rows) through the one lookup cache: fetched once per
 * merchant and shared by every report, the ShopQR form and any dropdown (see ./lookups).
 */
export function storesFor(merchantId: string): Promise<StoreOption[]> {
  return getLookups().get(merchantId, 'stores');
}
