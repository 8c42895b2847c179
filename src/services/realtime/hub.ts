/**
 * The portal's side of the realtime sockets (core §7 "Realtime"), as the rest of the app sees it.
 * One socket.io connection per namespace, started with the session and closed at sign-out
 * (src/app/shared/realtime-runtime.ts). Payloads are `unknown` here: each consumer validates its event
 * with zod before use.
 */
export type RealtimeNamespace = 'va' | 'sale';

/** What the quiet indicator in the top bar shows. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface ConnectedInfo {
  /** First connection of this session. */
  first: boolean;
  /**
   * socket.io replayed what was missed while disconnected. False after a reconnect means events may
   * have been lost: screens that depend on them fetch again.
   */
  recovered: boolean;
}

export interface RealtimeHub {
  /** Listens to one event of a namespace; returns the unsubscribe. */
  on(namespace: RealtimeNamespace, event: string, handler: (payload: unknown) => void): () => void;
  /** After every (re)connection of a namespace. */
  onConnected(namespace: RealtimeNamespace, handler: (info: ConnectedInfo) => void): () => void;
  status(): ConnectionStatus;
  onStatus(handler: (status: ConnectionStatus) => void): () => void;
}
