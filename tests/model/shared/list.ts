import type { AnyStateMachine } from 'xstate';
import type { ListDefinitionInfo } from '../../../src/machines/shared/list/pagedList';
import { LIST_NOTICES, type ListContext, type ListPage } from '../../../src/machines/shared/list/types';
import { describeModel, type ModelSpec } from './harness';
import type { ModelPath, SampleEvent } from './paths';
import type { ReplayOutcome } from './replay';

/**
 * Model path tests for any list built with defineList (src/machines/shared/list): the shared
 * events (page, size, filter, sort, retry, refresh, delete with confirmation) and every outcome of
 * `loadPage` and `deleteRow`, in variants whose coverage adds up (paging; filter and sort; delete), plus the
 * area's own variants. Each path is checked against the list's promises (every request is the
 * context's query, a change of query starts again at page 1, nothing is deleted unconfirmed, a
 * delete reloads and steps back from an emptied page). Coverage is reported like every machine's.
 */

export interface ListSamples<Row> {
  /** An answer with rows and a page after it (totalPage ≥ 2). */
  page: ListPage<Row>;
  /** An answer with no rows. */
  emptyPage: ListPage<Row>;
  /** For a list that deletes: an answer with one row, as page 2 (deleting it steps back). */
  lastRowPage?: ListPage<Row>;
  loadError: unknown;
  pageSize: { accepted: number; refused: number };
  /** FILTER.SET patches; a list without filters leaves this out (its patches are all refused). */
  filter?: { accepted: readonly object[]; refused?: readonly object[] };
  /** SORT.SET values; a list without sorting leaves this out. */
  sort?: { accepted: readonly unknown[]; refused?: readonly unknown[] };
  /** For a list with a deletion region: the row and the failures (one of them a gone code, if the list has any). */
  delete?: { row: Row; errors: readonly unknown[] };
}

export interface ListVariant {
  variant: string;
  /** The area's events, with the list's answers it needs (e.g. a loaded page to open a detail from). */
  events: readonly SampleEvent[];
  /** More event types to leave out. The list's commands and other variants' events are left out unless `events` has samples of them. */
  ignore?: readonly string[];
}

export interface ListModelSpec<Row> {
  name: string;
  machine: AnyStateMachine;
  /** The list definition (defineList's result) the machine was built from. */
  list: ListDefinitionInfo;
  samples: ListSamples<Row>;
  input?: unknown;
  /** The area's own actors and app actions (loadPage, deleteRow and the delete notifications are the list's). */
  promiseActors?: readonly string[];
  callbackActors?: readonly string[];
  spyActions?: readonly string[];
  /** The area's context fields that guards read, reduced to a few values (see PathGenerationOptions.project). */
  project?: (context: never) => unknown;
  variants?: readonly ListVariant[];
  /** More assertions on a passed replay. Throw to fail. */
  check?: (outcome: ReplayOutcome, path: ModelPath) => void;
  limit?: number;
}

const QUERY_COMMANDS = ['PAGE.SET', 'PAGE_SIZE.SELECT', 'FILTER.SET', 'SORT.SET'] as const;
const PAGING_COMMANDS = [...QUERY_COMMANDS, 'RETRY', 'REFRESH'] as const;
const DELETE_COMMANDS = ['DELETE.ASK', 'DELETE.CONFIRM', 'DELETE.CANCEL'] as const;
const LIST_COMMANDS: readonly string[] = [...PAGING_COMMANDS, ...DELETE_COMMANDS];

type AnyListContext = ListContext<unknown, unknown, unknown>;

/** The list's part of the state key: what its guards read, reduced. */
export function listProjection(c: AnyListContext) {
  return {
    page: c.page,
    morePages: c.totalPage > 1,
    size: c.pageSize,
    filter: c.filter,
    sort: c.sort,
    rows: Math.min(c.rows.length, 2),
    target: c.target !== null,
    deleteError: c.deleteError !== null,
  };
}

function loadAnswers<Row>(samples: ListSamples<Row>): SampleEvent[] {
  return [
    { type: 'xstate.done.actor.loadPage', output: samples.page },
    { type: 'xstate.done.actor.loadPage', output: samples.emptyPage },
    { type: 'xstate.error.actor.loadPage', error: samples.loadError },
  ];
}

/** Paging, size, retry and refresh, with every answer of loadPage. */
export function pagingEvents<Row>(samples: ListSamples<Row>): SampleEvent[] {
  return [
    ...loadAnswers(samples),
    { type: 'PAGE.SET', page: 2 },
    { type: 'PAGE.SET', page: 1 },
    // Past the last page: refused.
    { type: 'PAGE.SET', page: 99 },
    { type: 'PAGE_SIZE.SELECT', pageSize: samples.pageSize.accepted },
    { type: 'PAGE_SIZE.SELECT', pageSize: samples.pageSize.refused },
    { type: 'RETRY' },
    { type: 'REFRESH' },
  ];
}

/** Filter and sort (accepted and refused), from page 1 and from page 2, with every answer of loadPage. */
export function filterEvents<Row>(samples: ListSamples<Row>): SampleEvent[] {
  if (!samples.filter && !samples.sort) return [];
  return [
    ...loadAnswers(samples),
    { type: 'PAGE.SET', page: 2 },
    ...(samples.filter?.accepted ?? []).map((filter) => ({ type: 'FILTER.SET', filter })),
    ...(samples.filter?.refused ?? []).map((filter) => ({ type: 'FILTER.SET', filter })),
    ...(samples.sort?.accepted ?? []).map((sort) => ({ type: 'SORT.SET', sort })),
    ...(samples.sort?.refused ?? []).map((sort) => ({ type: 'SORT.SET', sort })),
  ];
}

/** Delete with confirmation with every answer of deleteRow, on page 1 and on a later page's last row. */
export function deleteEvents<Row>(samples: ListSamples<Row>): SampleEvent[] {
  if (!samples.delete) return [];
  return [
    { type: 'xstate.done.actor.loadPage', output: samples.page },
    ...(samples.lastRowPage ? [{ type: 'xstate.done.actor.loadPage', output: samples.lastRowPage }] : []),
    { type: 'xstate.done.actor.loadPage', output: samples.emptyPage },
    { type: 'PAGE.SET', page: 2 },
    { type: 'DELETE.ASK', row: samples.delete.row },
    { type: 'DELETE.CONFIRM' },
    { type: 'DELETE.CANCEL' },
    { type: 'xstate.done.actor.deleteRow', output: undefined },
    ...samples.delete.errors.map((error) => ({ type: 'xstate.error.actor.deleteRow', error })),
  ];
}

const typesOf = (events: readonly SampleEvent[]) => new Set(events.map((event) => event.type));
const codeOf = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : 'UNKNOWN_ERROR';
const query = (c: AnyListContext) => JSON.stringify([c.page, c.pageSize, c.filter, c.sort]);

/** The list's promises, checked on every step of every path. */
export function checkListPath(list: ListDefinitionInfo, outcome: ReplayOutcome): void {
  for (const step of outcome.steps) {
    const before = step.before?.context as AnyListContext | undefined;
    const after = step.after.context as AnyListContext;
    const actions = step.actions.map((call) => call.action);
    const loads = step.invoked.filter((call) => call.id === 'loadPage');
    const where = `${step.event.type}:`;
    for (const call of loads) {
      const expected = JSON.stringify(list.loadInput(after as never));
      if (JSON.stringify(call.input) !== expected) throw new Error(`${where} loaded ${JSON.stringify(call.input)} for ${expected}`);
    }
    if (before && (QUERY_COMMANDS as readonly string[]).includes(step.event.type)) {
      const changed = query(before) !== query(after);
      if (changed !== loads.length > 0) throw new Error(`${where} query ${changed ? 'changed without' : 'unchanged with'} a request`);
      if (changed && step.event.type !== 'PAGE.SET' && after.page !== 1) throw new Error(`${where} kept page ${after.page}`);
    }
    if (step.invoked.some((call) => call.id === 'deleteRow') && step.before?.hasTag('confirming') !== true)
      throw new Error(`${where} deleted without confirmation`);
    const deleted = step.event.type === 'xstate.done.actor.deleteRow';
    if (deleted !== actions.includes('notifyDeleted')) throw new Error(`${where} the success notice is out of step with the delete`);
    if (deleted && before) {
      if (!step.after.hasTag('loading') || after.target !== null) throw new Error(`${where} no reload after a delete`);
      const expectedPage = before.page > 1 && before.rows.length <= 1 ? before.page - 1 : before.page;
      if (after.page !== expectedPage)
        throw new Error(`${where} page ${after.page} after deleting from page ${before.page} (${before.rows.length} rows)`);
    }
    if (step.event.type === 'xstate.error.actor.deleteRow') {
      if (!actions.includes('notifyDeleteFailed')) throw new Error(`${where} a refused delete said nothing`);
      const gone = list.goneCodes.includes(codeOf((step.event as unknown as { error: unknown }).error));
      if (gone !== loads.length > 0)
        throw new Error(`${where} reload after ${codeOf((step.event as unknown as { error: unknown }).error)} was ${!gone}`);
    }
  }
}

/** The ModelSpec for describeModel. */
export function listModelSpec<Row>(spec: ListModelSpec<Row>): ModelSpec {
  const areaTypes = new Set<string>();
  for (const variant of spec.variants ?? [])
    for (const type of typesOf(variant.events)) if (!LIST_COMMANDS.includes(type)) areaTypes.add(type);
  // Area events answered by the list's own actors are the list's, not the area's.
  for (const type of [...areaTypes]) if (/^xstate\.(done|error)\.actor\.(loadPage|deleteRow)$/.test(type)) areaTypes.delete(type);
  const notices: readonly string[] = LIST_NOTICES;
  const project = ((c: AnyListContext) => ({ list: listProjection(c), area: spec.project ? spec.project(c as never) : null })) as (
    context: never,
  ) => unknown;
  const base = { input: spec.input, project, limit: spec.limit };

  const variants: ModelSpec['variants'] = [
    {
      ...base,
      variant: 'paging',
      events: pagingEvents(spec.samples),
      ignore: ['FILTER.SET', 'SORT.SET', ...DELETE_COMMANDS, ...areaTypes, ...notices],
    },
  ];
  // A variant of their own: with paging and size beside them the state space multiplies.
  if (spec.samples.filter || spec.samples.sort) {
    variants.push({
      ...base,
      variant: 'filter and sort',
      events: filterEvents(spec.samples),
      ignore: ['PAGE_SIZE.SELECT', 'RETRY', 'REFRESH', ...DELETE_COMMANDS, ...areaTypes, ...notices],
    });
  }
  if (spec.samples.delete) {
    variants.push({
      ...base,
      variant: 'delete',
      events: deleteEvents(spec.samples),
      ignore: ['PAGE_SIZE.SELECT', 'FILTER.SET', 'SORT.SET', 'RETRY', 'REFRESH', 'xstate.error.actor.loadPage', ...areaTypes, ...notices],
    });
  }
  for (const variant of spec.variants ?? []) {
    const own = typesOf(variant.events);
    variants.push({
      ...base,
      variant: variant.variant,
      events: variant.events,
      ignore: [
        // Another variant's events stay there; so do the list's commands this one has no samples of.
        ...[...LIST_COMMANDS, ...areaTypes].filter((type) => !own.has(type)),
        // The list's failures belong to the shared variants unless the area samples them.
        ...['xstate.error.actor.loadPage', 'xstate.error.actor.deleteRow'].filter((type) => !own.has(type)),
        ...notices,
        ...(variant.ignore ?? []),
      ],
    });
  }

  return {
    name: spec.name,
    machine: spec.machine,
    promiseActors: ['loadPage', 'deleteRow', ...(spec.promiseActors ?? [])],
    callbackActors: spec.callbackActors,
    spyActions: ['notifyDeleted', 'notifyDeleteFailed', ...(spec.spyActions ?? [])],
    variants,
    check(outcome, path) {
      checkListPath(spec.list, outcome);
      spec.check?.(outcome, path);
    },
  };
}

/** One test per generated path of the list, then the 100% coverage test (tests/model/shared/harness). */
export function describeListModel<Row>(spec: ListModelSpec<Row>): void {
  describeModel(listModelSpec(spec));
}
