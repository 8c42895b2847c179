import type { AnyStateNodeConfig } from 'xstate';
import { errorCode } from '../../../rules/serviceError';
import type { DeleteFailureMode, ListPage } from './types';

/**
 * The regions defineList (./pagedList.ts) gives a list machine: the rows, and delete with
 * confirmation. They name the list's actions, guards and actors by string, so they are built
 * without the area's types; the setup in pagedList.ts implements those names.
 */

type Loose = Record<string, unknown>;
type Args = { context: Loose; event: { type: string } & Record<string, unknown> };
type Output = { event: { output: ListPage<unknown> } };
type Failure = { event: { error: unknown } };

export interface RowsRegionOptions {
  loadInput: (context: never) => unknown;
  hasFilter: boolean;
  hasSort: boolean;
  hasDeletion: boolean;
}

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

const loadingState = (loadInput: (context: never) => unknown) => ({
  tags: ['loading'],
  description: 'Skeleton rows; leaving this state (a newer query) stops the request.',
  invoke: {
    id: 'loadPage',
    src: 'loadPage',
    input: ({ context }: Args) => loadInput(context as never),
    onDone: [
      {
        guard: { type: 'pastTheEnd', params: ({ event }: Output) => ({ page: event.output }) },
        target: 'loading',
        reenter: true,
        actions: { type: 'stepBack', params: ({ event }: Output) => ({ lastPage: event.output.totalPage }) },
        description: 'An empty page after the first (its rows were deleted): the page before, or the last one there is.',
      },
      {
        guard: { type: 'pageHasRows', params: ({ event }: Output) => ({ page: event.output }) },
        target: 'loaded',
        actions: { type: 'assignPage', params: ({ event }: Output) => ({ page: event.output }) },
      },
      { target: 'empty', actions: { type: 'assignPage', params: ({ event }: Output) => ({ page: event.output }) } },
    ],
    onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }: Failure) => ({ error: event.error }) } },
  },
});

/** The rows: loading → loaded | empty | failed; paging, size, filter, sort, retry and refresh. */
export function rowsRegion(opts: RowsRegionOptions): AnyStateNodeConfig {
  return {
    initial: 'loading',
    states: {
      loading: loadingState(opts.loadInput),
      loaded: { tags: ['loaded'], description: 'The rows with paging.' },
      empty: { tags: ['empty'], description: "'No data'." },
      failed: { tags: ['failed'], description: 'The mapped error with a retry button; no rows.', on: { RETRY: { target: 'loading' } } },
    },
    on: {
      'PAGE.SET': onQueryChange('PAGE.SET', 'pageAcceptable', 'setPage', 'page'),
      'PAGE_SIZE.SELECT': onQueryChange('PAGE_SIZE.SELECT', 'pageSizeAcceptable', 'setPageSize', 'pageSize'),
      // Only a list that says what a valid filter or sort is handles them at all.
      ...(opts.hasFilter ? { 'FILTER.SET': onQueryChange('FILTER.SET', 'filterAcceptable', 'applyFilter', 'filter') } : {}),
      ...(opts.hasSort ? { 'SORT.SET': onQueryChange('SORT.SET', 'sortAcceptable', 'applySort', 'sort') } : {}),
      REFRESH: { target: '.loading', description: 'The same query again (after a change elsewhere).' },
      ...(opts.hasDeletion ? { 'ROW.DELETED': rowDeleted } : {}),
    },
  } as AnyStateNodeConfig;
}

/**
 * Delete with confirmation. `close`: a failure closes the dialog (the area's notifyDeleteFailed says
 * why); `keep`: the dialog stays with the reason, and confirming again is safe.
 */
export function deletionRegion(onFailure: DeleteFailureMode, deleteInput: (row: never) => unknown): AnyStateNodeConfig {
  const failed = onFailure === 'close' ? 'idle' : 'confirming';
  const failActions = (extra: readonly string[]) => [
    { type: 'assignDeleteError', params: ({ event }: Failure) => ({ error: event.error }) },
    {
      type: 'notifyDeleteFailed',
      params: ({ context, event }: Args & Failure) => ({ row: context.target, code: errorCode(event.error) }),
    },
    ...(onFailure === 'close' ? ['clearTarget'] : []),
    ...extra,
  ];
  return {
    initial: 'idle',
    states: {
      idle: {
        on: { 'DELETE.ASK': { target: 'confirming', actions: { type: 'askDelete', params: ({ event }: Args) => ({ row: event.row }) } } },
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
          input: ({ context }: Args) => deleteInput(context.target as never),
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
              guard: { type: 'targetGone', params: ({ event }: Failure) => ({ error: event.error }) },
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
