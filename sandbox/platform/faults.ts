/**
 * Failures a test can ask the sandbox for: a dashboard stream that stops half-way and a report list
 * that answers 500 (each used once), and GET /user/info answering 500 for one sign-in until the
 * test disarms it (core §8 "Get merchant info failed"). Real networks do all three; the portal must
 * keep what arrived and offer a retry. The /user/info fault is per username, so tests running in
 * parallel with other sign-ins are not touched. The sale service's outage (D337) is per merchant for
 * the same reason: while it holds, that merchant's sale calls get no answer at all.
 */
export interface Faults {
  /** Chunks the next dashboard answer sends before it stops without its `end` chunk; null = whole. */
  takeDashboardBreak(): number | null;
  /** True once for the next list call of this channel. */
  takeReportFailure(channel: string): boolean;
  /** True while /user/info is armed to fail for this username. */
  userInfoFails(username: string): boolean;
  /** True while the sale service is down for this merchant (wall time: a test's moved clock never ends it). */
  saleDown(merchantId: string): boolean;
  /** True while any merchant's sale service is down: the cheap check before a token is read. */
  anySaleDown(): boolean;
  set(update: FaultUpdate): void;
  state(): FaultState;
  reset(): void;
}

export interface FaultUpdate {
  dashboardBreakAfter?: number | null;
  reportFailNext?: string | null;
  /** Arms (failing: true) or disarms GET /user/info for one username. */
  userInfo?: { username: string; failing: boolean };
  /** Drops the sale service for one merchant until `until` (wall-clock ms; null: until lifted), or lifts it (down: false). */
  saleOutage?: { merchantId: string; down: true; until: number | null } | { merchantId: string; down: false };
}

export interface FaultState {
  dashboardBreakAfter: number | null;
  reportFailNext: string | null;
  userInfoFailing: string[];
  /** Merchants whose sale service is down, with the wall-clock end (ISO) or null (until lifted). */
  saleDown: Array<{ merchantId: string; until: string | null }>;
}

export function createFaults(): Faults {
  let dashboardBreakAfter: number | null = null;
  let reportFailNext: string | null = null;
  const userInfoFailing = new Set<string>();
  const saleOutages = new Map<string, number | null>();
  const saleDown = (merchantId: string) => {
    if (!saleOutages.has(merchantId)) return false;
    const until = saleOutages.get(merchantId)!;
    if (until === null || Date.now() < until) return true;
    saleOutages.delete(merchantId);
    return false;
  };
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
    saleDown,
    anySaleDown: () => saleOutages.size > 0 && [...saleOutages.keys()].some(saleDown),
    set(update) {
      if (update.dashboardBreakAfter !== undefined) dashboardBreakAfter = update.dashboardBreakAfter;
      if (update.reportFailNext !== undefined) reportFailNext = update.reportFailNext;
      if (update.userInfo) {
        if (update.userInfo.failing) userInfoFailing.add(update.userInfo.username);
        else userInfoFailing.delete(update.userInfo.username);
      }
      const outage = update.saleOutage;
      if (outage?.down) saleOutages.set(outage.merchantId, outage.until);
      else if (outage) saleOutages.delete(outage.merchantId);
    },
    state: () => ({
      dashboardBreakAfter,
      reportFailNext,
      userInfoFailing: [...userInfoFailing],
      saleDown: [...saleOutages.keys()].filter(saleDown).map((merchantId) => {
        const until = saleOutages.get(merchantId) ?? null;
        return { merchantId, until: until === null ? null : new Date(until).toISOString() };
      }),
    }),
    reset() {
      dashboardBreakAfter = null;
      reportFailNext = null;
      userInfoFailing.clear();
      saleOutages.clear();
    },
  };
}
