import { z } from '../../../config/zod-classic';
import type { ServiceClient } from '../../http/client';
import { unpairedSchema } from './schemas';

/**
 * A device's pairing calls on the sale service, the same for each kind (the customer display D141,
 * the kitchen screen D325; the sandbox's platform/pairing): a cashier asks for a 6-digit code, lists
 * the merchant's live pairings and revokes one. Claiming the code is each device's own call.
 */

export interface DevicePairingCalls<Created, P> {
  /** Signed-in cashier: a new 6-digit code for a device. */
  pair(signal?: AbortSignal): Promise<Created>;
  pairings(signal?: AbortSignal): Promise<P[]>;
  unpair(pairingId: number, signal?: AbortSignal): Promise<void>;
}

/** The calls under `/<kind>`, each answer checked by the kind's own schema of a code and of a pairing. */
export function devicePairingCalls<Created, P>(
  client: ServiceClient,
  kind: 'display' | 'kitchen',
  schemas: { created: z.ZodType<Created>; pairing: z.ZodType<P> },
): DevicePairingCalls<Created, P> {
  const pairingsSchema = z.array(schemas.pairing).max(1000);
  return {
    pair: (signal) =>
      client.data({ name: `${kind}.pair`, method: 'POST', path: `/${kind}/pair`, body: {}, schema: schemas.created, signal }),
    pairings: (signal) => client.data({ name: `${kind}.pairings`, path: `/${kind}/pairings`, schema: pairingsSchema, signal }),
    async unpair(pairingId, signal) {
      await client.data({
        name: `${kind}.unpair`,
        method: 'DELETE',
        path: `/${kind}/pairing/${pairingId}`,
        schema: unpairedSchema,
        signal,
      });
    },
  };
}
