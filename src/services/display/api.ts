import { readBlob } from '../http/body';
import type { ServiceClient } from '../http/client';
import { ServiceError } from '../http/errors';
import { devicePairingCalls, type DevicePairingCalls } from '../shared/pairing/calls';
import {
  DISPLAY_BANNERS_MAX,
  displayImagePath,
  displayLookSchema,
  type DisplayLookAnswer,
  pairClaimedSchema,
  pairCreatedSchema,
  pairingSchema,
  type PairClaimed,
  type PairCreated,
  type Pairing,
} from './schemas';

/** The pairing calls (docs/areas/display.md "Pairing"); every answer is validated. */
export interface DisplayApi extends DevicePairingCalls<PairCreated, Pairing> {
  /** The display device, without a sign-in: the code for a display token. */
  claim(code: string, signal?: AbortSignal): Promise<PairClaimed>;
}

export function createDisplayApi(client: ServiceClient): DisplayApi {
  return {
    ...devicePairingCalls(client, 'display', { created: pairCreatedSchema, pairing: pairingSchema }),
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
  };
}

/** What the display reads of the shop's screen customisation (D296), with the display token or the session. */
export interface DisplayLookApi {
  look(signal?: AbortSignal): Promise<DisplayLookAnswer>;
  /** A banner the look names, as a Blob (an <img> cannot send the bearer); kept, so the carousel does not fetch it on every turn. */
  image(url: string): Promise<Blob>;
}

const KEPT_IMAGES = DISPLAY_BANNERS_MAX * 2;

const notABanner = (url: string) =>
  new ServiceError({
    code: 'INVALID_RESPONSE',
    status: 0,
    kind: 'invalid-response',
    message: `display.image: not a banner: ${url.slice(0, 80)}`,
  });

/** `token`: a paired device's display token; null: the signed-in session of this browser. */
export function createDisplayLookApi(client: ServiceClient, token: string | null): DisplayLookApi {
  const auth = token ? { token } : true;
  const kept = new Map<string, Promise<Blob>>();
  const fetchImage = async (url: string): Promise<Blob> => {
    const path = displayImagePath(url);
    if (!path) throw notABanner(url);
    const res = await client.raw({ name: 'display.image', path, auth, accept: 'image/png,image/jpeg' });
    const type = res.headers.get('content-type') ?? '';
    if (type !== 'image/png' && type !== 'image/jpeg') {
      res.release();
      throw notABanner(url);
    }
    return new Blob([await readBlob('display.image', res)], { type });
  };
  return {
    look: (signal) => client.data({ name: 'display.look', path: '/display/look', auth, schema: displayLookSchema, signal }),
    image(url) {
      let blob = kept.get(url);
      if (!blob) {
        if (kept.size >= KEPT_IMAGES) kept.delete(kept.keys().next().value!);
        blob = fetchImage(url);
        // A failed fetch is not kept: the next turn of the carousel asks again.
        blob.catch(() => kept.delete(url));
        kept.set(url, blob);
      }
      return blob;
    },
  };
}
