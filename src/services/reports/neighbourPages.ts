import type { ReportFilters, ReportPage } from '../shared/schemas/reportFilters';
import type { ReportChannel } from '../shared/schemas/transactions';

/**
 * The pages either side of the one on screen, fetched shortly after it is shown, so moving to the
 * next or previous page paints at once instead of waiting for a request (issue 10 §8: click → rows
 * painted under 100 ms; D145). A prefetched page is used once, only for exactly the same filters,
 * and only while young (a report is a snapshot anyway; a refresh always asks the server). Loading
 * any page drops the rest, so at most two requests wait beside the one the screen asked for.
 */
export const NEIGHBOUR_TTL_MS = 20_000;
/** After the page on screen has been painted, not competing with it. */
export const NEIGHBOUR_DELAY_MS = 300;

type List = (channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal) => Promise<ReportPage>;

interface Entry {
  key: string;
  at: number;
  page: Promise<ReportPage | null>;
  controller: AbortController;
}

export interface NeighbourPagesOptions {
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => () => void;
}

const keyOf = (channel: ReportChannel, filters: ReportFilters) => JSON.stringify([channel, filters]);

const browserTimer = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

export function createNeighbourPages(list: List, options: NeighbourPagesOptions = {}) {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? browserTimer;
  let entries: Entry[] = [];
  let cancelTimer = () => {};

  const dropAll = () => {
    cancelTimer();
    for (const entry of entries) entry.controller.abort();
    entries = [];
  };

  const prefetchAround = (channel: ReportChannel, shown: ReportPage, filters: ReportFilters) => {
    cancelTimer = setTimer(() => {
      for (const page of [shown.page + 1, shown.page - 1]) {
        if (page < 1 || page > shown.totalPage) continue;
        const next = { ...filters, page };
        const controller = new AbortController();
        // A failed prefetch is forgotten: the click then asks the server itself.
        const answer = list(channel, next, controller.signal).catch(() => null);
        entries.push({ key: keyOf(channel, next), at: now(), page: answer, controller });
      }
    }, NEIGHBOUR_DELAY_MS);
  };

  /** The page for these filters: the prefetched one when it is there and young, else the server's. */
  return async function load(channel: ReportChannel, filters: ReportFilters, signal?: AbortSignal): Promise<ReportPage> {
    const key = keyOf(channel, filters);
    const hit = entries.find((entry) => entry.key === key && now() - entry.at < NEIGHBOUR_TTL_MS);
    if (hit) entries = entries.filter((entry) => entry !== hit);
    dropAll();
    const page = (hit ? await hit.page : null) ?? (await list(channel, filters, signal));
    if (!signal?.aborted) prefetchAround(channel, page, filters);
    return page;
  };
}
