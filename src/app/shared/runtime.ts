import { createActor, fromCallback, type EventObject, type InspectionEvent } from 'xstate';
import type { AppConfig } from '../../config';
import { sessionMachine } from '../../machines/session/session.machine';
import { createAuthActors, createSessionActions, type AuthActors } from '../../services/auth/actors';
import type { KeptProfiles } from '../../services/auth/kept-profile';
import { createHttpClients, createSessionAuthPort, type HttpClients, type SessionActorLike } from '../../services/http';
import { createPortalApi, type PortalApi } from '../../services/shared/portal';
import { appStorage, type AppStorage } from '../../services/shared/storage';
import { inspectorFieldsFor } from '../areas';
import { oneShot } from './sso-fragment';

export type SessionActor = ReturnType<typeof createSessionActor>;
export type InspectCallback = (event: InspectionEvent) => void;

/** Where the session machine's router actions go; set once the router exists. */
export interface Navigation {
  goToLogin(): void;
  redirectToSso(): void;
}

/**
 * The inspect callback for features.inspector. The reporter loads as its own chunk, so the
 * entry (and /login) carries only this forwarder; events before it arrives wait in a bounded queue.
 */
function lazyInspect(): InspectCallback {
  let target: InspectCallback | null = null;
  let queue: InspectionEvent[] | null = [];
  import('../../services/shared/inspection').then(
    ({ createInspectionReporter }) => {
      target = createInspectionReporter({ shownFields: inspectorFieldsFor })?.inspect ?? null;
      const pending = queue ?? [];
      queue = null;
      if (target) pending.forEach(target);
    },
    // A diagnostic aid that failed to load must not disturb the portal: stop queueing, carry on.
    () => {
      queue = null;
    },
  );
  return (event) => {
    if (target) target(event);
    else if (queue && queue.length < 2000) queue.push(event);
  };
}

/**
 * The kept profile's store (D367) loads at its first use, in its own chunk: IndexedDB's wrapper stays
 * out of /login's and the entry's closure (size budgets, D362). A failed load is tried again next time.
 */
function lazyKeptProfiles(): KeptProfiles {
  let loading: Promise<KeptProfiles> | null = null;
  const store = () => {
    loading ??= import('../../services/auth/kept-profile').then(({ createKeptProfiles }) => createKeptProfiles());
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return {
    read: async (tokens) => (await store()).read(tokens),
    keep: async (profile, tokens) => (await store()).keep(profile, tokens),
    clear: async () => (await store()).clear(),
  };
}

/** How often a session opened from the kept profile asks the service again when nothing else tells it to. */
export const KEPT_PROFILE_RETRY_MS = 30_000;

/**
 * While the session runs on the kept profile (D367): PROFILE.RELOAD when the browser says the
 * network is back, when any portal or sale call is answered (the till's probe, a page's read), and
 * every 30 s besides (a network that was up while the service was not).
 */
function watchServiceBack(clients: HttpClients) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const reload = () => sendBack({ type: 'PROFILE.RELOAD' });
    window.addEventListener('online', reload);
    const stops = [clients.portal.onAnswered(reload), clients.sale.onAnswered(reload)];
    const timer = setInterval(reload, KEPT_PROFILE_RETRY_MS);
    return () => {
      window.removeEventListener('online', reload);
      stops.forEach((stop) => stop());
      clearInterval(timer);
    };
  });
}

function createSessionActor(
  config: AppConfig,
  authActors: AuthActors,
  storage: AppStorage,
  clients: HttpClients,
  keptProfiles: KeptProfiles,
  navigation: Navigation,
  inspect: InspectCallback | undefined,
) {
  const sessionActions = createSessionActions({ storage, keptProfiles, onSessionCleared: () => clients.resetExchangedToken() });
  const logic = sessionMachine.provide({
    actors: {
      restoreSession: authActors.restoreSession,
      loadProfile: authActors.loadProfile,
      readKeptProfile: authActors.readKeptProfile,
      watchServiceBack: watchServiceBack(clients),
      refreshTokens: authActors.refreshTokens,
      logoutCall: authActors.logoutCall,
      watchOtherTabs: authActors.watchOtherTabs,
    },
    actions: {
      ...sessionActions,
      goToLogin: () => navigation.goToLogin(),
    },
  });
  return createActor(logic, { input: { idleLimitMs: config.idleLimitMinutes * 60_000 }, ...(inspect ? { inspect } : {}) });
}

/**
 * Everything the app wires once per page load: one set of http clients on one AuthPort, one
 * session actor. Pages reach it through React context (composition.tsx: RuntimeProvider, useRuntime,
 * useAreaActors; D279), so lazy route modules keep machines out of the entry.
 */
export interface Runtime {
  config: AppConfig;
  storage: AppStorage;
  clients: HttpClients;
  portal: PortalApi;
  authActors: AuthActors;
  session: SessionActor;
  navigation: Navigation;
  /**
   * Pass to every createActor / useActorRef: reports actors to /portal/inspector. Undefined unless
   * `features.inspector` is on, so a normal deployment pays nothing for it.
   */
  inspect: InspectCallback | undefined;
  /** The single-sign-on return's access token taken from the address at start-up (sso-fragment.ts), handed out once. */
  ssoReturn: { take(): string | null };
}

export interface RuntimeOptions {
  /** What captureSsoFragment took out of the address bar, if anything. */
  ssoAccessToken?: string | null;
}

export function createRuntime(config: AppConfig, options: RuntimeOptions = {}): Runtime {
  const storage = appStorage;
  const inspect = config.features.inspector ? lazyInspect() : undefined;
  // The port needs the actor and the actor's services need the port: the port reaches the actor
  // through this indirection, which is filled in before anything can make a request.
  let session: SessionActor | null = null;
  const actorForPort: SessionActorLike = {
    send: (event) => session?.send(event),
    getSnapshot: () => session!.getSnapshot(),
    subscribe: (next, error, complete) => session!.subscribe({ next, error, complete }),
  };
  const clients = createHttpClients(config, { auth: createSessionAuthPort(actorForPort) });
  const portal = createPortalApi(clients.portal);
  const keptProfiles = lazyKeptProfiles();
  const authActors = createAuthActors({ portal, storage, keptProfiles });
  const navigation: Navigation = {
    goToLogin: () => {},
    redirectToSso: () => {},
  };
  session = createSessionActor(
    config,
    authActors,
    storage,
    clients,
    keptProfiles,
    {
      goToLogin: () => navigation.goToLogin(),
      redirectToSso: () => navigation.redirectToSso(),
    },
    inspect,
  );
  return { config, storage, clients, portal, authActors, session, navigation, inspect, ssoReturn: oneShot(options.ssoAccessToken ?? null) };
}
