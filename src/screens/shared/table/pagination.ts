/** A numbered page, or a gap standing for the pages it hides. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

const MAX_SLOTS = 7;

/**
 * Page buttons for core §2's shared table: every page up to 7; beyond 7, always seven slots, first
 * and last kept and the current page with its neighbours, the rest folded into ellipses, so the
 * bar never changes width while paging.
 */
export function pageItems(current: number, total: number): PageItem[] {
  const pages = Math.max(0, Math.floor(total));
  if (pages === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), pages);
  const range = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'page', page: from + i }) as const);
  if (pages <= MAX_SLOTS) return range(1, pages);
  if (page <= 4) return [...range(1, 5), { kind: 'gap', key: 'end' }, { kind: 'page', page: pages }];
  if (page >= pages - 3) return [{ kind: 'page', page: 1 }, { kind: 'gap', key: 'start' }, ...range(pages - 4, pages)];
  return [
    { kind: 'page', page: 1 },
    { kind: 'gap', key: 'start' },
    ...range(page - 1, page + 1),
    { kind: 'gap', key: 'end' },
    { kind: 'page', page: pages },
  ];
}
