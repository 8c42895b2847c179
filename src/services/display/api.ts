import type { ServiceClient } from '../http/client';
import {
  pairClaimedSchema,
  pairCreatedSchema,
  pairingsSchema,
  unpairedSchema,
  type PairClaimed,
  type PairCreated,
  type Pairing,
} from './schemas';

/** The pairing calls (docs/areas/display.md "Pairing"); every answer is validated. */
export interface DisplayApi {
  /** Signed-in cashier: a new 6-digit code for a display device. */
  pair(signal?: AbortSignal): Promise<PairCreated>;
  /** The display device, without a sign-in: the code for a display token. */
  claim(code: string, signal?: AbortSignal): Promise<PairClaimed>;
  pairings(signal?: AbortSignal): Promise<Pairing[]>;
  unpair(pairingId: number, signal?: AbortSignal): Promise<void>;
}

export function createDisplayApi(client: ServiceClient): DisplayApi {
  return {
    pair: (signal) =>
      client.data({ name: 'display.pair', method: 'POST', path: '/display/pair', body: {}, schema: pairCreatedSchema, signal }),
    claim: (code, signal) =>
      client.data({
        name: 'display.claim',
        method: 'POST',
        path: '/display/claim',
        body: { pair_code: code },
        auth: false,
        schema: pairClaimedSchema,
        signal,
      }),
    pairings: (signal) => client.data({ name: 'display.pairings', path: '/display/pairings', schema: pairingsSchema, signal }),
    async unpair(pairingId, signal) {
      await client.data({
        name: 'display.unpair',
        method: 'DELETE',
        path: `/display/pairing/${pairingId}`,
        schema: unpairedSchema,
        signal,
      });
    },
  };
}
