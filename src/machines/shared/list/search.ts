import type { AnyStateNodeConfig } from 'xstate';

/**
 * The one search dialect of every list (D287): a key in a search box (`field` names the box; a
 * list with one box calls it `q`), and Enter. What is typed applies after the list's debounce
 * (doc 2 §9: 800 ms after the last key), or at once on Enter, and takes the list back to page 1
 * through FILTER.SET like any other filter.
 */
export type SearchEvent<Field extends string = 'q'> = { type: 'SEARCH.TYPE'; field: Field; value: string } | { type: 'SEARCH.SUBMIT' };

/** What the search boxes show, by box: the filter's own text once the search ran. */
export type Typed<Field extends string = 'q'> = Record<Field, string>;

/** The part of a list definition that has search boxes. */
export interface SearchDefinition<Filter> {
  /** What a box keeps of what is typed (bounded by the service's limit); all of it by default. */
  keep?: (field: string, value: string) => string;
  /** The filter patch the typed text becomes, tidied as the service receives it. */
  toFilter: (typed: Record<string, string>) => Partial<Filter>;
}

/** The part of a list definition mirrored in the address bar (QUERY.REPLACE on Back, Forward or an edited address). */
export interface AddressDefinition<Context, Query> {
  /** The query the list shows now, in the address codec's own shape. */
  queryOf: (context: Context) => Query;
  /** The context an address's query gives (page, size, filter, and what the search boxes show). */
  apply: (query: Query) => Partial<Context>;
}

type TypeEvent = { event: { field: string; value: string } };

/** QUERY.REPLACE: a query other than the one shown replaces it and reloads; the one shown is ignored (no loop). */
export function queryReplacement(target?: string) {
  return {
    description:
      'Back/Forward or an edited address changed the query (a search still waiting is dropped); the query already shown is ignored (no loop).',
    guard: { type: 'queryDiffers', params: ({ event }: { event: { query: unknown } }) => ({ query: event.query }) },
    ...(target ? { target } : {}),
    actions: [{ type: 'replaceQuery', params: ({ event }: { event: { query: unknown } }) => ({ query: event.query }) }, 'raiseRefresh'],
  };
}

/**
 * The search boxes' region: idle, or waiting for the debounce after a key (tag `searching`, each key
 * starting the wait again); Enter applies at once from either. A list in the address bar also takes
 * QUERY.REPLACE here, so an address change drops a search still waiting.
 */
export function searchRegion(opts: { inAddressBar: boolean }): AnyStateNodeConfig {
  const typeSearch = { type: 'typeSearch', params: ({ event }: TypeEvent) => ({ field: event.field, value: event.value }) };
  return {
    description: 'The search boxes: applied 800 ms after the last key (doc 2 §9), or at once on Enter.',
    initial: 'idle',
    on: {
      'SEARCH.SUBMIT': { target: '.idle', actions: 'raiseSearch', description: 'Enter: the search runs now.' },
      ...(opts.inAddressBar ? { 'QUERY.REPLACE': queryReplacement('.idle') } : {}),
    },
    states: {
      idle: { on: { 'SEARCH.TYPE': { target: 'waiting', actions: typeSearch } } },
      waiting: {
        tags: ['searching'],
        description: 'Typing: the search runs after the debounce; each key starts the wait again.',
        on: { 'SEARCH.TYPE': { target: 'waiting', reenter: true, actions: typeSearch } },
        after: { searchDebounce: { target: 'idle', actions: 'raiseSearch' } },
      },
    },
  } as AnyStateNodeConfig;
}
