import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page component whose chunk can be fetched before React asks for it. */
export type PageComponent = ComponentType & { preload?: () => Promise<unknown> };

/**
 * `React.lazy` with a `preload()` that starts the same download. Start-up calls it for the page in the
 * address bar while the configuration is still on its way, so the page's chunks and config.json arrive
 * together instead of one after the other (total blocking time).
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> } {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}
