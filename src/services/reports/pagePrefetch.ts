import type { ReportFilters, ReportPage } from './schemas/reportFilters';
import type { ReportChannel } from './schemas/transactions';

/**
 * A report page fetched when the person shows they are about to open it (the pointer reaches its
 * page button, or the keyboard focuses it), so the click paints from that answer instead of waiting
 * for a request (click → rows painted under 100 ms, D145). Nothing is fetched in the
 * background otherwise: no extra work while a page loads, no extra requests for someone who never
 * pages. A prefetched page is used once, only for exactly the same channel and filters, and only
 * while young (a report is a snapshot anyway; a refresh always asks the server). Loading any page
 * drops and stops the other prefetches.
 */
export const PREFETCH_TTL_MS = 20_000;
/** Pointing along a row of page buttons asks for each: only the latest few are kept. */
export const PREFETCH_MAX = 3;

type List = (channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal) => Promise<ReportPage>;

interface Entry {
  key: string;
  at: number;
  page: Promise<ReportPage | null>;
  controller: AbortController;
}

const keyOf = (channel: ReportChannel, filters: ReportFilters) => JSON.stringify([channel, filters]);

export function createPagePrefetch(list: List, now: () => number = Date.now) {
  let entries: Entry[] = [];
  const young = (entry: Entry) => now() - entry.at < PREFETCH_TTL_MS;

  return {
    /** The page for these filters: the prefetched one when it is there and young, else the server's. */
    async load(channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal): Promise<ReportPage> {
      const key = keyOf(channel, filters);
      const hit = entries.find((entry) => entry.key === key && young(entry));
      for (const entry of entries) if (entry !== hit) entry.controller.abort();
      entries = [];
      return (hit ? await hit.page : null) ?? list(channel, filters, signal);
    },

    /** Starts fetching this page unless a young fetch of it is already there. */
    prefetch(channel: ReportChannel, filters: ReportFilters): void {
      const key = keyOf(channel, filters);
      if (entries.some((entry) => entry.key === key && young(entry))) return;
      const controller = new AbortController();
      // A failed prefetch is forgotten: the click then asks the server itself.
      const page = list(channel, filters, controller.signal).catch(() => null);
      entries = [...entries.filter((entry) => entry.key !== key), { key, at: now(), page, controller }];
      while (entries.length > PREFETCH_MAX) entries.shift()!.controller.abort();
    },
  };
}
