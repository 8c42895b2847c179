import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { TokenKind, TokenService } from './auth/tokens';

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
  close(): Promise<void>;
}

const ACCEPTED: Record<RealtimeNamespace, readonly TokenKind[]> = {
  va: ['access'],
  // Same rule as the sale service's HTTP calls.
  sale: ['access', 'wesap'],
};

/**
 * socket.io on /socket.io with namespaces /va and /sale. The handshake must carry `auth: {token}`;
 * each socket joins the room of its merchant. Recovery replays events missed during short drops; the
 * token is checked again on recovery (skipMiddlewares false) so an ended session cannot resume.
 */
export function attachRealtime(httpServer: HttpServer, tokens: TokenService): Realtime {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  // Recovery ids (pid) of sessions realtime-drop was told to forget: their restore finds nothing.
  const forgotten = new Set<string>();
  for (const name of Object.keys(ACCEPTED) as RealtimeNamespace[]) {
    const nsp = io.of(`/${name}`);
    const adapter = nsp.adapter as unknown as { restoreSession(pid: string, offset: string): Promise<unknown> };
    const restore = adapter.restoreSession.bind(adapter);
    adapter.restoreSession = (pid, offset) => (forgotten.has(pid) ? Promise.resolve(null) : restore(pid, offset));
    nsp.use((socket, next) => {
      const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (typeof token !== 'string' || !token) return next(new Error('AUTHEN_FAIL'));
      tokens
        .verify(token, ACCEPTED[name])
        .then(async (claims) => {
          if (!(await tokens.isSessionActive(claims.sid))) return next(new Error('AUTHEN_FAIL'));
          socket.data.merchantId = claims.merchant_id;
          socket.data.userId = Number(claims.sub);
          next();
        })
        .catch((error: unknown) => {
          const code = (error as { code?: string }).code === 'TOKEN_EXPIRED' ? 'TOKEN_EXPIRED' : 'AUTHEN_FAIL';
          next(new Error(code));
        });
    });
    nsp.on('connection', (socket) => {
      void socket.join(`merchant:${String(socket.data.merchantId)}`);
      // socket.io can only recover a client that holds an offset, i.e. has received a broadcast. A
      // greeting sent through the adapter (to the socket's own room) gives it one at once, so even a
      // quiet connection dropped a minute later gets the missed payments replayed.
      if (!socket.recovered) nsp.to(socket.id).emit('welcome', { at: Date.now() });
    });
  }
  return {
    emitToMerchant(namespace, merchantId, event, payload) {
      io.of(`/${namespace}`).to(`merchant:${merchantId}`).emit(event, payload);
    },
    dropMerchant(merchantId, { forget = false } = {}) {
      const room = `merchant:${merchantId}`;
      let count = 0;
      for (const name of Object.keys(ACCEPTED)) {
        for (const socket of io.of(`/${name}`).sockets.values()) {
          if (!socket.rooms.has(room)) continue;
          count += 1;
          const pid = (socket as unknown as { pid?: string }).pid;
          if (forget && pid) forgotten.add(pid);
          // The engine connection, not the namespace: a "transport close" is what a lost network looks like.
          socket.conn.close();
        }
      }
      return count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server, which fastify closes itself; only drop the sockets.
        io.disconnectSockets(true);
        for (const name of Object.keys(ACCEPTED)) io.of(`/${name}`).disconnectSockets(true);
        io.engine.close();
        resolve();
      }),
  };
}
