import { describe, expect, it, vi } from 'vitest';
import type { RawResponse, ServiceClient } from '../http/client';
import { ServiceError } from '../http/errors';
import type { DisplayMessage } from './messages';
import { createSseParser, followRelay, type RelayLink } from './stream';

const encoder = new TextEncoder();

/** A raw answer whose body yields the given chunks, then ends (or stays open). */
function rawAnswer(chunks: string[], stayOpen = false): RawResponse {
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!stayOpen) controller.close();
      release = () => {
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
    },
  });
  return { status: 200, headers: new Headers(), body, release: () => release() };
}

function clientAnswering(answers: Array<() => Promise<RawResponse>>) {
  const calls: unknown[] = [];
  const client = {
    service: 'sale',
    raw: vi.fn(async (spec: unknown) => {
      calls.push(spec);
      const next = answers.shift();
      if (!next) return new Promise<RawResponse>(() => {});
      return next();
    }),
  } as unknown as ServiceClient;
  return { client, calls };
}

const msg = (seq: number): DisplayMessage => ({ v: 1, seq, at: seq, kind: 'idle' });
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('SSE parser', () => {
  it('joins events split across chunks, ignores comments, takes CRLF', () => {
    const seen: Array<[string, string]> = [];
    const feed = createSseParser((name, data) => seen.push([name, data]));
    feed(': ping\n\nevent: mess');
    feed('age\r\ndata: {"a":1}\r\n\r\ndata: plain\n\n');
    expect(seen).toEqual([
      ['message', '{"a":1}'],
      ['message', 'plain'],
    ]);
  });

  it('gives up on a line that never ends', () => {
    const feed = createSseParser(() => {});
    expect(feed('data: ' + 'x'.repeat(70_000))).toBe(false);
  });
});

describe('followRelay', () => {
  it('sends the display token as a bearer and hands on the shop name and each valid message', async () => {
    const { client, calls } = clientAnswering([
      async () =>
        rawAnswer([event('paired', { pairing_id: 1, shop_name: 'Phở Cổ' }), event('message', msg(5)), event('message', { v: 9 })], true),
    ]);
    const messages: DisplayMessage[] = [];
    const links: RelayLink[] = [];
    const names: string[] = [];
    const stop = followRelay({
      client,
      token: 'dsp_abc',
      onMessage: (m) => messages.push(m),
      onLink: (l) => links.push(l),
      onShopName: (n) => names.push(n),
    });
    await until(() => messages.length === 1);
    expect(calls[0]).toMatchObject({ path: '/display/stream', auth: { token: 'dsp_abc' }, accept: 'text/event-stream' });
    expect(names).toEqual(['Phở Cổ']);
    expect(links).toEqual(['connected']);
    expect(messages).toEqual([msg(5)]);
    stop();
  });

  it('reconnects after a dropped stream or a network failure, saying the link was lost', async () => {
    const waits: number[] = [];
    const { client } = clientAnswering([
      async () => rawAnswer([event('paired', { pairing_id: 1, shop_name: 'A' })]),
      async () => {
        throw new ServiceError({ code: 'NETWORK_ERROR', status: 0, kind: 'network' });
      },
      async () => rawAnswer([event('paired', { pairing_id: 1, shop_name: 'A' }), event('message', msg(9))], true),
    ]);
    const links: RelayLink[] = [];
    const messages: DisplayMessage[] = [];
    const stop = followRelay({
      client,
      token: 'dsp_abc',
      onMessage: (m) => messages.push(m),
      onLink: (l) => links.push(l),
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    await until(() => messages.length === 1);
    expect(links).toEqual(['connected', 'lost', 'lost', 'connected']);
    // Back-off doubles (with jitter of ±25%).
    expect(waits[0]).toBeGreaterThanOrEqual(750);
    expect(waits[0]).toBeLessThanOrEqual(1250);
    expect(waits[1]).toBeGreaterThanOrEqual(750);
    expect(waits[1]).toBeLessThanOrEqual(2500);
    stop();
  });

  it('stops for good when the shop unpairs (a revoked event, or the token refused)', async () => {
    for (const answer of [
      async () => rawAnswer([event('paired', { pairing_id: 1, shop_name: 'A' }), event('revoked', { pairing_id: 1 })], true),
      async () => {
        throw new ServiceError({ code: 'AUTHEN_FAIL', status: 401, kind: 'server' });
      },
    ]) {
      const { client } = clientAnswering([answer]);
      const links: RelayLink[] = [];
      followRelay({ client, token: 'dsp_abc', onMessage: () => {}, onLink: (l) => links.push(l), wait: async () => {} });
      await until(() => links.includes('revoked'));
      await new Promise((r) => setTimeout(r, 30));
      expect((client.raw as ReturnType<typeof vi.fn>).mock.calls).toHaveLength(1);
      expect(links.at(-1)).toBe('revoked');
    }
  });
});
