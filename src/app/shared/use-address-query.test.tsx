import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { MemoryRouter, useLocation, useNavigate, useSearchParams, type NavigateFunction } from 'react-router-dom';
import { assign, setup, type Actor } from 'xstate';
import { useAddressQuery } from './use-address-query';

afterEach(cleanup);

/** The smallest list query: a page, page 1 left out of the address. */
interface PageQuery {
  page: number;
}
const parse = (params: URLSearchParams): PageQuery => {
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page > 1 ? page : 1 };
};
const format = ({ page }: PageQuery) => new URLSearchParams(page > 1 ? { page: String(page) } : {});

/** Counts the queries it is handed, so a test can tell one QUERY.REPLACE from none or two. */
const pager = setup({
  types: {
    input: {} as { query: PageQuery },
    context: {} as { page: number; replaced: number },
    events: {} as { type: 'PAGE.SET'; page: number } | { type: 'QUERY.REPLACE'; query: PageQuery },
  },
}).createMachine({
  context: ({ input }) => ({ page: input.query.page, replaced: 0 }),
  on: {
    'PAGE.SET': { actions: assign({ page: ({ event }) => event.page }) },
    'QUERY.REPLACE': { actions: assign({ page: ({ event }) => event.query.page, replaced: ({ context }) => context.replaced + 1 }) },
  },
});

function mount(path: string) {
  const seen: { actor: Actor<typeof pager> | null; navigate: NavigateFunction | null; history: string[] } = {
    actor: null,
    navigate: null,
    history: [],
  };

  function ListPage() {
    const [params] = useSearchParams();
    const initial = useMemo(() => parse(params), []); // eslint-disable-line react-hooks/exhaustive-deps
    const actor = useActorRef(pager, { input: { query: initial } });
    useAddressQuery(
      actor,
      {
        read: ({ context: { page } }) => ({ page }),
        parse,
        format,
        replace: (query) => actor.send({ type: 'QUERY.REPLACE', query }),
      },
      initial,
    );
    seen.actor = actor;
    return null;
  }

  /** One row per history entry the router has shown: how many writes reached the address. */
  function Probe() {
    const location = useLocation();
    seen.navigate = useNavigate();
    useEffect(() => {
      seen.history.push(location.search);
    }, [location.key, location.search]);
    return null;
  }

  render(
    <MemoryRouter initialEntries={[path]}>
      <ListPage />
      <Probe />
    </MemoryRouter>,
  );
  const actor = () => seen.actor!;
  const context = () => actor().getSnapshot().context;
  const go = (to: string | number) => act(async () => void (typeof to === 'number' ? seen.navigate!(to) : seen.navigate!(to)));
  const send = (page: number) => act(async () => actor().send({ type: 'PAGE.SET', page }));
  return { seen, context, go, send };
}

describe('useAddressQuery', () => {
  it('writes a machine change to the address once, as a history entry, and the same value never again', async () => {
    const { seen, context, send } = mount('/list');
    await send(2);
    expect(seen.history).toEqual(['', '?page=2']);
    await send(2);
    await send(2);
    expect(seen.history).toEqual(['', '?page=2']);
    // Its own write is not read back as an address change.
    expect(context().replaced).toBe(0);
  });

  it('does not write the query the machine started with', async () => {
    const { seen, send } = mount('/list?page=3');
    await send(3);
    expect(seen.history).toEqual(['?page=3']);
  });

  it('sends an address change (edited, Back) to the machine once, and writes nothing back', async () => {
    const { seen, context, go, send } = mount('/list');
    await go('/list?page=4');
    expect(context()).toEqual({ page: 4, replaced: 1 });
    await send(5);
    await go(-1);
    expect(context()).toEqual({ page: 4, replaced: 2 });
    expect(seen.history).toEqual(['', '?page=4', '?page=5', '?page=4']);
  });

  it('sends nothing for an address that spells the same query differently', async () => {
    const { seen, context, go } = mount('/list?page=2');
    await go('/list?page=02');
    await go('/list?page=2&unknown=1');
    expect(context()).toEqual({ page: 2, replaced: 0 });
    expect(seen.history).toEqual(['?page=2', '?page=02', '?page=2&unknown=1']);
  });
});
