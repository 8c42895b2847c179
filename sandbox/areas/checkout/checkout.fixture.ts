/** What the checkout sandbox tests share (checkout.*.test.ts): one sandbox per file with its access log captured, copies of phoco and colan, a cashier, the sale socket, and the calls. */
import { crc32, deflateSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { merchantInfoAnswerSchema, paymentLinkSchema } from '../../../src/services/checkout/link/schemas';
import { jwtPayload, startTestSandbox, type TestSandbox } from '../../platform/test/harness';

/** The checkout area's calls, pay calls and trigger (docs/areas/checkout.md) against CONTRACT14 §A–§C. */

export let t: TestSandbox;
export let m: Merchant;
export let other: Merchant;
export let staff: string;
export let socket: Socket;
export const logged: string[] = [];

export interface Merchant {
  id: string;
  token: string;
  username: string;
  password: string;
}

/** The seeded chuoi (it has no throwaway copies): no checkout record until it opens /e-com. */
export async function chuoi(): Promise<Merchant> {
  const token = (await t.login('chuoi', 'Chuoi@2026')).access_token;
  return { id: String(jwtPayload(token).merchant_id), username: 'chuoi', password: 'Chuoi@2026', token };
}

export async function copyOf(template: string): Promise<Merchant> {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template } });
  const copy = made.body.data ?? made.body;
  return {
    id: copy.merchant_id,
    username: copy.username,
    password: copy.password,
    token: (await t.login(copy.username, copy.password)).access_token,
  };
}

/** A solid-colour PNG (real: browsers draw it), w×h. */
export function png(w: number, h: number, rgb: [number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) rows.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

export const api = (token: string | undefined) => (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.api(method, `/api/checkout${path}`, {
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(headers ? { headers } : {}),
  });
export const pub = api(undefined);
export let keyN = 0;
export const key = (tag = 'k') => ({ 'idempotency-key': `${tag}-${process.pid}-${(keyN += 1)}` });

export async function form(method: string, path: string, token: string, fields: [string, string | Blob][], urlencoded = false) {
  let body: FormData | string;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (urlencoded) {
    body = new URLSearchParams(fields as [string, string][]).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
  }
  const res = await fetch(`${t.url}/api/checkout${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function info(who: Merchant = m) {
  const res = await api(who.token)('GET', `/merchants/${who.id}?allow_create=True`);
  expect(res.status).toBe(200);
  return merchantInfoAnswerSchema.parse(res.body.data);
}

export async function makeLink(who: Merchant = m, overrides: Record<string, unknown> = {}) {
  const widget = (await info(who)).widget.id;
  const res = await api(who.token)(
    'POST',
    '/payment-links',
    { app_id: widget, order_id: `DH-${keyN + 1}`, amount: 150_000, ...overrides },
    key('link'),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return paymentLinkSchema.parse(res.body.data);
}

/** The link's URL values as the hosted page sends them. */
export function valuesOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
export const payQuery = (values: Record<string, string>) => `/pay?${new URLSearchParams(values).toString()}`;
export const VALID_CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'NGUYEN VAN A' };

/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useCheckoutFixture(): void {
  beforeAll(async () => {
    const capture = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    for (const level of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(capture);
    t = await startTestSandbox({ seedVolume: 'small', accessLog: true });
    m = await copyOf('phoco');
    other = await copyOf('colan');
    const username = `cashier.${process.pid}`;
    await t.api('POST', '/sandbox/users', {
      body: { username, password: 'Staff@2026', email: `${username}@example.test`, merchant: m.id, role: 'Staff' },
    });
    staff = (await t.login(username, 'Staff@2026')).access_token;
    socket = io(`${t.url}/sale`, { path: '/socket.io', auth: { token: m.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.disconnect();
    await t?.close();
    vi.restoreAllMocks();
  });
}
