import { ServiceError, type AuthPort, type ExchangedTokenSource } from '../http';
import type { ConnectionTokens } from './connection';

/**
 * Handshake tokens of the two sockets. Each remembers the token it last sent, so a TOKEN_EXPIRED
 * refusal renews exactly that one (the session's single refresh; a newer token already held is used
 * as is). A renewal that yields nothing throws, and the connection machine backs off.
 */

function refused(code: string): ServiceError {
  return new ServiceError({ code, status: 401, kind: 'server', message: `realtime handshake refused: ${code}` });
}

/** The access token, as every portal call sends it. */
export function accessTokenSource(port: AuthPort): ConnectionTokens {
  let sent: string | null = null;
  return {
    get: async () => (sent = await port.getAccessToken()),
    async renew(code) {
      const next = await port.tokenRejected(sent ?? undefined);
      if (!next) throw refused(code);
    },
  };
}

/** core §6 (saleTokenExchange): the sale socket, like the sale calls, sends the exchanged secondary token. */
export function exchangedTokenSource(exchanged: Pick<ExchangedTokenSource, 'getToken' | 'onRejected'>): ConnectionTokens {
  let sent: string | null = null;
  return {
    get: async () => (sent = await exchanged.getToken()),
    async renew(code) {
      const next = sent ? await exchanged.onRejected(sent, refused(code)) : null;
      if (!next) throw refused(code);
    },
  };
}
