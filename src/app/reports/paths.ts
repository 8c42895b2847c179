import type { ReportChannel } from '../../services/reports/schemas/transactions';

/** The reports area's addresses (core §2: one /tx-* page per channel); links use these, never literals. */
export const reportPaths = {
  report: (channel: ReportChannel) => `/tx-${channel}`,
} as const;
