// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { rawRequest } from '../test/raw-http';
import { MAX_URL_LENGTH } from './hygiene';

/** Issue 10 point 7: hostile input answers 4xx in the wire contract's envelope across the portal's services. */

let t: TestSandbox;
let token: string;
let owner: { username: string; password: string };
beforeAll(async () => {
  t = await startTestSandbox();
  // A world of its own: the walk below calls every route, the deleting ones included.
  const m = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  owner = { username: m.body.username, password: m.body.password };
});
/** A fresh session: the walk signs out (logout1) and resets along the way. */
const signIn = async () => {
  token = (await t.login(owner.username, owner.password)).access_token;
};
afterAll(() => t.close());

/** Every name a route of the sandbox reads from a query or a body (grep of the areas). */
const NAMES = [
  'page',
  'page_size',
  'id',
  'channel_id',
  'store_id',
  'staff_id',
  'amount',
  'total_amount',
  'bank_account_no',
  'bank_code',
  'account_no',
  'holder_name',
  'phone',
  'type',
  'type_edc',
  'channel',
  'va_account_no',
  'va_type',
  'pos_id',
  'serial_number',
  'from_date',
  'to_date',
  'start_date',
  'end_date',
  'from',
  'to',
  'date',
  'status',
  'search',
  'keyword',
  'bill_id',
  'transaction_id',
  'notification_type',
  'order_code',
  'username',
  'password',
  'email',
  'refresh_token',
  'access_token',
  'token',
  'new_password',
  'store_ids',
  'is_selected',
  'lang',
  'format',
  'columns',
];

const INT_OVERFLOWS = ['2147483648', '-2147483649', '9223372036854775808', '99999999999999999999999999999999', '1e400', '-1'];

interface Case {
  name: string;
  query?: string;
  body?: unknown;
  /** NUL is refused before any route code runs: exactly 400. */
  exact400?: boolean;
}

const q = (value: string) => NAMES.map((n) => `${n}=${encodeURIComponent(value)}`).join('&');
const b = (value: unknown) => Object.fromEntries(NAMES.map((n) => [n, value]));

const CASES: Case[] = [
  { name: 'NUL in every query parameter', query: q('1\u0000'), exact400: true },
  { name: 'NUL in every body field', body: b('a\u0000b'), exact400: true },
  { name: 'NUL in a nested key', body: { ...b('1'), ['x\u0000']: { deeper: 'ok' } }, exact400: true },
  ...INT_OVERFLOWS.map((v) => ({ name: `query integers ${v}`, query: q(v) })),
  ...INT_OVERFLOWS.map((v) => ({ name: `body numeric strings ${v}`, body: b(v) })),
  { name: 'body numbers 1e300', body: b(1e300) },
  { name: 'body numbers 2^31', body: b(2 ** 31) },
  { name: 'body numbers -2^63-1', body: b(-(2 ** 63) - 4096) },
  { name: 'body long strings', body: b('7'.repeat(10_000)) },
  { name: 'body arrays and objects', body: b([{ a: 1 }]) },
];

function fillParams(url: string, value: string): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => (name === 'channel' ? 'card' : name === 'name' ? 'qr-payment' : value))
    .replace(/\*$/, 'x');
}

async function call(method: string, path: string, body: unknown) {
  return t.api(method, path, { token, ...(body !== undefined && method !== 'GET' && method !== 'DELETE' ? { body } : {}) });
}

/**
 * The e-invoice providers' emulators answer in each provider's own shape (Viettel's bad token is a 500
 * by design); their own route walks (sandbox/areas/einvoice/providers) hold them to that shape instead.
 */
const PROVIDER_EMULATOR = /^\/api\/einvoice\/(m-invoice|misa|fpt|viettel)\//;
const bankService = (url: string) => url.startsWith('/api/') && !PROVIDER_EMULATOR.test(url);

function envelopeProblem(res: { status: number; headers: Headers; body: unknown }): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  if (res.status < 400) return null;
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return `content-type ${res.headers.get('content-type')}`;
  const body = res.body as Record<string, unknown>;
  if (typeof body !== 'object' || body === null) return 'no JSON body';
  const keys = Object.keys(body).sort().join(',');
  return keys === 'data,error_code,message' && typeof body.error_code === 'string' ? null : `body ${JSON.stringify(body).slice(0, 120)}`;
}

describe('every /api route against hostile input', () => {
  it("answers 4xx in the envelope (never 500, never fastify's body) for NUL, overflowing integers, long and odd values", async () => {
    const routes = t.sandbox.routes.filter((r) => bankService(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      await signIn();
      for (const c of CASES) {
        if (c.body !== undefined && (route.method === 'GET' || route.method === 'DELETE')) continue;
        const path = fillParams(route.url, '1') + (c.query ? `?${c.query}` : '');
        const res = await call(route.method, path, c.body);
        const problem = envelopeProblem(res) ?? (c.exact400 && res.status !== 400 ? `status ${res.status}, want 400` : null);
        if (problem) problems.push(`${route.method} ${route.url} — ${c.name}: ${problem}`);
        // Still signed in? (sign-out ends the session; anything else answering 401 would hide the rest.)
        if ((await t.api('GET', '/api/portal/user/info', { token })).status !== 200) await signIn();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('path parameters: NUL and over-long values answer 400 in the envelope', async () => {
    const withParams = t.sandbox.routes.filter((r) => bankService(r.url) && r.url.includes(':'));
    const problems: string[] = [];
    await signIn();
    for (const route of withParams) {
      for (const value of ['%00', 'x'.repeat(101), '9'.repeat(40)]) {
        const res = await call(
          route.method,
          fillParams(route.url.replace(/:(\w+)/g, value), value),
          route.method === 'GET' ? undefined : {},
        );
        const problem = envelopeProblem(res) ?? (value !== '9'.repeat(40) && res.status !== 400 ? `status ${res.status}, want 400` : null);
        if (problem) problems.push(`${route.method} ${route.url} — ${value.slice(0, 12)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('URLs, headers and malformed requests', () => {
  const envelopeOf = (body: string) => JSON.parse(body) as Record<string, unknown>;

  it("a URL over the limit answers 414 in the envelope, below and above Node's own 16 KiB head limit", async () => {
    for (const length of [MAX_URL_LENGTH + 10, 20_000]) {
      const res = await rawRequest(t.url, { path: `/api/portal/user/info?x=${'a'.repeat(length)}` });
      expect(res.status, String(length)).toBe(414);
      expect(envelopeOf(res.body)).toMatchObject({ error_code: 'URI_TOO_LONG', data: {} });
    }
  });

  it('headers over the limit answer 431 in the envelope', async () => {
    const res = await rawRequest(t.url, { path: '/api/portal/user/info', headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(envelopeOf(res.body)).toMatchObject({ error_code: 'HEADERS_TOO_LARGE', data: {} });
  });

  it('a malformed %-escape in the path and a NUL in the path answer 400 in the envelope', async () => {
    for (const path of ['/api/portal/transaction/%zz', '/api/portal/transaction/ca%00rd', '/sandbox/triggers/%E0%A4%A']) {
      const res = await rawRequest(t.url, { path });
      expect(res.status, path).toBe(400);
      expect(envelopeOf(res.body)).toMatchObject({ error_code: 'BAD_REQUEST', data: {} });
    }
  });
});

describe('sign-in records', () => {
  it('the failed-login record of an unknown name keeps at most 254 characters of it', async () => {
    const long = `nobody.${'x'.repeat(5000)}`;
    const res = await t.api('POST', '/api/portal/user/login', { body: { username: long, password: 'Wrong@Pass1' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error_code: 'LOGIN_FAIL', data: { failed_count: 1 } });
    const [row] = await t.sandbox.db.query<{ n: number }>(`SELECT max(length(identifier))::int AS n FROM unknown_login_attempts`);
    expect(row!.n).toBeLessThanOrEqual(254);
  });
});
