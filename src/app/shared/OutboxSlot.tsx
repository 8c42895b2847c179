import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { selectOutboxBanner } from '../../machines/shared/outbox/selectors';
import { OutboxBanner } from '../../screens/shared/OutboxBanner';
import { useAreaActors } from './composition';
import { outboxOf, type OutboxActor, type TillOutbox } from './outbox';

/** The signed-in till user's outbox (null while signed out, opening, or for a merchant without a till). */
export function useTillOutbox(): TillOutbox | null {
  const outboxes = useAreaActors(outboxOf);
  return useSyncExternalStore(outboxes.subscribe, outboxes.current);
}

function Banner({ actor }: { actor: OutboxActor }) {
  const banner = useSelector(actor, selectOutboxBanner, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  return (
    <OutboxBanner
      online={banner.online}
      waiting={banner.waiting}
      conflict={banner.conflict}
      canResolve={banner.canResolve}
      onDiscard={() => actor.send({ type: 'RESOLVE.DISCARD' })}
      onRetry={() => actor.send({ type: 'RESOLVE.RETRY' })}
    />
  );
}

/** The shell's banner of the till's queue (D339): only for a signed-in till user. */
export function OutboxSlot() {
  const outbox = useTillOutbox();
  return outbox ? <Banner key={outbox.owner} actor={outbox.actor} /> : null;
}

/**
 * True while the signed-in till user's outbox says the service cannot be reached (D339): the payment
 * page refuses QR, card and link then. False without an outbox (no till, or no IndexedDB).
 */
export function useTillOffline(): boolean {
  const outbox = useTillOutbox();
  const actor = outbox?.actor ?? null;
  return useSyncExternalStore(
    (listener) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    () => (actor ? !actor.getSnapshot().context.online : false),
  );
}
