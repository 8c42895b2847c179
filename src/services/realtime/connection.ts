import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ConnectedInfo, ConnectionStatus } from './hub';

/**
 * One socket.io namespace steered by a driver: the app plugs in the realtimeConnection machine
 * (src/app/shared/realtime-driver.ts), so this layer imports no machine. socket.io's own reconnection
 * is off: the driver decides when to retry (back-off, token renewal, offline), so the indicator and
 * the retries can never disagree. The socket keeps its recovery id across retries of one session;
 * a new session gets a new socket, so it can never resume a previous user's room.
 */

/** What the socket tells its driver, and what the page tells it (start, stop, retry, online). */
export type ConnectionSignal =
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'SOCKET.CONNECTED'; recovered: boolean }
  | { type: 'SOCKET.DISCONNECTED'; reason: string; jitter?: number }
  | { type: 'SOCKET.CONNECT_ERROR'; code: string; jitter?: number }
  | { type: 'BROWSER.OFFLINE' }
  | { type: 'BROWSER.ONLINE' }
  | { type: 'RETRY' };

/** What a driver may do to the socket and report. */
export interface ConnectionDriverPorts {
  openSocket(): void;
  closeSocket(): void;
  renewToken(code: string): Promise<void>;
  notifyConnected(info: ConnectedInfo): void;
  onStatus(status: ConnectionStatus): void;
}

export interface ConnectionDriver {
  send(signal: ConnectionSignal): void;
  status(): ConnectionStatus;
}

export type CreateConnectionDriver = (ports: ConnectionDriverPorts) => ConnectionDriver;

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
  /** Decides when to open, retry and renew (the realtimeConnection machine, plugged in by the app). */
  driver: CreateConnectionDriver;
}

export interface RealtimeConnection {
  start(): void;
  stop(): void;
  /** Try now instead of waiting out the back-off (page visible again). */
  retry(): void;
  online(online: boolean): void;
  status(): ConnectionStatus;
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

  let last: ConnectionStatus = 'idle';
  const actor = options.driver({
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
    renewToken: (code) => options.tokens.renew(code),
    notifyConnected: (info) => options.onConnected(info),
    onStatus: (next) => {
      if (next === last) return;
      last = next;
      options.onStatus(next);
    },
  });

  return {
    start: () => actor.send({ type: 'START' }),
    stop: () => actor.send({ type: 'STOP' }),
    retry: () => actor.send({ type: 'RETRY' }),
    online: (online) => actor.send({ type: online ? 'BROWSER.ONLINE' : 'BROWSER.OFFLINE' }),
    status: () => actor.status(),
  };
}
