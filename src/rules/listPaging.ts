/**
 * What every paged list of the portal shares (doc 2 §9 "page, page_size (default 1 and 10)", core §2
 * shared table), defined once here below machines, services and screens (D267).
 */

/** The sizes a list's page-size select offers (doc 2 §9). The e-invoice list follows its providers' sizes (EINVOICE_PAGE_SIZES). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** doc 2 §9: a list opens at page 1 with 10 rows. */
export const DEFAULT_PAGE_SIZE = 10;
/** The highest page an address may ask for; a larger number is a hostile or stale address (page 1). */
export const MAX_PAGE = 1_000_000;
/** doc 2 §9: a list's search runs 800 ms after the last key. */
export const LIST_SEARCH_DEBOUNCE_MS = 800;
