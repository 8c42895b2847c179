import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Runtime } from './runtime';

/**
 * The composition root's reach into the pages (D279): the runtime is built once at boot and handed
 * down through React context; each area wires its own actors in one file (`src/app/<area>/actors.ts`,
 * a factory of the scope) and gets them with `useAreaActors(factory)`. What a factory makes is kept
 * per runtime in the scope, never in module state, so a test that renders with its own runtime gets
 * its own actors, and nothing is made before the page that needs it loads.
 */
export interface AppScope {
  readonly runtime: Runtime;
  /** The value `factory` makes for this runtime: made on first use, the same one afterwards. */
  use<T>(factory: AreaFactory<T>): T;
}

/** One area's wiring (its services' clients and actors) for one runtime; may use other factories through the scope. */
export type AreaFactory<T> = (scope: AppScope) => T;

export function createAppScope(runtime: Runtime): AppScope {
  const made = new Map<AreaFactory<unknown>, unknown>();
  const scope: AppScope = {
    runtime,
    use<T>(factory: AreaFactory<T>): T {
      if (!made.has(factory)) made.set(factory, factory(scope));
      return made.get(factory) as T;
    },
  };
  return scope;
}

const ScopeContext = createContext<AppScope | null>(null);

/** At the root (App) and in tests: everything below reads this runtime and its area wiring. */
export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  const scope = useMemo(() => createAppScope(runtime), [runtime]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

export function useAppScope(): AppScope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('useAppScope outside <RuntimeProvider>');
  return scope;
}

export function useRuntime(): Runtime {
  return useAppScope().runtime;
}

/** The area's actors (or any scope factory's value) for the runtime of this tree. */
export function useAreaActors<T>(factory: AreaFactory<T>): T {
  return useAppScope().use(factory);
}
