import { describe, expect, it, vi } from 'vitest';
import { createDisplayReceiver, createDisplaySender, createRelayQueue, type DisplayPort } from './channel';
import { displayOrderFrom, parseDisplayMessage, type DisplayMessage, type DisplayOrder } from './messages';

/** An in-memory BroadcastChannel: a post reaches every other port of the same bus, never itself, asynchronously. */
function bus() {
  const ports = new Set<FakePort>();
  class FakePort implements DisplayPort {
    listeners = new Set<(event: MessageEvent) => void>();
    closed = false;
    constructor() {
      ports.add(this);
    }
    postMessage(message: unknown) {
      if (this.closed) throw new Error('closed');
      const copy = structuredClone(message);
      for (const port of ports) {
        if (port === this || port.closed) continue;
        queueMicrotask(() => port.listeners.forEach((listener) => listener({ data: copy } as MessageEvent)));
      }
    }
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.delete(listener);
    }
    close() {
      this.closed = true;
      ports.delete(this);
    }
  }
  return { port: () => new FakePort(), ports };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const order: DisplayOrder = {
  order_code: 'DH0001',
  table_name: 'Bàn 3',
  updated_at: 1_790_000_000,
  point: 12,
  sub_total: 85_000,
  total: 85_000,
  lines: [
    { name: 'Phở bò', amount: 1, price: 55_000 },
    { name: 'Trà đá', amount: 3, price: 10_000 },
  ],
};

describe('display channel (same browser)', () => {
  it('delivers what the cashier sends, stamped with the protocol, an increasing seq and the time', async () => {
    const b = bus();
    const received: DisplayMessage[] = [];
    const receiver = createDisplayReceiver({ port: b.port(), onMessage: (m) => received.push(m) });
    let clock = 1_000;
    const sender = createDisplaySender({ port: b.port(), now: () => clock });
    sender.send({ kind: 'order', order });
    sender.send({ kind: 'pay', order, pay: { method: 'QR', qr: '000201010212', amount: 85_000 } });
    clock = 1_000; // the clock standing still (or stepping back) must not repeat a seq
    sender.send({ kind: 'idle' });
    await flush();
    expect(received.map((m) => m.kind)).toEqual(['order', 'pay', 'idle']);
    expect(received.map((m) => m.seq)).toEqual([1_000, 1_001, 1_002]);
    expect(received[1]).toMatchObject({ v: 1, at: 1_000, pay: { method: 'QR', qr: '000201010212', amount: 85_000 } });
    receiver.close();
    sender.close();
  });

  it('a sender made after a reload outranks what the one before it sent', () => {
    const first = createDisplaySender({ port: null, now: () => 5_000 });
    for (let i = 0; i < 10; i += 1) first.send({ kind: 'idle' });
    const reloaded = createDisplaySender({ port: null, now: () => 5_100 });
    expect(reloaded.send({ kind: 'idle' })!.seq).toBeGreaterThan(first.last()!.seq);
  });

  it('answers a display that just opened with the last message, and says nothing when it has none', async () => {
    const b = bus();
    const sender = createDisplaySender({ port: b.port(), now: () => 2_000 });
    const early: DisplayMessage[] = [];
    const earlyReceiver = createDisplayReceiver({ port: b.port(), onMessage: (m) => early.push(m) });
    await flush();
    expect(early).toEqual([]);
    sender.send({ kind: 'order', order });
    await flush();
    const late: DisplayMessage[] = [];
    const lateReceiver = createDisplayReceiver({ port: b.port(), onMessage: (m) => late.push(m) });
    await flush();
    expect(late).toHaveLength(1);
    expect(late[0]).toEqual(sender.last());
    earlyReceiver.close();
    lateReceiver.close();
    sender.close();
  });

  it('never lets keys outside the schema leave the tab (customer phone, name, tokens)', async () => {
    const b = bus();
    const raw: unknown[] = [];
    const spy = b.port();
    spy.addEventListener('message', (event) => raw.push(event.data));
    const sender = createDisplaySender({ port: b.port() });
    const leaky = { ...order, phone_number: '0901234567', name: 'Nguyễn Văn A', access_token: 'secret' };
    sender.send({ kind: 'order', order: leaky });
    await flush();
    const text = JSON.stringify(raw);
    expect(text).toContain('DH0001');
    expect(text).not.toContain('0901234567');
    expect(text).not.toContain('Nguyễn Văn A');
    expect(text).not.toContain('secret');
  });

  it('refuses to send what is not a valid message, and ignores garbage on the channel', async () => {
    const b = bus();
    const received: DisplayMessage[] = [];
    createDisplayReceiver({ port: b.port(), onMessage: (m) => received.push(m) });
    const sender = createDisplaySender({ port: b.port() });
    expect(sender.send({ kind: 'order', order: { ...order, total: -1 } })).toBeNull();
    expect(sender.send({ kind: 'pay', order, pay: { method: 'QR', qr: 'x'.repeat(5000), amount: 1 } })).toBeNull();
    expect(sender.send({ kind: 'order', order: { ...order, lines: [{ name: 'a\u0000b', amount: 1, price: 1 }] } })).toBeNull();
    const noise = b.port();
    noise.postMessage('hello');
    noise.postMessage({ v: 2, seq: 1, at: 1, kind: 'idle' });
    noise.postMessage({ v: 1, seq: 1, at: 1, kind: 'explode' });
    noise.postMessage(null);
    await flush();
    expect(received).toEqual([]);
    expect(sender.last()).toBeNull();
  });

  it('keeps the cashier screen alive when the channel is closed or absent', () => {
    const b = bus();
    const port = b.port();
    const sender = createDisplaySender({ port });
    port.close();
    expect(() => sender.send({ kind: 'idle' })).not.toThrow();
    expect(createDisplaySender({ port: null }).send({ kind: 'idle' })?.kind).toBe('idle');
  });
});

describe('relay queue', () => {
  it('keeps one call in flight and sends only the newest of what waited', async () => {
    const calls: number[] = [];
    const waits: Array<() => void> = [];
    const queue = createRelayQueue((m) => {
      calls.push(m.seq);
      return new Promise<void>((resolve) => waits.push(resolve));
    });
    const msg = (seq: number) => ({ v: 1, seq, at: seq, kind: 'idle' }) as DisplayMessage;
    queue(msg(1));
    queue(msg(2));
    queue(msg(4));
    queue(msg(3)); // older than what waits: dropped
    expect(calls).toEqual([1]);
    waits.shift()!();
    await flush();
    expect(calls).toEqual([1, 4]);
    waits.shift()!();
    await flush();
    expect(calls).toEqual([1, 4]);
  });

  it('goes on after a failed call', async () => {
    const onError = vi.fn();
    const seen: number[] = [];
    let fail = true;
    const queue = createRelayQueue(async (m) => {
      seen.push(m.seq);
      if (fail) {
        fail = false;
        throw new Error('offline');
      }
    }, onError);
    queue({ v: 1, seq: 1, at: 1, kind: 'idle' });
    await flush();
    queue({ v: 1, seq: 2, at: 2, kind: 'idle' });
    await flush();
    expect(seen).toEqual([1, 2]);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('messages', () => {
  it('builds the summary from the service order with only the display fields', () => {
    const summary = displayOrderFrom(
      { order_code: 'DH9', table_name: null, updated_at: 5, point: 0, sub_total: 10, total_price: 10, phone_number: '0901' } as never,
      [{ name: 'Cà phê', amount: 1, price: 10, product_id: 3 } as never],
    );
    expect(summary).toEqual({
      order_code: 'DH9',
      table_name: null,
      updated_at: 5,
      point: 0,
      sub_total: 10,
      total: 10,
      lines: [{ name: 'Cà phê', amount: 1, price: 10 }],
    });
  });

  it('parses hostile input to null instead of throwing', () => {
    for (const value of [
      undefined,
      1,
      'x',
      [],
      { v: 1 },
      { v: 1, seq: -1, at: 0, kind: 'idle' },
      { v: 1, seq: 1, at: 0, kind: 'idle', order: { lines: 'no' } },
    ]) {
      expect(parseDisplayMessage(value)).toBeNull();
    }
    expect(parseDisplayMessage({ v: 1, seq: 1, at: 0, kind: 'success', extra: '<script>' })).toEqual({
      v: 1,
      seq: 1,
      at: 0,
      kind: 'success',
    });
  });
});
