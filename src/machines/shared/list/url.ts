import { DEFAULT_PAGE_SIZE, MAX_PAGE, PAGE_SIZES } from '../../../rules/listPaging';
import { isDayRange, type DayRange } from '../../../rules/timeRange';

/**
 * A list's query in the address bar (doc 2 §2 "page, page_size (default 1 and 10), filters, search",
 * §9), declared once per list (D267): the list names its parameters in the order they are written,
 * each a `UrlParam` that reads its value (its fallback when absent, hostile or stale, one by one)
 * and writes it (defaults left out, so a plain address stays plain). `defineListUrl` gives the
 * list's `parse` (address → query) and `format` (query → address), which the route's
 * `useListPage` uses and the area's own `…FromSearchParams` / `…ToSearchParams` are.
 *
 * A nested object in the shape is a nested object in the query (`filter: { q, status }`), written
 * in declaration order with the rest.
 */

export interface UrlParam<T> {
  /** The value an address asks for, or the fallback. */
  parse(params: URLSearchParams): T;
  /** Writes the value unless it is the default. */
  write(params: URLSearchParams, value: T): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UrlShape = { readonly [key: string]: UrlParam<any> | UrlShape };

export type QueryOfShape<S extends UrlShape> = {
  -readonly [K in keyof S]: S[K] extends UrlParam<infer T> ? T : S[K] extends UrlShape ? QueryOfShape<S[K]> : never;
};

export interface ListUrl<Q> {
  parse(params: URLSearchParams): Q;
  format(query: Q): URLSearchParams;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isParam = (value: UrlShape[string]): value is UrlParam<any> => typeof value.parse === 'function' && typeof value.write === 'function';

function parseShape(shape: UrlShape, params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(shape)) out[key] = isParam(part) ? part.parse(params) : parseShape(part, params);
  return out;
}

function writeShape(shape: UrlShape, value: Record<string, unknown>, params: URLSearchParams): void {
  for (const [key, part] of Object.entries(shape)) {
    if (isParam(part)) part.write(params, value[key]);
    else writeShape(part, value[key] as Record<string, unknown>, params);
  }
}

export function defineListUrl<S extends UrlShape>(shape: S): ListUrl<QueryOfShape<S>> {
  return {
    parse: (params) => parseShape(shape, params) as QueryOfShape<S>,
    format: (query) => {
      const params = new URLSearchParams();
      writeShape(shape, query as Record<string, unknown>, params);
      return params;
    },
  };
}

/** The page: a whole number 1..MAX_PAGE (page 1 otherwise), left out when 1. */
export function pageParam(key = 'page'): UrlParam<number> {
  return {
    parse: (params) => {
      const raw = params.get(key);
      return raw !== null && /^\d{1,7}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_PAGE ? Number(raw) : 1;
    },
    write: (params, page) => {
      if (page !== 1) params.set(key, String(page));
    },
  };
}

/** The page size: one of the offered sizes (the default otherwise), left out when the default. */
export function pageSizeParam(options: { key?: string; sizes?: readonly number[]; fallback?: number } = {}): UrlParam<number> {
  const { key = 'page_size', sizes = PAGE_SIZES, fallback = DEFAULT_PAGE_SIZE } = options;
  return {
    parse: (params) => {
      const raw = Number(params.get(key));
      return sizes.includes(raw) ? raw : fallback;
    },
    write: (params, size) => {
      if (size !== fallback) params.set(key, String(size));
    },
  };
}

/**
 * A typed text (a search): the area's own cleaning of what the address holds (its length, its
 * characters); written when `shown` says it is set (not empty, by default).
 */
export function textParam(
  key: string,
  clean: (raw: string) => string,
  shown: (value: string) => boolean = (value) => value !== '',
): UrlParam<string> {
  return {
    parse: (params) => clean(params.get(key) ?? ''),
    write: (params, value) => {
      if (shown(value)) params.set(key, value);
    },
  };
}

/**
 * One of a fixed set of values, spelled in the address as `spelled` says (`{ '1': true, '0': false }`);
 * anything else is the fallback, which is left out.
 */
export function choiceParam<T>(key: string, spelled: Readonly<Record<string, T>>, fallback: T): UrlParam<T> {
  const byText = new Map(Object.entries(spelled));
  return {
    parse: (params) => {
      const raw = params.get(key);
      return raw !== null && byText.has(raw) ? (byText.get(raw) as T) : fallback;
    },
    write: (params, value) => {
      if (value === fallback) return;
      for (const [text, candidate] of byText) if (candidate === value) return params.set(key, text);
    },
  };
}

/** The spelling of values that are their own text in the address (statuses, sources). */
export const spelledAsIs = <T extends string | number>(values: readonly T[]): Record<string, T> =>
  Object.fromEntries(values.map((value) => [String(value), value]));

/**
 * Vietnam days from and to ('YYYY-MM-DD', both included; D269): both or none, two real days with the
 * end not before the start, else no day filter (undefined, left out of the address).
 */
export function dayRangeParam(fromKey = 'from', toKey = 'to'): UrlParam<DayRange | undefined> {
  return {
    parse: (params) => {
      const days = { from: params.get(fromKey), to: params.get(toKey) };
      return isDayRange(days) ? days : undefined;
    },
    write: (params, days) => {
      if (!days) return;
      params.set(fromKey, days.from);
      params.set(toKey, days.to);
    },
  };
}
