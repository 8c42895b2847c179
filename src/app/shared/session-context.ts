import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor } from './runtime';

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

/** The one session actor of the page (created in runtime.ts), shared through React context. */
export const SessionContext = createContext<SessionActor | null>(null);

export function useSession(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside <SessionContext.Provider>');
  return actor;
}

export function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSession(), selector, compare);
}

export const selectSignedIn = (s: SessionSnapshot) => s.hasTag('signedIn');
export const selectRestoring = (s: SessionSnapshot) => s.hasTag('restoring');
