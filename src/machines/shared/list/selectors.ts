import type { ListContext, ListTag } from './types';

/**
 * What a screen reads from any list built with defineList, by tag and context field: screens never
 * compare `state.value`. Use with `useSelector(actor, selectRows)`.
 */

export interface ListSnapshot<Row, Filter = unknown, Sort = unknown> {
  context: ListContext<Row, Filter, Sort>;
  hasTag(tag: ListTag): boolean;
}

export const selectRows = <Row>(s: ListSnapshot<Row>): Row[] => s.context.rows;
export const selectPage = (s: ListSnapshot<unknown>): number => s.context.page;
export const selectPageSize = (s: ListSnapshot<unknown>): number => s.context.pageSize;
/** At least 1, so the pager always has a page to show. */
export const selectTotalPages = (s: ListSnapshot<unknown>): number => Math.max(1, s.context.totalPage);
export const selectFilter = <Filter>(s: ListSnapshot<unknown, Filter>): Filter => s.context.filter;
export const selectSort = <Sort>(s: ListSnapshot<unknown, unknown, Sort>): Sort => s.context.sort;

export const selectLoading = (s: ListSnapshot<unknown>): boolean => s.hasTag('loading');
export const selectLoaded = (s: ListSnapshot<unknown>): boolean => s.hasTag('loaded');
export const selectEmpty = (s: ListSnapshot<unknown>): boolean => s.hasTag('empty');
export const selectFailed = (s: ListSnapshot<unknown>): boolean => s.hasTag('failed');
/** The last load's catalogue code (for errorMessageKey), null when it answered. */
export const selectErrorCode = (s: ListSnapshot<unknown>): string | null => s.context.errorCode;

/** The delete dialog is open: asking, or the call running. */
export const selectConfirming = (s: ListSnapshot<unknown>): boolean => s.hasTag('confirming') || s.hasTag('deleting');
export const selectDeleting = (s: ListSnapshot<unknown>): boolean => s.hasTag('deleting');
export const selectTarget = <Row>(s: ListSnapshot<Row>): Row | null => s.context.target;
export const selectDeleteError = (s: ListSnapshot<unknown>): string | null => s.context.deleteError;
