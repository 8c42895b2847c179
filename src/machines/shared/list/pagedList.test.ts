import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { defineList } from './pagedList';
import { selectConfirming, selectDeleteError, selectFailed, selectLoading, selectPage, selectRows, selectTotalPages } from './selectors';
import type { ListPage } from './types';

interface Row {
  id: number;
}
interface Filter {
  kind: 'a' | 'b' | null;
}

const definition = (deletion: 'close' | 'keep') => ({
  types: { row: {} as Row, filter: {} as Filter, sort: {} as 'asc' | 'desc' | null },
  pageSizes: [10, 25],
  acceptFilter: (patch: Partial<Filter>) => patch.kind === undefined || patch.kind === null || patch.kind === 'a' || patch.kind === 'b',
  acceptSort: (sort: 'asc' | 'desc' | null) => sort === 'asc' || sort === 'desc' || sort === null,
  goneCodes: ['GONE'],
  deletion,
});

const testMachine = (mode: 'close' | 'keep') => {
  const list = defineList(definition(mode));
  return list.setup.createMachine({
    id: 'testList',
    type: 'parallel',
    context: list.context({ pageSize: 10, filter: { kind: null } }, {}),
    states: { list: list.listRegion(), deletion: list.deletionRegion() },
  });
};

/** A backend with `total` rows; each call is recorded; answers come at once. */
function backend(total: number, options: { failLoads?: number; deleteError?: { code: string } } = {}) {
  let rows = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
  let failLoads = options.failLoads ?? 0;
  const loads: Array<{ page: number; pageSize: number; filter: Filter; sort: unknown }> = [];
  const deletes: number[] = [];
  const loadPage = fromPromise<ListPage<Row>, { page: number; pageSize: number; filter: Filter; sort: unknown }>(async ({ input }) => {
    loads.push(input);
    if (failLoads > 0) {
      failLoads -= 1;
      throw { code: 'NETWORK_ERROR' };
    }
    const start = (input.page - 1) * input.pageSize;
    return { rows: rows.slice(start, start + input.pageSize), totalPage: Math.ceil(rows.length / input.pageSize) };
  });
  const deleteRow = fromPromise<void, Row>(async ({ input }) => {
    deletes.push(input.id);
    if (options.deleteError) throw options.deleteError;
    rows = rows.filter((row) => row.id !== input.id);
  });
  const removeElsewhere = (count: number) => {
    rows = rows.slice(count);
  };
  return { loads, deletes, removeElsewhere, actors: { loadPage, deleteRow } };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(total: number, mode: 'close' | 'keep' = 'close', options: Parameters<typeof backend>[1] = {}) {
  const api = backend(total, options);
  const notices: string[] = [];
  const machine = testMachine(mode).provide({
    actors: api.actors,
    actions: {
      notifyDeleted: (_, params) => notices.push(`deleted ${params.row.id}`),
      notifyDeleteFailed: (_, params) => notices.push(`failed ${params.code}`),
    },
  });
  const actor = createActor(machine).start();
  await settle();
  return { actor, api, notices };
}

describe('defineList (the shared paged list)', () => {
  it('loads page 1 and pages to an existing page', async () => {
    const { actor, api } = await start(25);
    expect(selectRows(actor.getSnapshot())).toHaveLength(10);
    expect(selectTotalPages(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'PAGE.SET', page: 3 });
    expect(selectLoading(actor.getSnapshot())).toBe(true);
    await settle();
    expect(selectPage(actor.getSnapshot())).toBe(3);
    expect(selectRows(actor.getSnapshot())).toEqual([{ id: 21 }, { id: 22 }, { id: 23 }, { id: 24 }, { id: 25 }]);
    expect(api.loads.map((l) => l.page)).toEqual([1, 3]);
  });

  it('ignores a page that is not there, not a whole number, or the one shown', async () => {
    const { actor, api } = await start(25);
    for (const page of [0, 4, 1.5, Number.NaN, 1, '2' as unknown as number]) actor.send({ type: 'PAGE.SET', page });
    await settle();
    expect(api.loads).toHaveLength(1);
    expect(selectPage(actor.getSnapshot())).toBe(1);
  });

  it('accepts only offered page sizes, filters it validates and new sorts, each back to page 1', async () => {
    const { actor, api } = await start(60);
    actor.send({ type: 'PAGE.SET', page: 2 });
    await settle();
    actor.send({ type: 'PAGE_SIZE.SELECT', pageSize: 7 });
    actor.send({ type: 'FILTER.SET', filter: { kind: 'z' as 'a' } });
    actor.send({ type: 'FILTER.SET', filter: { kind: null } });
    actor.send({ type: 'SORT.SET', sort: 'sideways' as 'asc' });
    await settle();
    expect(api.loads).toHaveLength(2);
    actor.send({ type: 'PAGE_SIZE.SELECT', pageSize: 25 });
    await settle();
    actor.send({ type: 'PAGE.SET', page: 2 });
    await settle();
    actor.send({ type: 'FILTER.SET', filter: { kind: 'b' } });
    await settle();
    actor.send({ type: 'SORT.SET', sort: 'desc' });
    await settle();
    expect(api.loads.slice(2)).toEqual([
      { page: 1, pageSize: 25, filter: { kind: null }, sort: null },
      { page: 2, pageSize: 25, filter: { kind: null }, sort: null },
      { page: 1, pageSize: 25, filter: { kind: 'b' }, sort: null },
      { page: 1, pageSize: 25, filter: { kind: 'b' }, sort: 'desc' },
    ]);
  });

  it('retries after a failure and refreshes the same query', async () => {
    const { actor, api } = await start(5, 'close', { failLoads: 1 });
    expect(selectFailed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('NETWORK_ERROR');
    actor.send({ type: 'REFRESH' });
    await settle();
    expect(selectRows(actor.getSnapshot())).toHaveLength(5);
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    actor.send({ type: 'RETRY' });
    await settle();
    // RETRY is for a failure only; REFRESH reloads whatever is shown.
    expect(api.loads).toHaveLength(2);
    actor.send({ type: 'REFRESH' });
    await settle();
    expect(api.loads.map((l) => l.page)).toEqual([1, 1, 1]);
  });

  it('after deleting the last row of a page after the first, shows the page before', async () => {
    const { actor, api, notices } = await start(21);
    actor.send({ type: 'PAGE.SET', page: 3 });
    await settle();
    expect(selectRows(actor.getSnapshot())).toEqual([{ id: 21 }]);
    actor.send({ type: 'DELETE.ASK', row: { id: 21 } });
    expect(selectConfirming(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'DELETE.CONFIRM' });
    await settle();
    expect(api.deletes).toEqual([21]);
    expect(notices).toEqual(['deleted 21']);
    expect(selectPage(actor.getSnapshot())).toBe(2);
    expect(selectRows(actor.getSnapshot())).toHaveLength(10);
    // One request for the page before; none for the emptied page.
    expect(api.loads.map((l) => l.page)).toEqual([1, 3, 2]);
  });

  it('reloads the same page after deleting a row that was not the last', async () => {
    const { actor, api } = await start(22);
    actor.send({ type: 'PAGE.SET', page: 3 });
    await settle();
    actor.send({ type: 'DELETE.ASK', row: { id: 21 } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await settle();
    expect(selectPage(actor.getSnapshot())).toBe(3);
    expect(selectRows(actor.getSnapshot())).toEqual([{ id: 22 }]);
    expect(api.loads.map((l) => l.page)).toEqual([1, 3, 3]);
  });

  it('steps back when a page comes back empty because its rows were deleted elsewhere', async () => {
    const { actor, api } = await start(31);
    actor.send({ type: 'PAGE.SET', page: 4 });
    await settle();
    api.removeElsewhere(12);
    actor.send({ type: 'REFRESH' });
    await settle();
    // Page 4 is empty now and only 2 pages are left: the last one there is.
    expect(selectPage(actor.getSnapshot())).toBe(2);
    expect(selectRows(actor.getSnapshot())).toHaveLength(9);
    expect(api.loads.map((l) => l.page)).toEqual([1, 4, 4, 2]);
  });

  it('cancelling asks nothing; a refused delete closes the dialog (close) or keeps it with the reason (keep)', async () => {
    const closing = await start(3, 'close', { deleteError: { code: 'IN_USE' } });
    closing.actor.send({ type: 'DELETE.ASK', row: { id: 1 } });
    closing.actor.send({ type: 'DELETE.CANCEL' });
    expect(selectConfirming(closing.actor.getSnapshot())).toBe(false);
    closing.actor.send({ type: 'DELETE.CONFIRM' });
    await settle();
    expect(closing.api.deletes).toEqual([]);
    closing.actor.send({ type: 'DELETE.ASK', row: { id: 1 } });
    closing.actor.send({ type: 'DELETE.CONFIRM' });
    await settle();
    expect(closing.notices).toEqual(['failed IN_USE']);
    expect(selectConfirming(closing.actor.getSnapshot())).toBe(false);

    const keeping = await start(3, 'keep', { deleteError: { code: 'IN_USE' } });
    keeping.actor.send({ type: 'DELETE.ASK', row: { id: 1 } });
    keeping.actor.send({ type: 'DELETE.CONFIRM' });
    await settle();
    expect(selectConfirming(keeping.actor.getSnapshot())).toBe(true);
    expect(selectDeleteError(keeping.actor.getSnapshot())).toBe('IN_USE');
    expect(keeping.api.loads).toHaveLength(1);
  });

  it('reloads when the row was gone already (deleted in another tab)', async () => {
    const { actor, api } = await start(3, 'keep', { deleteError: { code: 'GONE' } });
    actor.send({ type: 'DELETE.ASK', row: { id: 2 } });
    actor.send({ type: 'DELETE.CONFIRM' });
    await settle();
    expect(selectDeleteError(actor.getSnapshot())).toBe('GONE');
    expect(api.loads).toHaveLength(2);
  });
});
