import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import type { Actor, AnyStateMachine, ContextFrom, InputFrom } from 'xstate';
import type { ListUrl } from '../../machines/shared/list/url';
import { useRuntime } from './composition';
import { useAddressQuery } from './use-address-query';

export interface ListPageOptions<TLogic extends AnyStateMachine, Q> {
  /**
   * The query as the machine holds it; by default the context's fields of the query's own names
   * (page, pageSize, filter, sort…), so only a list whose query is spelled differently says it.
   */
  read?: (context: ContextFrom<TLogic>) => Q;
  /** The machine's input for the query read from the address; `{ query }` by default. */
  input?: (query: Q) => InputFrom<TLogic>;
  /** Hands the machine a query read from the address; `QUERY.REPLACE { query }` by default. */
  replace?: (actor: Actor<TLogic>, query: Q) => void;
}

/**
 * A route's list page (D268): starts the list machine on the query in the address (the list's
 * codec, `defineListUrl`), with the runtime's inspector, and keeps the two in step through
 * `useAddressQuery` (each change a history entry, Back or an edited address handed back to the
 * machine). The route passes the provided machine and the codec; the rest is the same for every list.
 */
export function useListPage<TLogic extends AnyStateMachine, Q>(
  logic: TLogic,
  url: ListUrl<Q>,
  options: ListPageOptions<TLogic, Q> = {},
): Actor<TLogic> {
  const [params] = useSearchParams();
  // The address when the page opens; later addresses reach the machine through useAddressQuery.
  const initial = useMemo(() => url.parse(params), []); // eslint-disable-line react-hooks/exhaustive-deps
  const { inspect } = useRuntime();
  const input = options.input ? options.input(initial) : { query: initial };
  const actor = useActorRef(logic as AnyStateMachine, { input, inspect }) as Actor<TLogic>;

  const fields = useMemo(() => Object.keys(initial as object), [initial]);
  useAddressQuery(
    actor,
    {
      read: (snapshot) => {
        const context = (snapshot as { context: ContextFrom<TLogic> }).context;
        if (options.read) return options.read(context);
        return Object.fromEntries(fields.map((key) => [key, (context as Record<string, unknown>)[key]])) as Q;
      },
      parse: url.parse,
      format: url.format,
      replace: (query) =>
        options.replace
          ? options.replace(actor, query)
          : (actor as unknown as { send: (event: { type: 'QUERY.REPLACE'; query: Q }) => void }).send({ type: 'QUERY.REPLACE', query }),
    },
    initial,
  );
  return actor;
}
