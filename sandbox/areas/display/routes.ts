import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { displayMessageSchema } from '../../../src/services/display/messages';
import type { SandboxContext } from '../../platform/context';
import { authenticate, SALE_TOKEN_KINDS } from '../../platform/http/authenticate';
import { ApiError, ok } from '../../platform/http/envelope';
import { pairedDevice, registerPairing, type PairingKind } from '../../platform/pairing/pairing';
import { sendEventStream } from '../../platform/http/event-stream';

export {
  bearer,
  CLAIM_FAILURE_WINDOW_MS,
  MAX_CLAIM_FAILURES,
  MAX_CODE_GUESSES,
  MAX_LIVE_PAIRINGS,
  MAX_MERCHANT_GUESSES,
  MERCHANT_GUESS_WINDOW_MS,
  PAIR_CODE_TTL_MS,
  sha256,
} from '../../platform/pairing/pairing';

/**
 * The sale service's display relay (beyond the spec, D141–D143; docs/areas/display.md
 * "Pairing", D141–D143). A signed-in cashier pairs a display device with a code (the pairing and its
 * guess limits, D217, are platform/pairing, shared with the kitchen screen, D325); the display token
 * opens GET /display/stream and nothing else, and the stream refuses every other token. The
 * cashier's payment screen posts each display message; the newest per merchant is kept and streamed
 * to the merchant's paired displays. Revoking closes the device's stream and the token for good.
 */

/** A state older than this is not replayed to a (re)connecting display: yesterday's QR must not greet today's guest. */
export const STATE_REPLAY_MS = 30 * 60_000;
export const TOKEN_PREFIX = 'dsp_';

export const DISPLAY_PAIRING: PairingKind = {
  table: 'display_pairings',
  tokenPrefix: TOKEN_PREFIX,
  tokenField: 'display_token',
  limitError: 'DISPLAY_LIMIT',
  noun: 'display',
};

interface Listener {
  pairingId: number;
  stream: PassThrough;
}

/** The open streams of this sandbox process, per merchant. */
type StreamHub = ReturnType<typeof createStreamHub>;

function createStreamHub() {
  const byMerchant = new Map<string, Set<Listener>>();
  const write = (listener: Listener, event: string, data: string) => {
    if (!listener.stream.destroyed) listener.stream.write(`event: ${event}\ndata: ${data}\n\n`);
  };
  return {
    add(merchantId: string, listener: Listener) {
      const set = byMerchant.get(merchantId) ?? new Set();
      set.add(listener);
      byMerchant.set(merchantId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) byMerchant.delete(merchantId);
      };
    },
    write,
    push(merchantId: string, message: string): number {
      const set = byMerchant.get(merchantId);
      for (const listener of set ?? []) write(listener, 'message', message);
      return set?.size ?? 0;
    },
    connected(merchantId: string): Set<number> {
      return new Set([...(byMerchant.get(merchantId) ?? [])].map((l) => l.pairingId));
    },
    revoke(merchantId: string, pairingId: number) {
      for (const listener of [...(byMerchant.get(merchantId) ?? [])]) {
        if (listener.pairingId !== pairingId) continue;
        write(listener, 'revoked', JSON.stringify({ pairing_id: pairingId }));
        listener.stream.end();
      }
    },
    closeAll() {
      for (const set of byMerchant.values()) for (const listener of set) listener.stream.end();
      byMerchant.clear();
    },
  };
}

/** The relay: the payment screen posts a message, the paired displays stream it. */
function registerRelayRoutes(app: FastifyInstance, ctx: SandboxContext, hub: StreamHub): void {
  const cashier = async (request: FastifyRequest) => (await authenticate(ctx, request, SALE_TOKEN_KINDS)).user;

  app.post('/display/message', async (request) => {
    const user = await cashier(request);
    const parsed = displayMessageSchema.safeParse(request.body);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new ApiError(400, 'BAD_REQUEST', 'Not a display message', { field });
    }
    const message = parsed.data;
    const text = JSON.stringify(message);
    const [stored] = await ctx.db.query<{ seq: number }>(
      `INSERT INTO display_state (merchant_id, seq, message, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant_id) DO UPDATE SET seq = EXCLUDED.seq, message = EXCLUDED.message, updated_at = EXCLUDED.updated_at
        WHERE display_state.seq < EXCLUDED.seq
       RETURNING seq`,
      [user.merchant_id, message.seq, text, ctx.clock.now()],
    );
    // An older message than the one kept (two relays crossing) is not pushed: displays keep the newest.
    const displays = stored ? hub.push(user.merchant_id, text) : hub.connected(user.merchant_id).size;
    const [current] = await ctx.db.query<{ seq: number }>(`SELECT seq FROM display_state WHERE merchant_id = $1`, [user.merchant_id]);
    return ok({ seq: current?.seq ?? message.seq, displays });
  });

  app.get('/display/stream', async (request, reply) => {
    const pairing = await pairedDevice(ctx, DISPLAY_PAIRING, request);
    const [state] = await ctx.db.query<{ message: string }>(
      `SELECT message FROM display_state WHERE merchant_id = $1 AND updated_at > $2`,
      [pairing.merchant_id, ctx.clock.now() - STATE_REPLAY_MS],
    );

    const stream = new PassThrough();
    const listener: Listener = { pairingId: pairing.id, stream };
    const remove = hub.add(pairing.merchant_id, listener);
    hub.write(listener, 'paired', JSON.stringify({ pairing_id: pairing.id, shop_name: pairing.name }));
    if (state) hub.write(listener, 'message', state.message);
    return sendEventStream(reply, stream, remove);
  });
}

export function registerDisplayRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const hub = createStreamHub();
  app.addHook('onClose', async () => hub.closeAll());
  registerPairing(app, ctx, DISPLAY_PAIRING, '/display', { connected: (m) => hub.connected(m), revoked: (m, id) => hub.revoke(m, id) });
  registerRelayRoutes(app, ctx, hub);
}
