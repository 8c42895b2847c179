import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import type { SessionsEnded, TokenKind, TokenService } from './auth/tokens';
import { findUserById, isLocked } from './auth/users';
import type { SandboxClock } from './clock';
import type { Database } from './db/database';

export type RealtimeNamespace = 'va' | 'sale';

export interface Realtime {
  /** Sends an event to every socket of one merchant on a namespace (later issues: payments, orders). */
  emitToMerchant(namespace: RealtimeNamespace, merchantId: string, event: string, payload: unknown): void;
  /**
   * Cuts the transport under every socket of one merchant (trigger realtime-drop), as a network loss
   * would: clients reconnect and recovery replays what they missed. `forget`: the server also forgets
   * their recovery state, as after a server restart, so nothing is replayed. Answers how many sockets.
   */
  dropMerchant(merchantId: string, options?: { forget?: boolean }): number;
  /** Ends every socket of one user at once (the account got locked); answers how many. */
  endUser(userId: number): number;
  close(): Promise<void>;
}

export interface RealtimeDeps {
  tokens: TokenService;
  clock: SandboxClock;
  db: Database;
  /** The Host header check every HTTP request passes (platform/http/host-check.ts); the handshake too. */
  hostAllowed(host: string | undefined): boolean;
}

/** What the handshake proved; kept on the socket (and in its recovery state). */
interface SocketAuth {
  merchantId: string;
  userId: number;
  sessionId: string;
  /** The handshake token's exp, unix seconds of the sandbox clock. */
  expiresAt: number;
}

const ACCEPTED: Record<RealtimeNamespace | 'root', readonly TokenKind[]> = {
  va: ['access'],
  // Same rule as the sale service's HTTP calls.
  sale: ['access', 'wesap'],
  // Nothing is sent on the root namespace, but an open door is still a door: it wants a token too.
  root: ['access'],
};

// setTimeout's ceiling (about 24.8 days); a longer wait is re-armed when it fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * socket.io on /socket.io with namespaces /va and /sale (and a root namespace that only authenticates).
 * The handshake must carry `auth: {token}`; each socket joins the room of its merchant. Recovery
 * replays events missed during short drops; the token is checked again on recovery (skipMiddlewares
 * false) so an ended session cannot resume.
 *
 * A socket lives no longer than its session and its token (issue 10): sign-out, a password reset and
 * a refresh refused for reuse end the session's sockets; a lock ends the user's; a socket whose
 * handshake token reaches its exp (by the sandbox clock, advances included) is disconnected, and the
 * portal reconnects with its renewed token. The server-side disconnect is not recoverable, so nothing
 * sent after the end is ever replayed to it.
 */
export function attachRealtime(httpServer: HttpServer, deps: RealtimeDeps): Realtime {
  const { tokens, clock, db } = deps;
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    // A page on a rebinding name must not reach the sockets either.
    allowRequest: (req: IncomingMessage, callback) => callback(null, deps.hostAllowed(req.headers.host)),
  });
  // Recovery ids (pid) of sessions realtime-drop was told to forget: their restore finds nothing.
  const forgotten = new Set<string>();
  const expiryTimers = new Map<Socket, NodeJS.Timeout>();
  const namespaces: Namespace[] = [];

  const authOf = (socket: Socket) => socket.data as Partial<SocketAuth>;

  function allSockets(): Socket[] {
    return namespaces.flatMap((nsp) => [...nsp.sockets.values()]);
  }

  function end(socket: Socket): void {
    const timer = expiryTimers.get(socket);
    if (timer) clearTimeout(timer);
    expiryTimers.delete(socket);
    // Namespace-level only: the other namespace's socket may share this engine connection.
    socket.disconnect();
  }

  const expired = (socket: Socket) => {
    const expiresAt = authOf(socket).expiresAt;
    return expiresAt !== undefined && clock.now() >= expiresAt * 1000;
  };

  function armExpiry(socket: Socket): void {
    const previous = expiryTimers.get(socket);
    if (previous) clearTimeout(previous);
    const expiresAt = authOf(socket).expiresAt;
    if (expiresAt === undefined || !socket.connected) return;
    const wait = expiresAt * 1000 - clock.now();
    if (wait <= 0) {
      end(socket);
      return;
    }
    const timer = setTimeout(() => armExpiry(socket), Math.min(wait, MAX_DELAY_MS));
    timer.unref();
    expiryTimers.set(socket, timer);
  }

  const offClock = clock.onChange(() => {
    for (const socket of allSockets()) armExpiry(socket);
  });

  const offEnded = tokens.onSessionsEnded((ended: SessionsEnded) => {
    for (const socket of allSockets()) {
      const auth = authOf(socket);
      if ('sessionId' in ended ? auth.sessionId === ended.sessionId : auth.userId === ended.userId) end(socket);
    }
  });

  function authenticate(nsp: Namespace, accept: readonly TokenKind[]): void {
    nsp.use((socket, next) => {
      const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (typeof token !== 'string' || !token) return next(new Error('AUTHEN_FAIL'));
      tokens
        .verify(token, accept)
        .then(async (claims) => {
          if (!(await tokens.isSessionActive(claims.sid))) return next(new Error('AUTHEN_FAIL'));
          const user = await findUserById(db, Number(claims.sub));
          if (!user || user.merchant_id !== claims.merchant_id) return next(new Error('AUTHEN_FAIL'));
          if (isLocked(user, clock.now())) return next(new Error('USER_LOCKED_USING'));
          const auth: SocketAuth = { merchantId: claims.merchant_id, userId: user.id, sessionId: claims.sid, expiresAt: claims.exp };
          Object.assign(socket.data as object, auth);
          next();
        })
        .catch((error: unknown) => {
          const code = (error as { code?: string }).code === 'TOKEN_EXPIRED' ? 'TOKEN_EXPIRED' : 'AUTHEN_FAIL';
          next(new Error(code));
        });
    });
    nsp.on('connection', (socket) => {
      socket.on('disconnect', () => {
        const timer = expiryTimers.get(socket);
        if (timer) clearTimeout(timer);
        expiryTimers.delete(socket);
      });
      armExpiry(socket);
    });
    namespaces.push(nsp);
  }

  authenticate(io.of('/'), ACCEPTED.root);
  for (const name of ['va', 'sale'] as const) {
    const nsp = io.of(`/${name}`);
    const adapter = nsp.adapter as unknown as { restoreSession(pid: string, offset: string): Promise<unknown> };
    const restore = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = (pid, offset) => (forgotten.has(pid) ? Promise.resolve(null) : restore(pid, offset));
    authenticate(nsp, ACCEPTED[name]);
    nsp.on('connection', (socket) => {
      if (!socket.connected) return;
      void socket.join(`merchant:${String(authOf(socket).merchantId)}`);
      // socket.io can only recover a client that holds an offset, i.e. has received a broadcast. A
      // greeting sent through the adapter (to the socket's own room) gives it one at once, so even a
      // quiet connection dropped a minute later gets the missed payments replayed.
      if (!socket.recovered) nsp.to(socket.id).emit('welcome', { at: Date.now() });
    });
  }

  return {
    emitToMerchant(namespace, merchantId, event, payload) {
      const nsp = io.of(`/${namespace}`);
      const room = `merchant:${merchantId}`;
      // A timer may not have fired yet (an advance in the same tick): an expired socket hears nothing.
      for (const socket of nsp.sockets.values()) if (socket.rooms.has(room) && expired(socket)) end(socket);
      nsp.to(room).emit(event, payload);
    },
    dropMerchant(merchantId, { forget = false } = {}) {
      const room = `merchant:${merchantId}`;
      let count = 0;
      for (const socket of allSockets()) {
        if (!socket.rooms.has(room)) continue;
        count += 1;
        const pid = (socket as unknown as { pid?: string }).pid;
        if (forget && pid) forgotten.add(pid);
        // The engine connection, not the namespace: a "transport close" is what a lost network looks like.
        socket.conn.close();
      }
      return count;
    },
    endUser(userId) {
      const sockets = allSockets().filter((socket) => authOf(socket).userId === userId);
      for (const socket of sockets) end(socket);
      return sockets.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        offClock();
        offEnded();
        for (const timer of expiryTimers.values()) clearTimeout(timer);
        expiryTimers.clear();
        // io.close() also closes the HTTP server, which fastify closes itself; only drop the sockets.
        for (const nsp of namespaces) nsp.disconnectSockets(true);
        io.engine.close();
        resolve();
      }),
  };
}
