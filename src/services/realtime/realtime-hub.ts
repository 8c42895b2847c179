import {
  createRealtimeConnection,
  type ConnectionTokens,
  type CreateConnectionDriver,
  type RealtimeConnection,
  type SocketFactory,
} from './connection';
import type { ConnectedInfo, ConnectionStatus, RealtimeHub, RealtimeNamespace } from './hub';

/** The hub of hub.ts on two sockets, plus the controls the app runtime needs (start, stop). */
export interface RealtimeHubController extends RealtimeHub {
  start(): void;
  stop(): void;
  retry(): void;
  online(online: boolean): void;
}

export interface RealtimeHubOptions {
  origin: string;
  path: string;
  namespaces: Record<RealtimeNamespace, string>;
  tokens: Record<RealtimeNamespace, ConnectionTokens>;
  random?: () => number;
  socketFactory?: SocketFactory;
  /** Steers each socket (the app plugs in the realtimeConnection machine). */
  driver: CreateConnectionDriver;
  /** A consumer's handler threw; the others still run. */
  onHandlerError?: (error: unknown) => void;
}

const NAMESPACES: readonly RealtimeNamespace[] = ['va', 'sale'];
// The indicator shows the worst of the two sockets.
const SEVERITY: readonly ConnectionStatus[] = ['offline', 'reconnecting', 'connecting', 'connected', 'idle'];

export function combineStatus(statuses: readonly ConnectionStatus[]): ConnectionStatus {
  return SEVERITY.find((s) => statuses.includes(s)) ?? 'idle';
}

export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHubController {
  const eventHandlers = new Map<string, Set<(payload: unknown) => void>>();
  const connectedHandlers = new Map<RealtimeNamespace, Set<(info: ConnectedInfo) => void>>();
  const statusHandlers = new Set<(status: ConnectionStatus) => void>();
  const key = (ns: RealtimeNamespace, event: string) => `${ns}\u0000${event}`;

  function safely<T>(handler: (value: T) => void, value: T): void {
    try {
      handler(value);
    } catch (error) {
      options.onHandlerError?.(error);
    }
  }

  let combined: ConnectionStatus = 'idle';
  const connections = {} as Record<RealtimeNamespace, RealtimeConnection>;
  const publishStatus = () => {
    const next = combineStatus(NAMESPACES.map((ns) => connections[ns]?.status() ?? 'idle'));
    if (next === combined) return;
    combined = next;
    for (const handler of [...statusHandlers]) safely(handler, next);
  };

  for (const ns of NAMESPACES) {
    connections[ns] = createRealtimeConnection({
      origin: options.origin,
      path: options.path,
      namespace: options.namespaces[ns],
      tokens: options.tokens[ns],
      ...(options.random ? { random: options.random } : {}),
      ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
      driver: options.driver,
      onEvent: (event, payload) => {
        for (const handler of [...(eventHandlers.get(key(ns, event)) ?? [])]) safely(handler, payload);
      },
      onConnected: (info) => {
        for (const handler of [...(connectedHandlers.get(ns) ?? [])]) safely(handler, info);
      },
      onStatus: publishStatus,
    });
  }

  return {
    on(ns, event, handler) {
      const k = key(ns, event);
      const set = eventHandlers.get(k) ?? new Set();
      eventHandlers.set(k, set);
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) eventHandlers.delete(k);
      };
    },
    onConnected(ns, handler) {
      const set = connectedHandlers.get(ns) ?? new Set();
      connectedHandlers.set(ns, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    status: () => combined,
    onStatus(handler) {
      statusHandlers.add(handler);
      return () => void statusHandlers.delete(handler);
    },
    start: () => NAMESPACES.forEach((ns) => connections[ns].start()),
    stop: () => NAMESPACES.forEach((ns) => connections[ns].stop()),
    retry: () => NAMESPACES.forEach((ns) => connections[ns].retry()),
    online: (online) => NAMESPACES.forEach((ns) => connections[ns].online(online)),
  };
}
