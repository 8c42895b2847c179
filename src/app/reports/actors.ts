import { createReportActors } from '../../services/reports/actors';
import { createReportsApi } from '../../services/reports/transactions';
import type { AreaFactory } from '../shared/composition';

/**
 * The reports area's wiring for one runtime (D279): the transactions API on the runtime's portal
 * client (same session, same single refresh) and the report actors. Lives with the report and
 * dashboard chunks, not the entry.
 */
export const reportsActorsOf: AreaFactory<ReturnType<typeof createReportActors> & { api: ReturnType<typeof createReportsApi> }> = ({
  runtime,
}) => {
  const api = createReportsApi(runtime.clients.portal);
  return { api, ...createReportActors({ reports: api }) };
};
