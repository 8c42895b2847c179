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
 *     with `deletion` ('close' or 'keep': what a failure does with the dialog).
 * The machine is `type: 'parallel'` with these regions beside the area's own (a detail, a child
 * flow). Area regions talk to the list with its events: they raise REFRESH or FILTER.SET, and
 * listen to ROW.DELETED and LIST.QUERY_CHANGED. (XState takes a machine-level `on` only when no
 * region takes the event, so whatever must run beside the list's own handling lives in a region.)
 *
 * Every accepted change re-enters `list.loading`, which stops the running request: an answer for
 * an old page, size or filter never lands. No I/O here: `loadPage` and `deleteRow` are provided by
 * the area's route.
 */

export interface ListTypes<TRow, TFilter, TSort, TPage, TLoadInput, TDeleteInput, TExtraContext, TExtraEvent, TExtraTag, TInput> {
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
> {
  /** Type carriers only (`{} as BankAccount`), like XState's `types`. */
  types: ListTypes<TRow, TFilter, TSort, TPage, TLoadInput, TDeleteInput, TExtraContext, TExtraEvent, TExtraTag, TInput>;
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
}

// `{} extends TFilter` asks whether every field of the filter is optional.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type InitialQuery<TFilter, TSort> = { pageSize: number; page?: number } & ({} extends TFilter
  ? { filter?: TFilter }
  : { filter: TFilter }) &
  (null extends TSort ? { sort?: TSort } : { sort: TSort });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
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
>(
  definition: ListDefinition<TRow, TFilter, TSort, TPage, TLoadInput, TDeleteInput, TExtraContext, TExtraEvent, TExtraTag, TInput, TActors>,
) {
  type Context = ListContext<TRow, TFilter, TSort> & TExtraContext;
  type Event = ListEvent<TRow, TFilter, TSort> | TExtraEvent;

  const loadInput =
    definition.loadInput ?? ((c: Context) => ({ page: c.page, pageSize: c.pageSize, filter: c.filter, sort: c.sort }) as TLoadInput);
  const deleteInput = definition.deleteInput ?? ((row: TRow) => row as unknown as TDeleteInput);
  const acceptPageSize = definition.acceptPageSize ?? ((size: number) => definition.pageSizes.includes(size));
  const goneCodes = definition.goneCodes ?? [];
  const maxPage = definition.maxPage ?? Number.MAX_SAFE_INTEGER;

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
      setPage: assign((_, params: { page: number }) => ({ page: params.page }) as Partial<Context>),
      setPageSize: assign((_, params: { pageSize: number }) => ({ pageSize: params.pageSize, page: 1 }) as Partial<Context>),
      applyFilter: assign(
        ({ context }, params: { filter: Partial<TFilter> }) =>
          ({ filter: { ...context.filter, ...params.filter }, page: 1 }) as Partial<Context>,
      ),
      applySort: assign((_, params: { sort: TSort }) => ({ sort: params.sort, page: 1 }) as Partial<Context>),
      /** One page back, or to the last page the answer says exists when that is further back. */
      stepBack: assign(
        ({ context }, params: { lastPage: number | null }) =>
          ({
            page: Math.max(1, Math.min(context.page - 1, params.lastPage ?? context.page - 1)),
          }) as Partial<Context>,
      ),
      assignPage: assign(
        (_, params: { page: TPage }) =>
          ({
            rows: params.page.rows,
            totalPage: params.page.totalPage,
            errorCode: null,
            ...(definition.pageExtras ? definition.pageExtras(params.page) : {}),
          }) as Partial<Context>,
      ),
      assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) }) as Partial<Context>),
      askDelete: assign((_, params: { row: TRow }) => ({ target: params.row, deleteError: null }) as Partial<Context>),
      assignDeleteError: assign((_, params: { error: unknown }) => ({ deleteError: errorCode(params.error) }) as Partial<Context>),
      clearTarget: assign(() => ({ target: null, deleteError: null }) as Partial<Context>),
      raiseRowDeleted: raise((_, params: { row: TRow }) => ({ type: 'ROW.DELETED' as const, row: params.row }) as Event),
      raiseRefresh: raise({ type: 'REFRESH' } as Event),
      raiseQueryChanged: raise({ type: 'LIST.QUERY_CHANGED' } as Event),
      // Provided by the area's route (toasts through app/shared/notify); the defaults do nothing.
      notifyDeleted: (_, _params: { row: TRow }) => {},
      notifyDeleteFailed: (_, _params: { row: TRow | null; code: string }) => {},
    },
    guards: {
      pageAcceptable: ({ context }, params: { page: unknown }) =>
        typeof params.page === 'number' &&
        Number.isInteger(params.page) &&
        params.page >= 1 &&
        params.page <= Math.min(maxPage, Math.max(1, context.totalPage)) &&
        params.page !== context.page,
      pageSizeAcceptable: ({ context }, params: { pageSize: unknown }) =>
        typeof params.pageSize === 'number' && params.pageSize !== context.pageSize && acceptPageSize(params.pageSize, context),
      filterAcceptable: ({ context }, params: { filter: unknown }) =>
        isRecord(params.filter) &&
        definition.acceptFilter!(params.filter as Partial<TFilter>, context) &&
        !same({ ...context.filter, ...params.filter }, context.filter),
      sortAcceptable: ({ context }, params: { sort: unknown }) =>
        definition.acceptSort!(params.sort as TSort, context) && !same(params.sort, context.sort),
      pageHasRows: (_, params: { page: TPage }) => params.page.rows.length > 0,
      /** An empty answer for a page after the first: rows were deleted meanwhile (here or elsewhere). */
      pastTheEnd: ({ context }, params: { page: TPage }) => params.page.rows.length === 0 && context.page > 1,
      /** The delete took the only row of a page after the first: that page is gone. */
      lastRowOfLaterPage: ({ context }) => context.page > 1 && context.rows.length <= 1,
      targetGone: (_, params: { error: unknown }) => goneCodes.includes(errorCode(params.error)),
    },
  });

  function context(query: InitialQuery<TFilter, TSort>, extra: TExtraContext): Context {
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
    } as Context;
  }

  type Args = { context: Context; event: { type: string } & Record<string, unknown> };
  const onQueryChange = (type: string, guard: string, apply: string, key: string) => ({
    guard: { type: guard, params: ({ event }: Args) => ({ [key]: event[key] }) },
    target: '.loading',
    actions: [{ type: apply, params: ({ event }: Args) => ({ [key]: event[key] }) }, 'raiseQueryChanged'],
    description: `${type}: a new query starts again at loading (page 1 unless it is the page that changed).`,
  });

  /** A delete went through: the same page again, or the page before when it took that page's last row. */
  const rowDeleted = [
    {
      guard: 'lastRowOfLaterPage',
      target: '.loading',
      actions: { type: 'stepBack', params: () => ({ lastPage: null }) },
      description: 'The last row of a page after the first was deleted: the page before.',
    },
    { target: '.loading', description: 'A row was deleted: the same page again.' },
  ];

  /** The rows: loading → loaded | empty | failed. */
  function listRegion(): AnyStateNodeConfig {
    return {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          description: 'Skeleton rows; leaving this state (a newer query) stops the request.',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }: Args) => loadInput(context),
            onDone: [
              {
                guard: { type: 'pastTheEnd', params: ({ event }: { event: { output: TPage } }) => ({ page: event.output }) },
                target: 'loading',
                reenter: true,
                actions: { type: 'stepBack', params: ({ event }: { event: { output: TPage } }) => ({ lastPage: event.output.totalPage }) },
                description: 'An empty page after the first (its rows were deleted): the page before, or the last one there is.',
              },
              {
                guard: { type: 'pageHasRows', params: ({ event }: { event: { output: TPage } }) => ({ page: event.output }) },
                target: 'loaded',
                actions: { type: 'assignPage', params: ({ event }: { event: { output: TPage } }) => ({ page: event.output }) },
              },
              {
                target: 'empty',
                actions: { type: 'assignPage', params: ({ event }: { event: { output: TPage } }) => ({ page: event.output }) },
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
            },
          },
        },
        loaded: { tags: ['loaded'], description: 'The rows with paging.' },
        empty: { tags: ['empty'], description: "'No data'." },
        failed: {
          tags: ['failed'],
          description: 'The mapped error with a retry button; no rows.',
          on: { RETRY: { target: 'loading' } },
        },
      },
      on: {
        'PAGE.SET': onQueryChange('PAGE.SET', 'pageAcceptable', 'setPage', 'page'),
        'PAGE_SIZE.SELECT': onQueryChange('PAGE_SIZE.SELECT', 'pageSizeAcceptable', 'setPageSize', 'pageSize'),
        // Only a list that says what a valid filter or sort is handles them at all.
        ...(definition.acceptFilter ? { 'FILTER.SET': onQueryChange('FILTER.SET', 'filterAcceptable', 'applyFilter', 'filter') } : {}),
        ...(definition.acceptSort ? { 'SORT.SET': onQueryChange('SORT.SET', 'sortAcceptable', 'applySort', 'sort') } : {}),
        REFRESH: { target: '.loading', description: 'The same query again (after a change elsewhere).' },
        ...(definition.deletion ? { 'ROW.DELETED': rowDeleted } : {}),
      },
    } as AnyStateNodeConfig;
  }

  /**
   * Delete with confirmation (for a definition with `deletion`). `close`: a failure closes the
   * dialog (the area's notifyDeleteFailed says why); `keep`: the dialog stays with the reason, and
   * confirming again is safe.
   */
  function deletionRegion(): AnyStateNodeConfig {
    const onFailure = definition.deletion;
    if (!onFailure) throw new Error('deletionRegion() needs `deletion` in the list definition');
    const failed = onFailure === 'close' ? 'idle' : 'confirming';
    const failActions = (extra: readonly string[]) => [
      { type: 'assignDeleteError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      {
        type: 'notifyDeleteFailed',
        params: ({ context, event }: { context: Context; event: { error: unknown } }) => ({
          row: context.target,
          code: errorCode(event.error),
        }),
      },
      ...(onFailure === 'close' ? ['clearTarget'] : []),
      ...extra,
    ];
    return {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'DELETE.ASK': {
              target: 'confirming',
              actions: { type: 'askDelete', params: ({ event }: { event: { row: TRow } }) => ({ row: event.row }) },
            },
          },
        },
        confirming: {
          tags: ['confirming'],
          description:
            onFailure === 'keep'
              ? 'The confirmation dialog; after a failure it shows why and confirming tries again.'
              : 'The confirmation dialog.',
          on: { 'DELETE.CONFIRM': { target: 'deleting' }, 'DELETE.CANCEL': { target: 'idle', actions: 'clearTarget' } },
        },
        deleting: {
          tags: ['deleting'],
          description: 'The delete call; the dialog buttons are disabled.',
          invoke: {
            id: 'deleteRow',
            src: 'deleteRow',
            input: ({ context }: Args) => deleteInput(context.target as TRow),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'notifyDeleted', params: ({ context }: Args) => ({ row: context.target }) },
                { type: 'raiseRowDeleted', params: ({ context }: Args) => ({ row: context.target }) },
                'clearTarget',
              ],
            },
            onError: [
              {
                guard: { type: 'targetGone', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
                target: failed,
                actions: failActions(['raiseRefresh']),
                description: 'Deleted meanwhile (another tab): the reason shows and the list reloads without it.',
              },
              { target: failed, actions: failActions([]) },
            ],
          },
        },
      },
    } as AnyStateNodeConfig;
  }

  return {
    setup: listSetup,
    context,
    listRegion,
    deletionRegion,
    /** What the load actor receives for a context (the model-test helper checks every request against it). */
    loadInput: loadInput as (context: Context) => TLoadInput,
    pageSizes: definition.pageSizes,
    goneCodes,
  };
}

/** The parts of a list definition the model-test helper and unit tests read. */
export interface ListDefinitionInfo {
  loadInput: (context: never) => unknown;
  pageSizes: readonly number[];
  goneCodes: readonly string[];
}
