/** What the display sandbox tests share (display.*.test.ts): one sandbox per file, fresh merchants, the pairing calls and the display stream. */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { PAIR_CODE_TTL_MS } from './routes';
import { openEventStream } from '../../platform/test/event-stream';

export let t: TestSandbox;
/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useDisplayFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox({ seedVolume: 'small' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.sandbox.clock.advance(PAIR_CODE_TTL_MS / 1000 + 1));
}
// Every test claims from the same address: move past the previous test's wrong codes (and its codes).

export async function freshMerchant(template = 'phoco'): Promise<{ id: string; token: string; signIn: () => Promise<string> }> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  expect(made.status).toBe(201);
  const signIn = async () => (await t.login(made.body.username, made.body.password)).access_token;
  return { id: made.body.merchant_id, token: await signIn(), signIn };
}

export const pair = (token: string) => t.api('POST', '/api/sale/display/pair', { token, body: {} });
export const claim = (code: unknown) => t.api('POST', '/api/sale/display/claim', { body: { pair_code: code } });
export const pairings = (token: string) => t.api('GET', '/api/sale/display/pairings', { token });
export const unpair = (token: string, id: number | string) => t.api('DELETE', `/api/sale/display/pairing/${id}`, { token });
export const relay = (token: string, body: unknown) => t.api('POST', '/api/sale/display/message', { token, body });

export async function pairedDisplay(token: string): Promise<{ displayToken: string; pairingId: number }> {
  const made = await pair(token);
  expect(made.status).toBe(201);
  const claimed = await claim(made.body.data.pair_code);
  expect(claimed.status).toBe(200);
  return { displayToken: claimed.body.data.display_token, pairingId: claimed.body.data.pairing_id };
}

export let seq = 1_000;
export const message = (
  kind: 'idle' | 'order' | 'pay' | 'success' = 'idle',
  more: Record<string, unknown> = {},
): Record<string, any> & { seq: number } => {
  seq += 1;
  return { v: 1, seq, at: seq, kind, ...more };
};

/** The display's relay stream (sandbox/platform/test/event-stream.ts). */
export const openStream = (token: string) => openEventStream(`${t.url}/api/sale/display/stream`, token);
