import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/** How one list's query is read from its machine, written to the address and read back from it. */
export interface AddressQuery<TActor extends AnyActorRef, Q> {
  /** The query as the machine holds it now. */
  read: (snapshot: SnapshotFrom<TActor>) => Q;
  /** The query an address asks for (the area's `…FromSearchParams`). */
  parse: (params: URLSearchParams) => Q;
  /** The address of a query (the area's `…ToSearchParams`); its defaults are left out. */
  format: (query: Q) => URLSearchParams;
  /**
   * Hands the machine a query read from the address (its `QUERY.REPLACE`). It sends the event itself:
   * an event returned through the generic signature would lose its literal `type`.
   */
  replace: (query: Q) => void;
}

/**
 * Keeps a list machine's query and the address bar in step (bookmarkable, restored with Back).
 * `initial` is the query the machine was started with, read from the address by the caller.
 */
export function useAddressQuery<TActor extends AnyActorRef, Q>(actor: TActor, query: AddressQuery<NoInfer<TActor>, Q>, initial: Q): void {
  const [params, setParams] = useSearchParams();
  // The address both sides last agreed on, normalised. Without it each write would come back as an
  // address change and be sent to the machine again; normalising means an address that spells the
  // same query differently (a default written out) is no change.
  const lastWritten = useRef(query.format(initial).toString());

  // Routes pass `query` inline, closing over their props (the report's channel): effect events see
  // the latest without restarting the subscription on every render.
  const addressOf = useEffectEvent((snapshot: SnapshotFrom<TActor>) => query.format(query.read(snapshot)).toString());
  const applyAddress = useEffectEvent((search: string) => {
    const parsed = query.parse(new URLSearchParams(search));
    const normalised = query.format(parsed).toString();
    if (normalised === lastWritten.current) return;
    lastWritten.current = normalised;
    query.replace(parsed);
  });

  // Machine → address: each applied change is a history entry, so Back steps through them.
  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      const next = addressOf(snapshot);
      if (next === lastWritten.current) return;
      lastWritten.current = next;
      setParams(new URLSearchParams(next));
    });
    return () => sub.unsubscribe();
  }, [actor, setParams]);

  // Address → machine: Back, Forward or an edited address.
  const current = params.toString();
  useEffect(() => applyAddress(current), [current]);
}
