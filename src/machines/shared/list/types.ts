/**
 * The paged-list vocabulary shared by every list machine (core §2 shared table, §9 paging): one set
 * of context fields, event names and tags, so screens, selectors and the model-test helper work on
 * any list built with defineList (./pagedList.ts).
 */

/** One page as the service answers it; an area's page may carry more (totals, echoes). */
export interface ListPage<Row> {
  rows: Row[];
  totalPage: number;
}

/** What the default load input holds: everything that decides which rows come back. */
export interface ListQuery<Filter, Sort> {
  page: number;
  pageSize: number;
  filter: Filter;
  sort: Sort;
}

export interface ListContext<Row, Filter = EmptyFilter, Sort = null> extends ListQuery<Filter, Sort> {
  rows: Row[];
  totalPage: number;
  /** The last load's error code (catalogue code), null after a good answer. */
  errorCode: string | null;
  /** The row the delete confirmation asks about (and, while it runs, the row being deleted). */
  target: Row | null;
  /** Why the last delete failed, when the dialog stays open to say so. */
  deleteError: string | null;
}

export type EmptyFilter = Record<never, never>;

/** What screens send. */
export type ListCommand<Row, Filter = EmptyFilter, Sort = null> =
  | { type: 'PAGE.SET'; page: number }
  | { type: 'PAGE_SIZE.SELECT'; pageSize: number }
  /** Merged into the filter; the list goes back to page 1. */
  | { type: 'FILTER.SET'; filter: Partial<Filter> }
  | { type: 'SORT.SET'; sort: Sort }
  | { type: 'RETRY' }
  | { type: 'REFRESH' }
  | { type: 'DELETE.ASK'; row: Row }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' };

/**
 * What the list raises for itself and for an area's own regions; not for screens.
 * ROW.DELETED: a delete went through (the list reloads, one page back when it took the last row of
 * a page after the first; an area closes what showed that row). LIST.QUERY_CHANGED: page, size,
 * filter or sort were accepted (an area drops what belonged to the old rows).
 */
export type ListNotice<Row> = { type: 'ROW.DELETED'; row: Row } | { type: 'LIST.QUERY_CHANGED' };

export type ListEvent<Row, Filter = EmptyFilter, Sort = null> = ListCommand<Row, Filter, Sort> | ListNotice<Row>;

export const LIST_NOTICES = ['ROW.DELETED', 'LIST.QUERY_CHANGED'] as const;

/**
 * loading/loaded/empty/failed: the rows region. confirming/deleting: the delete dialog (asked, and
 * the call running).
 */
export type ListTag = 'loading' | 'loaded' | 'empty' | 'failed' | 'confirming' | 'deleting';

/** What a failed delete does with the dialog: close it (the app says why in a toast) or keep it open with the reason. */
export type DeleteFailureMode = 'close' | 'keep';
