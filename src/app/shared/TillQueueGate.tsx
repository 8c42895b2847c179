import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../../screens/shared/LoadingScreen';
import { useTillOutbox } from './OutboxSlot';

/**
 * A local order's pages (D349) read everything from the till's queue, which opens once the session
 * has its profile: after a reload without network that is the kept profile (D367), a moment after the
 * page is drawn. Their machines start once the queue is open, so the first read finds it (a run of
 * e2e/orderpayment/offline-reopen.spec.ts saw "could not load the order" there, D366). A browser that
 * never opens one (no IndexedDB) gets the page after `waitMs`, whose reads then say the service is needed.
 * Beside the pages, not in OutboxSlot: the shell loads that one, and its size budget is full (D362).
 */
export function TillQueueGate({ children, waitMs = 10_000 }: { children: ReactNode; waitMs?: number }) {
  const outbox = useTillOutbox();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (outbox) return undefined;
    const timer = setTimeout(() => setWaited(true), waitMs);
    return () => clearTimeout(timer);
  }, [outbox, waitMs]);
  if (!outbox && !waited) return <LoadingScreen />;
  return children;
}
