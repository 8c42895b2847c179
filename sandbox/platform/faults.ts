/**
 * Failures a test can ask the sandbox for: a dashboard stream that stops half-way and a report list
 * that answers 500 (each used once), and GET /user/info answering 500 for one sign-in until the
 * test disarms it (core §8 "Get merchant info failed"). Real networks do all three; the portal must
 * keep what arrived and offer a retry. The /user/info fault is per username, so tests running in
 * parallel with other sign-ins are not touched.
 */
export interface Faults {
  /** Chunks the next dashboard answer sends before it stops without its `end` chunk; null = whole. */
  takeDashboardBreak(): number | null;
  /** True once for the next list call of this channel. */
  takeReportFailure(channel: string): boolean;
  /** True while /user/info is armed to fail for this username. */
  userInfoFails(username: string): boolean;
  set(update: FaultUpdate): void;
  state(): { dashboardBreakAfter: number | null; reportFailNext: string | null; userInfoFailing: string[] };
  reset(): void;
}

export interface FaultUpdate {
  dashboardBreakAfter?: number | null;
  reportFailNext?: string | null;
  /** Arms (failing: true) or disarms GET /user/info for one username. */
  userInfo?: { username: string; failing: boolean };
}

export function createFaults(): Faults {
  let dashboardBreakAfter: number | null = null;
  let reportFailNext: string | null = null;
  const userInfoFailing = new Set<string>();
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
    userInfoFails: (username) => userInfoFailing.has(username),
    set(update) {
      if (update.dashboardBreakAfter !== undefined) dashboardBreakAfter = update.dashboardBreakAfter;
      if (update.reportFailNext !== undefined) reportFailNext = update.reportFailNext;
      if (update.userInfo) {
        if (update.userInfo.failing) userInfoFailing.add(update.userInfo.username);
        else userInfoFailing.delete(update.userInfo.username);
      }
    },
    state: () => ({ dashboardBreakAfter, reportFailNext, userInfoFailing: [...userInfoFailing] }),
    reset() {
      dashboardBreakAfter = null;
      reportFailNext = null;
      userInfoFailing.clear();
    },
  };
}
