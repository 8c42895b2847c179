// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/harness';
import { rawRequest } from '../test/raw-http';
import { jsonTooDeep, MAX_JSON_DEPTH, MAX_URL_LENGTH } from './hygiene';

/** Hostile input answers 4xx in the wire contract's envelope across the portal's services. */

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

/**
 * Every field name the areas' code reads (D219): `body.x`, `fields.x`, `l.x`… and the snake_case
 * names quoted in it, harvested from the source so a new field is walked without anyone listing it.
 * Only the type-confusion cases send them all (in a body: the long-string case would pass the body limit).
 */
function harvestedNames(): string[] {
  const names = new Set(NAMES);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
        const source = readFileSync(path, 'utf8');
        for (const m of source.matchAll(/\b(?:body|b|fields|input|l|line|item|c|card|raw|query|q|params)\??\.([a-z][a-z0-9_]*)\b/g))
          names.add(m[1]!);
        for (const m of source.matchAll(/['"]([a-z][a-z0-9]*(?:_[a-z0-9]+)+)['"]/g)) names.add(m[1]!);
      }
    }
  };
  walk(fileURLToPath(new URL('../../areas/', import.meta.url)));
  return [...names].sort();
}
const ALL_NAMES = harvestedNames();

/** An object that has its own toString and valueOf: Number(), String() and `${}` throw on it. */
const UNCONVERTIBLE = { toString: 1, valueOf: 1 };
const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

const INT_OVERFLOWS = ['2147483648', '-2147483649', '9223372036854775808', '99999999999999999999999999999999', '1e400', '-1'];

interface Case {
  name: string;
  query?: string;
  body?: unknown;
  /** The body's JSON text as sent (what JSON.stringify cannot write, such as 1e400). */
  raw?: string;
  /** NUL is refused before any route code runs: exactly 400. */
  exact400?: boolean;
}

const q = (value: string) => NAMES.map((n) => `${n}=${encodeURIComponent(value)}`).join('&');
const b = (value: unknown) => Object.fromEntries(NAMES.map((n) => [n, value]));
/** Every harvested name at once (D219: a type check missing anywhere). */
const every = (value: unknown) => Object.fromEntries(ALL_NAMES.map((n) => [n, value]));
const everyRaw = (jsonValue: string) => `{${ALL_NAMES.map((n) => `${JSON.stringify(n)}:${jsonValue}`).join(',')}}`;

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
  // D219: an object, an array, a boolean, a number beyond a double and deep JSON where a scalar goes.
  { name: 'query parameters given twice (arrays)', query: NAMES.map((n) => `${n}=1&${n}=2`).join('&') },
  { name: 'every field an object without toString/valueOf', body: every(UNCONVERTIBLE) },
  { name: 'every field an array of such objects', body: every([UNCONVERTIBLE]) },
  { name: 'every field an empty object', body: every({}) },
  { name: 'every field a boolean', body: every(true) },
  { name: 'every field 1e400 (Infinity once parsed)', raw: everyRaw('1e400') },
  { name: `every field nested ${MAX_JSON_DEPTH - 4} deep`, body: every(nested(MAX_JSON_DEPTH - 4)) },
];

function fillParams(url: string, value: string): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => (name === 'channel' ? 'card' : name === 'name' ? 'qr-payment' : value))
    .replace(/\*$/, 'x');
}

let keys = 0;
/**
 * One call of the walk, signed in and with a fresh Idempotency-Key, so the routes that require one
 * run their own checks (and fingerprint the body) instead of stopping at the missing header.
 */
async function call(method: string, path: string, c: Pick<Case, 'body' | 'raw'> = {}) {
  const headers = { authorization: `Bearer ${token}`, 'idempotency-key': `walk-${(keys += 1)}` };
  if (c.raw === undefined || method === 'GET')
    return t.api(method, path, { headers, ...(c.body !== undefined && method !== 'GET' ? { body: c.body } : {}) });
  const res = await fetch(t.url + path, { method, headers: { ...headers, 'content-type': 'application/json' }, body: c.raw });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: res.status, headers: res.headers, body: json };
}

/** Signed out along the way (a route ended the session)? Sign in again and answer true. */
async function signedInAgain(): Promise<boolean> {
  if ((await t.api('GET', '/api/portal/user/info', { token })).status === 200) return false;
  await signIn();
  return true;
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
    expect(ALL_NAMES.length).toBeGreaterThan(NAMES.length);
    const problems: string[] = [];
    await signIn();
    for (const route of routes) {
      for (const c of CASES) {
        if ((c.body !== undefined || c.raw !== undefined) && route.method === 'GET') continue;
        const path = fillParams(route.url, '1') + (c.query ? `?${c.query}` : '');
        let res = await call(route.method, path, c);
        // A 401 from a session this walk ended (sign-out) would hide the route's own answer: again, signed in.
        if (res.status === 401 && (await signedInAgain())) res = await call(route.method, path, c);
        const problem = envelopeProblem(res) ?? (c.exact400 && res.status !== 400 ? `status ${res.status}, want 400` : null);
        if (problem) problems.push(`${route.method} ${route.url} — ${c.name}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it("issue 24 §4: a JSON body nested 100,000 deep answers 400 in the envelope on every route, the providers' emulators too (five answered 500)", async () => {
    const routes = t.sandbox.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'GET');
    const problems: string[] = [];
    await signIn();
    const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepField = `{"id":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    for (const route of routes) {
      for (const raw of [deepArray, deepField]) {
        // call() sends a key: the idempotent routes fingerprint the body (where the stack overflowed).
        const send = () => call(route.method, fillParams(route.url, '1'), { raw });
        let res = await send();
        if (res.status === 401 && (await signedInAgain())) res = await send();
        const problem = envelopeProblem(res) ?? (res.status !== 400 ? `status ${res.status}, want 400` : null);
        if (problem) problems.push(`${route.method} ${route.url} — ${raw.slice(0, 8)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // The limit itself: MAX_JSON_DEPTH levels pass the parser, one more does not; brackets in strings do not count.
    expect(jsonTooDeep(JSON.stringify(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonTooDeep(JSON.stringify(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[' }), 4)).toBe(false);
    const atLimit = await call('PUT', '/api/sale/notification', { raw: JSON.stringify({ id: nested(MAX_JSON_DEPTH - 1) }) });
    expect([atLimit.status, (atLimit.body as { error_code?: string }).error_code]).toEqual([400, 'REQUIRED']);
  });

  it('path parameters: NUL and over-long values answer 400 in the envelope', async () => {
    const withParams = t.sandbox.routes.filter((r) => bankService(r.url) && r.url.includes(':'));
    const problems: string[] = [];
    await signIn();
    for (const route of withParams) {
      for (const value of ['%00', 'x'.repeat(101), '9'.repeat(40)]) {
        const res = await call(
          route.method,
          fillParams(route.url.replace(/:(\w+)/g, value), value),
          route.method === 'GET' ? {} : { body: {} },
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
