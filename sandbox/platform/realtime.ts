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
  /** How many session endings had been announced when the token was checked (see `endings`). */
  checkedAt: number;
}

type Refusal = 'AUTHEN_FAIL' | 'TOKEN_EXPIRED' | 'USER_LOCKED_USING';

/** What socket.io's in-memory adapter keeps of a dropped socket and hands back on recovery. */
interface RecoveredSession {
  rooms: string[];
  data: unknown;
  missedPackets: unknown[];
}

/** socket.io's own steps this module wraps (socket.io 4.8; a start fails loudly if they move). */
interface NamespaceInternals {
  _createSocket(client: unknown, auth: Record<string, unknown> | undefined): Promise<Socket>;
}
interface AdapterInternals {
  restoreSession(pid: string, offset: string): Promise<RecoveredSession | null>;
}

/** Session endings a handshake in flight may have missed are looked up this long (a handshake takes ms). */
const ENDINGS_KEPT_MS = 60_000;

const ACCEPTED: Record<RealtimeNamespace | 'root', readonly TokenKind[]> = {
  va: ['access'],
  // Same rule as the sale service's HTTP calls.
  sale: ['access', 'wesap'],
  // Nothing is sent on the root namespace, but an open door is still a door: it wants a token too.
  root: ['access'],
};

// setTimeout's ceiling (about 24.8 days); a longer wait is re-armed when it fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

const authOf = (socket: Socket) => socket.data as Partial<SocketAuth>;

const endedFor = (ended: SessionsEnded, auth: Partial<SocketAuth>) =>
  'sessionId' in ended ? auth.sessionId === ended.sessionId : auth.userId === ended.userId;

type Check = (token: unknown, accept: readonly TokenKind[]) => Promise<{ auth: SocketAuth } | { refusal: Refusal }>;

/** The sockets of every namespace and their expiry timers: a socket ends at its token's exp (sandbox clock). */
function createLifetimes(clock: SandboxClock) {
  const expiryTimers = new Map<Socket, NodeJS.Timeout>();
  const namespaces: Namespace[] = [];

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

  function forget(socket: Socket): void {
    const timer = expiryTimers.get(socket);
    if (timer) clearTimeout(timer);
    expiryTimers.delete(socket);
  }

  function clear(): void {
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    expiryTimers.clear();
  }

  return { namespaces, allSockets, end, expired, armExpiry, forget, clear };
}

type Lifetimes = ReturnType<typeof createLifetimes>;

/**
 * Recovery only for the session that dropped (D218). socket.io's `_createSocket` asks the adapter to
 * restore the handshake's pid and, when it does, joins the old rooms and writes the missed events at
 * once, before the middleware. So the token is checked first, and the restore call that follows in
 * the same tick hands the session back only to that token's merchant, user and session; otherwise
 * socket.io makes a fresh socket. A restore nobody vouched for (socket.io calling it from elsewhere)
 * finds nothing, so a change inside socket.io fails closed (the recovery tests notice).
 */
function guardRecovery(nsp: Namespace, accept: readonly TokenKind[], check: Check, forgotten: ReadonlySet<string>): void {
  const internals = nsp as unknown as Partial<NamespaceInternals>;
  const adapter = nsp.adapter as unknown as Partial<AdapterInternals>;
  if (typeof internals._createSocket !== 'function' || typeof adapter.restoreSession !== 'function') {
    throw new Error('socket.io no longer has Namespace._createSocket / adapter.restoreSession: the recovery guard needs updating');
  }
  const create = internals._createSocket.bind(nsp);
  const restore = adapter.restoreSession.bind(adapter);
  const claimants = new Map<string, SocketAuth | null>();
  adapter.restoreSession = async (pid, offset) => {
    const claimant = claimants.get(pid);
    claimants.delete(pid);
    if (!claimant || forgotten.has(pid)) return null;
    const session = await restore(pid, offset);
    const owner = (session?.data ?? {}) as Partial<SocketAuth>;
    const same = owner.merchantId === claimant.merchantId && owner.userId === claimant.userId && owner.sessionId === claimant.sessionId;
    return session && same ? session : null;
  };
  internals._createSocket = async (client, auth) => {
    const pid = auth?.pid;
    if (typeof pid !== 'string') return create(client, auth);
    const checked = await check(auth?.token, accept);
    claimants.set(pid, 'auth' in checked ? checked.auth : null);
    // socket.io calls restoreSession synchronously inside create; whatever it did not take is dropped.
    const created = create(client, auth);
    claimants.delete(pid);
    return created;
  };
}

/** The namespace's handshake checks its token; a connected socket lives until its token's exp, or not at all when its session ended meanwhile. */
function watchNamespace(
  nsp: Namespace,
  accept: readonly TokenKind[],
  check: Check,
  lifetimes: Lifetimes,
  endedSinceCheck: (auth: Partial<SocketAuth>) => boolean,
): void {
  const { end, armExpiry, forget, namespaces } = lifetimes;
  nsp.use((socket, next) => {
    void check((socket.handshake.auth as Record<string, unknown> | undefined)?.token, accept).then((checked) => {
      if ('refusal' in checked) return next(new Error(checked.refusal));
      Object.assign(socket.data as object, checked.auth);
      next();
    });
  });
  nsp.on('connection', (socket) => {
    socket.on('disconnect', () => forget(socket));
    if (endedSinceCheck(authOf(socket))) {
      end(socket);
      return;
    }
    armExpiry(socket);
  });
  namespaces.push(nsp);
}

/** A connected socket of va or sale joins its merchant's room, where the merchant's events are sent. */
function joinMerchantRoom(nsp: Namespace): void {
  nsp.on('connection', (socket) => {
    if (!socket.connected) return;
    void socket.join(`merchant:${String(authOf(socket).merchantId)}`);
    // socket.io can only recover a client that holds an offset, i.e. has received a broadcast. A
    // greeting sent through the adapter (to the socket's own room) gives it one at once, so even a
    // quiet connection dropped a minute later gets the missed payments replayed.
    if (!socket.recovered) nsp.to(socket.id).emit('welcome', { at: Date.now() });
  });
}

/**
 * socket.io on /socket.io with namespaces /va and /sale (and a root namespace that only authenticates).
 * The handshake must carry `auth: {token}`; each socket joins the room of its merchant. Recovery
 * replays events missed during short drops, but only to the session that missed them (D218):
 * socket.io restores a dropped socket's rooms and writes its missed events while it builds the new
 * socket, before any middleware runs, so the handshake's token is checked first and the session is
 * restored only when the token is valid and names the same merchant, user and session as the dropped
 * socket. Any other token (a shared till where another person signed in within the two minutes, a
 * session ended during the drop) gets a clean socket: no old room, nothing replayed, `recovered` false.
 *
 * A socket lives no longer than its session and its token: sign-out, a password reset and
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
  const lifetimes = createLifetimes(clock);
  const { namespaces, allSockets, end, expired, armExpiry } = lifetimes;
  // A socket joins its namespace only after its handshake's checks, so a session that ends between the
  // check and the connection misses onSessionsEnded's walk; the connection looks here (D218).
  let endings = 0;
  const recentEndings: Array<{ seq: number; at: number; ended: SessionsEnded }> = [];

  const offClock = clock.onChange(() => {
    for (const socket of allSockets()) armExpiry(socket);
  });

  const offEnded = tokens.onSessionsEnded((ended: SessionsEnded) => {
    endings += 1;
    const now = Date.now();
    while (recentEndings.length > 0 && recentEndings[0]!.at < now - ENDINGS_KEPT_MS) recentEndings.shift();
    recentEndings.push({ seq: endings, at: now, ended });
    for (const socket of allSockets()) if (endedFor(ended, authOf(socket))) end(socket);
  });

  /** A session ended after this socket's token was checked (and before it joined its namespace). */
  const endedSinceCheck = (auth: Partial<SocketAuth>) =>
    recentEndings.some((e) => e.seq > (auth.checkedAt ?? Number.POSITIVE_INFINITY) && endedFor(e.ended, auth));

  /** The handshake's token: who it proves, or why it is refused. */
  async function check(token: unknown, accept: readonly TokenKind[]): Promise<{ auth: SocketAuth } | { refusal: Refusal }> {
    if (typeof token !== 'string' || !token) return { refusal: 'AUTHEN_FAIL' };
    const checkedAt = endings;
    try {
      const claims = await tokens.verify(token, accept);
      if (!(await tokens.isSessionActive(claims.sid))) return { refusal: 'AUTHEN_FAIL' };
      const user = await findUserById(db, Number(claims.sub));
      if (!user || user.merchant_id !== claims.merchant_id) return { refusal: 'AUTHEN_FAIL' };
      if (isLocked(user, clock.now())) return { refusal: 'USER_LOCKED_USING' };
      return { auth: { merchantId: claims.merchant_id, userId: user.id, sessionId: claims.sid, expiresAt: claims.exp, checkedAt } };
    } catch (error) {
      return { refusal: (error as { code?: string }).code === 'TOKEN_EXPIRED' ? 'TOKEN_EXPIRED' : 'AUTHEN_FAIL' };
    }
  }

  const authenticate = (nsp: Namespace, accept: readonly TokenKind[]) => {
    guardRecovery(nsp, accept, check, forgotten);
    watchNamespace(nsp, accept, check, lifetimes, endedSinceCheck);
  };
  authenticate(io.of('/'), ACCEPTED.root);
  for (const name of ['va', 'sale'] as const) {
    const nsp = io.of(`/${name}`);
    authenticate(nsp, ACCEPTED[name]);
    joinMerchantRoom(nsp);
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
        lifetimes.clear();
        // io.close() also closes the HTTP server, which fastify closes itself; only drop the sockets.
        for (const nsp of namespaces) nsp.disconnectSockets(true);
        io.engine.close();
        resolve();
      }),
  };
}
