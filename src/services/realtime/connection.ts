import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import {
  connectionStatusOf,
  realtimeConnectionMachine,
  type RealtimeConnectionSnapshot,
} from '../../machines/notifications/realtimeConnection.machine';
import type { ConnectedInfo, ConnectionStatus } from './hub';

/**
 * One socket.io namespace driven by the realtimeConnection machine. socket.io's own reconnection is
 * off: the machine decides when to retry (back-off, token renewal, offline), so the indicator and
 * the retries can never disagree. The socket keeps its recovery id across retries of one session;
 * a new session gets a new socket, so it can never resume a previous user's room.
 */

export interface ConnectionTokens {
  /** The token for the handshake, or null without a session. */
  get(): Promise<string | null>;
  /** The server refused the handshake with `code` (TOKEN_EXPIRED): renew before the next try. */
  renew(code: string): Promise<void>;
}

export type SocketFactory = (uri: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface ConnectionOptions {
  /** Absolute origin of the socket server. */
  origin: string;
  path: string;
  namespace: string;
  tokens: ConnectionTokens;
  onEvent(event: string, payload: unknown): void;
  onConnected(info: ConnectedInfo): void;
  onStatus(status: ConnectionStatus): void;
  random?: () => number;
  socketFactory?: SocketFactory;
  inspect?: (event: InspectionEvent) => void;
}

export interface RealtimeConnection {
  start(): void;
  stop(): void;
  /** Try now instead of waiting out the back-off (page visible again). */
  retry(): void;
  online(online: boolean): void;
  status(): ConnectionStatus;
  snapshot(): RealtimeConnectionSnapshot;
}

// Handshake refusals from the server carry the error code as the message; anything else is the network.
const SERVER_CODE = /^[A-Z][A-Z_]{2,40}$/;

export function connectErrorCode(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return SERVER_CODE.test(message) ? message : 'NETWORK_ERROR';
}

export function createRealtimeConnection(options: ConnectionOptions): RealtimeConnection {
  const random = options.random ?? Math.random;
  const factory: SocketFactory = options.socketFactory ?? ((uri, opts) => io(uri, opts));
  let socket: Socket | null = null;

  function newSocket(): Socket {
    const s = factory(`${options.origin}${options.namespace}`, {
      path: options.path,
      autoConnect: false,
      reconnection: false,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      // A function, so every (re)connection sends the token current at that moment; never the query string.
      auth: (cb: (data: object) => void) => {
        options.tokens.get().then(
          (token) => cb(token ? { token } : {}),
          () => cb({}),
        );
      },
    });
    s.on('connect', () => actor.send({ type: 'SOCKET.CONNECTED', recovered: s.recovered }));
    s.on('disconnect', (reason) => {
      // Our own close (sign-out) is not a loss.
      if (reason !== 'io client disconnect') actor.send({ type: 'SOCKET.DISCONNECTED', reason, jitter: random() });
    });
    s.on('connect_error', (error) => actor.send({ type: 'SOCKET.CONNECT_ERROR', code: connectErrorCode(error), jitter: random() }));
    s.onAny((event: string, payload: unknown) => options.onEvent(event, payload));
    return s;
  }

  const actor = createActor(
    realtimeConnectionMachine.provide({
      actions: {
        openSocket: () => {
          socket ??= newSocket();
          // Already reconnected along with the other namespace (shared engine): say so, or we would wait forever.
          if (socket.connected) actor.send({ type: 'SOCKET.CONNECTED', recovered: socket.recovered });
          else socket.connect();
        },
        closeSocket: () => {
          const s = socket;
          socket = null;
          if (s) {
            s.offAny();
            s.removeAllListeners();
            s.disconnect();
          }
        },
        notifyConnected: (_, params) => options.onConnected(params),
      },
      actors: {
        renewToken: renewTokenActor(options.tokens),
      },
    }),
    options.inspect ? { inspect: options.inspect } : {},
  );

  let last: ConnectionStatus = 'idle';
  actor.subscribe((snapshot) => {
    const next = connectionStatusOf(snapshot);
    if (next !== last) {
      last = next;
      options.onStatus(next);
    }
  });
  actor.start();

  return {
    start: () => actor.send({ type: 'START' }),
    stop: () => actor.send({ type: 'STOP' }),
    retry: () => actor.send({ type: 'RETRY' }),
    online: (online) => actor.send({ type: online ? 'BROWSER.ONLINE' : 'BROWSER.OFFLINE' }),
    status: () => connectionStatusOf(actor.getSnapshot()),
    snapshot: () => actor.getSnapshot(),
  };
}

function renewTokenActor(tokens: ConnectionTokens) {
  return fromPromise<void, { code: string }>(({ input }) => tokens.renew(input.code));
}
