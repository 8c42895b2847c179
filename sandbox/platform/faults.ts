/**
 * Failures a test can ask the sandbox for, each used once: a dashboard stream that stops half-way
 * and a report list that answers 500. Real networks do both; the portal must keep what arrived and
 * offer a retry.
 */
export interface Faults {
  /** Chunks the next dashboard answer sends before it stops without its `end` chunk; null = whole. */
  takeDashboardBreak(): number | null;
  /** True once for the next list call of this channel. */
  takeReportFailure(channel: string): boolean;
  set(update: { dashboardBreakAfter?: number | null; reportFailNext?: string | null }): void;
  state(): { dashboardBreakAfter: number | null; reportFailNext: string | null };
  reset(): void;
}

export function createFaults(): Faults {
  let dashboardBreakAfter: number | null = null;
  let reportFailNext: string | null = null;
  return {
    takeDashboardBreak() {
      const value = dashboardBreakAfter;
      dashboardBreakAfter = null;
      return value;
    },
    takeReportFailure(channel) {
      if (reportFailNext !== channel) return false;
      reportFailNext = null;
      return true;
    },
    set(update) {
      if (update.dashboardBreakAfter !== undefined) dashboardBreakAfter = update.dashboardBreakAfter;
      if (update.reportFailNext !== undefined) reportFailNext = update.reportFailNext;
    },
    state: () => ({ dashboardBreakAfter, reportFailNext }),
    reset() {
      dashboardBreakAfter = null;
      reportFailNext = null;
    },
  };
}
