import {
  assign,
  fromPromise,
  raise,
  setup,
  type AnyStateNodeConfig,
  type EventObject,
  type MachineContext,
  type UnknownActorLogic,
} from 'xstate';
import { errorCode, notProvided } from '../../../rules/serviceError';
import { LIST_SEARCH_DEBOUNCE_MS } from '../../../rules/listPaging';
import { deletionRegion, rowsRegion } from './regions';
import { queryReplacement, searchRegion, type AddressDefinition, type SearchDefinition } from './search';
import type { DeleteFailureMode, EmptyFilter, ListContext, ListEvent, ListPage, ListQuery, ListTag } from './types';

/**
 * defineList: the one paged list (core §2 shared table, §9 paging) every list machine is built
 * from. It gives an area
 *   - `setup`: an XState `setup()` with the list's context, events, tags, actors (`loadPage`,
 *     `deleteRow`, plus the area's own), actions and guards; the area adds its own with
 *     `.extend({ actions, guards, delays })` and calls `.createMachine()`;
 *   - `context(...)`: the initial context (query, no rows) with the area's own fields;
 *   - `listRegion()`: the rows region (loading → loaded | empty | failed; paging, size, filter,
 *     sort, retry, refresh; a page left empty steps back);
 *   - `deletionRegion()`: delete with confirmation (idle → confirming → deleting), for a definition
 *     with `deletion` ('close' or 'keep': what a failure does with the dialog);
 *   - `searchRegion()`: the search boxes (SEARCH.TYPE, debounce, SEARCH.SUBMIT), for a definition
 *     with `search`; `addressOn()`: QUERY.REPLACE, for one with `address` and no search (./search.ts).
 * The machine is `type: 'parallel'` with these regions beside the area's own (a detail, a child
 * flow). Area regions talk to the list with its events: they raise REFRESH or FILTER.SET, and
 * listen to ROW.DELETED and LIST.QUERY_CHANGED. (XState takes a machine-level `on` only when no
 * region takes the event, so whatever must run beside the list's own handling lives in a region.)
 *
 * Every accepted change re-enters `list.loading`, which stops the running request: an answer for
 * an old page, size or filter never lands. No I/O here: `loadPage` and `deleteRow` are provided by
 * the area's route.
 */

export interface ListTypes<TRow, TFilter, TSort, TPage, TLoadInput, TDeleteInput, TExtraContext, TExtraEvent, TExtraTag, TInput, TQuery> {
  row: TRow;
  filter?: TFilter;
  sort?: TSort;
  /** The load actor's answer when it carries more than rows and totalPage. */
  page?: TPage;
  loadInput?: TLoadInput;
  deleteInput?: TDeleteInput;
  /** The area's own context fields. */
  context?: TExtraContext;
  /** The area's own events. */
  events?: TExtraEvent;
  tags?: TExtraTag;
  input?: TInput;
  /** The query as the address bar holds it (a list with `address`). */
  query?: TQuery;
}

export interface ListDefinition<
  TRow,
  TFilter,
  TSort,
  TPage,
  TLoadInput,
  TDeleteInput,
  TExtraContext,
  TExtraEvent,
  TExtraTag,
  TInput,
  TActors,
  TQuery,
> {
  /** Type carriers only (`{} as BankAccount`), like XState's `types`. */
  types: ListTypes<TRow, TFilter, TSort, TPage, TLoadInput, TDeleteInput, TExtraContext, TExtraEvent, TExtraTag, TInput, TQuery>;
  /** The sizes the page-size select offers; PAGE_SIZE.SELECT accepts only these unless acceptPageSize says otherwise. */
  pageSizes: readonly number[];
  /** The highest page the service serves (reports stop at 1000). */
  maxPage?: number;
  acceptPageSize?: (pageSize: number, context: ListContext<TRow, TFilter, TSort> & TExtraContext) => boolean;
  /** Whether a FILTER.SET patch is valid (a patch that changes nothing is refused anyway); a list without it has no filter. */
  acceptFilter?: (patch: Partial<TFilter>, context: ListContext<TRow, TFilter, TSort> & TExtraContext) => boolean;
  /** Whether a SORT.SET value is valid (an unchanged sort is refused anyway); a list without it has no sorting. */
  acceptSort?: (sort: TSort, context: ListContext<TRow, TFilter, TSort> & TExtraContext) => boolean;
  /** The load actor's input; `{ page, pageSize, filter, sort }` by default. */
  loadInput?: (context: ListContext<TRow, TFilter, TSort> & TExtraContext) => TLoadInput;
  /** The delete actor's input; the row itself by default. */
  deleteInput?: (row: TRow) => TDeleteInput;
  /** Context fields an answer carries besides rows and totalPage (e.g. a total amount). */
  pageExtras?: (page: TPage) => Partial<TExtraContext>;
  /**
   * A list that deletes (with the deletion region): what a failed delete does with the dialog,
   * `close` (the area's notifyDeleteFailed says why in a toast) or `keep` (the dialog says why).
   */
  deletion?: DeleteFailureMode;
  /** Delete failures meaning the row is gone already (deleted in another tab): the list reloads. */
  goneCodes?: readonly string[];
  /** The area's own actors (child machines, detail loads). */
  actors?: TActors;
  /** Search boxes (the context's `typed` holds what they show): `searchRegion()`, SEARCH.TYPE and SEARCH.SUBMIT (D287). */
  search?: SearchDefinition<TFilter>;
  /** Mirrored in the address bar: QUERY.REPLACE replaces the query shown with the address's (D287). */
  address?: AddressDefinition<ListContext<TRow, TFilter, TSort> & TExtraContext, TQuery>;
}

// `{} extends TFilter` asks whether every field of the filter is optional.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type InitialQuery<TFilter, TSort> = { pageSize: number; page?: number } & ({} extends TFilter
  ? { filter?: TFilter }
  : { filter: TFilter }) &
  (null extends TSort ? { sort?: TSort } : { sort: TSort });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The same value whatever the order of its keys (an address's query is parsed in its own key order). */
const sortedKeys = (value: unknown): unknown =>
  isRecord(value)
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sortedKeys(value[key])]),
      )
    : value;
const sameValue = (a: unknown, b: unknown) => same(sortedKeys(a), sortedKeys(b));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function defineList<
  TRow,
  TFilter extends object = EmptyFilter,
  TSort = null,
  TPage extends ListPage<TRow> = ListPage<TRow>,
  TLoadInput = ListQuery<TFilter, TSort>,
  TDeleteInput = TRow,
  TExtraContext extends MachineContext = EmptyFilter,
  TExtraEvent extends EventObject = never,
  TExtraTag extends string = never,
  TInput = unknown,
  TActors extends Record<string, UnknownActorLogic> = EmptyFilter,
  TQuery = never,
>(
  definition: ListDefinition<
    TRow,
    TFilter,
    TSort,
    TPage,
    TLoadInput,
    TDeleteInput,
    TExtraContext,
    TExtraEvent,
    TExtraTag,
    TInput,
    TActors,
    TQuery
  >,
) {
  type Context = ListContext<TRow, TFilter, TSort> & TExtraContext;
  type Event = ListEvent<TRow, TFilter, TSort> | TExtraEvent;

  const { loadInput, deleteInput, acceptPageSize, goneCodes, maxPage } = listDefaults(definition);

  const updates = listUpdates(definition);

  const listSetup = setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      tags: {} as ListTag | TExtraTag,
      input: {} as TInput,
    },
    actors: {
      loadPage: fromPromise<TPage, TLoadInput>(async () => {
        throw notProvided('loadPage');
      }),
      deleteRow: fromPromise<void, TDeleteInput>(async () => {
        throw notProvided('deleteRow');
      }),
      ...((definition.actors ?? {}) as TActors),
    },
    actions: {
      setPage: assign(updates.setPage),
      setPageSize: assign(updates.setPageSize),
      applyFilter: assign(updates.applyFilter),
      applySort: assign(updates.applySort),
      /** One page back, or to the last page the answer says exists when that is further back. */
      stepBack: assign(updates.stepBack),
      assignPage: assign(updates.assignPage),
      assignError: assign(updates.assignError),
      askDelete: assign(updates.askDelete),
      assignDeleteError: assign(updates.assignDeleteError),
      clearTarget: assign(updates.clearTarget),
      raiseRowDeleted: raise((_, params: { row: TRow }) => ({ type: 'ROW.DELETED' as const, row: params.row }) as Event),
      raiseRefresh: raise({ type: 'REFRESH' } as Event),
      raiseQueryChanged: raise({ type: 'LIST.QUERY_CHANGED' } as Event),
      typeSearch: assign(updates.typeSearch),
      raiseSearch: raise(({ context }) => ({ type: 'FILTER.SET', filter: updates.searchFilter(context) }) as Event),
      replaceQuery: assign(updates.replaceQuery),
      // Provided by the area's route (toasts through app/shared/notify); the defaults do nothing.
      notifyDeleted: (_, _params: { row: TRow }) => {},
      notifyDeleteFailed: (_, _params: { row: TRow | null; code: string }) => {},
    },
    guards: listGuards(definition, { maxPage, acceptPageSize, goneCodes }),
    delays: { searchDebounce: LIST_SEARCH_DEBOUNCE_MS },
  });

  const context = (query: InitialQuery<TFilter, TSort>, extra: TExtraContext): Context => initialContext(query, extra);

  return {
    setup: listSetup,
    context,
    listRegion: () =>
      rowsRegion({ loadInput, hasFilter: !!definition.acceptFilter, hasSort: !!definition.acceptSort, hasDeletion: !!definition.deletion }),
    deletionRegion: () => {
      if (!definition.deletion) throw new Error('deletionRegion() needs `deletion` in the list definition');
      return deletionRegion(definition.deletion, deleteInput);
    },
    /** The search boxes' region (a definition with `search`); it takes QUERY.REPLACE too when the list is in the address bar. */
    searchRegion: () => searchRegion({ inAddressBar: !!definition.address }),
    /** The machine's `on` for a list in the address bar without search boxes: QUERY.REPLACE. */
    addressOn: (): AnyStateNodeConfig['on'] => ({ 'QUERY.REPLACE': queryReplacement() }) as AnyStateNodeConfig['on'],
    /** What the load actor receives for a context (the model-test helper checks every request against it). */
    loadInput: loadInput as (context: Context) => TLoadInput,
    pageSizes: definition.pageSizes,
    goneCodes,
  };
}

/** The definition's optional parts with their defaults filled in. */
function listDefaults<TRow, TFilter extends object, TSort, TLoadInput, TDeleteInput, TExtraContext>(
  definition: Pick<
    ListDefinition<
      TRow,
      TFilter,
      TSort,
      ListPage<TRow>,
      TLoadInput,
      TDeleteInput,
      TExtraContext,
      never,
      never,
      unknown,
      EmptyFilter,
      never
    >,
    'loadInput' | 'deleteInput' | 'acceptPageSize' | 'pageSizes' | 'goneCodes' | 'maxPage'
  >,
) {
  type Context = ListContext<TRow, TFilter, TSort> & TExtraContext;
  return {
    loadInput:
      definition.loadInput ?? ((c: Context) => ({ page: c.page, pageSize: c.pageSize, filter: c.filter, sort: c.sort }) as TLoadInput),
    deleteInput: definition.deleteInput ?? ((row: TRow) => row as unknown as TDeleteInput),
    acceptPageSize: definition.acceptPageSize ?? ((size: number) => definition.pageSizes.includes(size)),
    goneCodes: definition.goneCodes ?? [],
    maxPage: definition.maxPage ?? Number.MAX_SAFE_INTEGER,
  };
}

/** What the list's `assign` actions write, as plain functions of the context and the action's params. */
function listUpdates<TRow, TFilter extends object, TSort, TPage extends ListPage<TRow>, TExtraContext, TQuery>(
  definition: Pick<
    ListDefinition<TRow, TFilter, TSort, TPage, unknown, unknown, TExtraContext, never, never, unknown, EmptyFilter, TQuery>,
    'pageExtras' | 'search' | 'address'
  >,
) {
  type Context = ListContext<TRow, TFilter, TSort> & TExtraContext;
  // The search boxes' text lives in the area's own context field `typed` (a definition with `search`).
  const typedOf = (context: Context) => (context as unknown as { typed: Record<string, string> }).typed;
  return {
    setPage: (_: unknown, params: { page: number }) => ({ page: params.page }) as Partial<Context>,
    setPageSize: (_: unknown, params: { pageSize: number }) => ({ pageSize: params.pageSize, page: 1 }) as Partial<Context>,
    applyFilter: ({ context }: { context: Context }, params: { filter: Partial<TFilter> }) =>
      ({ filter: { ...context.filter, ...params.filter }, page: 1 }) as Partial<Context>,
    applySort: (_: unknown, params: { sort: TSort }) => ({ sort: params.sort, page: 1 }) as Partial<Context>,
    stepBack: ({ context }: { context: Context }, params: { lastPage: number | null }) =>
      ({
        page: Math.max(1, Math.min(context.page - 1, params.lastPage ?? context.page - 1)),
      }) as Partial<Context>,
    assignPage: (_: unknown, params: { page: TPage }) =>
      ({
        rows: params.page.rows,
        totalPage: params.page.totalPage,
        errorCode: null,
        ...(definition.pageExtras ? definition.pageExtras(params.page) : {}),
      }) as Partial<Context>,
    assignError: (_: unknown, params: { error: unknown }) => ({ errorCode: errorCode(params.error) }) as Partial<Context>,
    askDelete: (_: unknown, params: { row: TRow }) => ({ target: params.row, deleteError: null }) as Partial<Context>,
    assignDeleteError: (_: unknown, params: { error: unknown }) => ({ deleteError: errorCode(params.error) }) as Partial<Context>,
    clearTarget: () => ({ target: null, deleteError: null }) as Partial<Context>,
    typeSearch: ({ context }: { context: Context }, params: { field: string; value: string }) => {
      const keep = definition.search?.keep ?? ((_field: string, value: string) => value);
      return { typed: { ...typedOf(context), [params.field]: keep(params.field, params.value) } } as unknown as Partial<Context>;
    },
    /** The filter the search boxes' text stands for (SEARCH.SUBMIT, or the debounce after SEARCH.TYPE). */
    searchFilter: (context: Context) => definition.search!.toFilter(typedOf(context)),
    replaceQuery: (_: unknown, params: { query: TQuery }) => definition.address!.apply(params.query) as Partial<Context>,
  };
}

/** The list's guards: which page, size, filter, sort and address query it accepts, and how an answer or a failed delete reads. */
function listGuards<TRow, TFilter extends object, TSort, TPage extends ListPage<TRow>, TExtraContext, TQuery>(
  definition: Pick<
    ListDefinition<TRow, TFilter, TSort, TPage, unknown, unknown, TExtraContext, never, never, unknown, EmptyFilter, TQuery>,
    'acceptFilter' | 'acceptSort' | 'address'
  >,
  limits: {
    maxPage: number;
    acceptPageSize: (pageSize: number, context: ListContext<TRow, TFilter, TSort> & TExtraContext) => boolean;
    goneCodes: readonly string[];
  },
) {
  type Context = ListContext<TRow, TFilter, TSort> & TExtraContext;
  const { maxPage, acceptPageSize, goneCodes } = limits;
  return {
    pageAcceptable: ({ context }: { context: Context }, params: { page: unknown }) =>
      typeof params.page === 'number' &&
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page <= Math.min(maxPage, Math.max(1, context.totalPage)) &&
      params.page !== context.page,
    pageSizeAcceptable: ({ context }: { context: Context }, params: { pageSize: unknown }) =>
      typeof params.pageSize === 'number' && params.pageSize !== context.pageSize && acceptPageSize(params.pageSize, context),
    filterAcceptable: ({ context }: { context: Context }, params: { filter: unknown }) =>
      isRecord(params.filter) &&
      definition.acceptFilter!(params.filter as Partial<TFilter>, context) &&
      !same({ ...context.filter, ...params.filter }, context.filter),
    sortAcceptable: ({ context }: { context: Context }, params: { sort: unknown }) =>
      definition.acceptSort!(params.sort as TSort, context) && !same(params.sort, context.sort),
    pageHasRows: (_: unknown, params: { page: TPage }) => params.page.rows.length > 0,
    /** An empty answer for a page after the first: rows were deleted meanwhile (here or elsewhere). */
    pastTheEnd: ({ context }: { context: Context }, params: { page: TPage }) => params.page.rows.length === 0 && context.page > 1,
    /** The delete took the only row of a page after the first: that page is gone. */
    lastRowOfLaterPage: ({ context }: { context: Context }) => context.page > 1 && context.rows.length <= 1,
    targetGone: (_: unknown, params: { error: unknown }) => goneCodes.includes(errorCode(params.error)),
    queryDiffers: ({ context }: { context: Context }, params: { query: TQuery }) =>
      !sameValue(definition.address!.queryOf(context), params.query),
  };
}

/** The initial context: the query (page 1 unless given, no filter, no sort), no rows, and the area's own fields. */
function initialContext<TRow, TFilter, TSort, TExtraContext>(
  query: InitialQuery<TFilter, TSort>,
  extra: TExtraContext,
): ListContext<TRow, TFilter, TSort> & TExtraContext {
  const q = query as { pageSize: number; page?: number; filter?: TFilter; sort?: TSort };
  return {
    page: q.page ?? 1,
    pageSize: q.pageSize,
    filter: q.filter ?? ({} as TFilter),
    sort: q.sort ?? (null as TSort),
    rows: [],
    totalPage: 0,
    errorCode: null,
    target: null,
    deleteError: null,
    ...extra,
  };
}

/** The parts of a list definition the model-test helper and unit tests read. */
export interface ListDefinitionInfo {
  loadInput: (context: never) => unknown;
  pageSizes: readonly number[];
  goneCodes: readonly string[];
}
