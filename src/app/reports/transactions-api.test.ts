import { describe, expect, it, vi } from 'vitest';
import { defaultFilters } from '../../machines/reports/rules/reportFilters';
import { createReportActors } from '../../services/reports/actors';
import { tokenSourceFromPort, type AuthPort } from '../../services/http/auth-port';
import { filenameFromDisposition } from '../../services/http/body';
import { createServiceClient } from '../../services/http/client';
import { ServiceError } from '../../services/http/errors';
import { createReportsApi, filtersToQuery, type StreamedChunk } from '../../services/reports/transactions/index';
import { createActor, waitFor, createMachine } from 'xstate';

// 2026-11-22 10:30 in Vietnam.
const NOW = Date.UTC(2026, 10, 22, 3, 30);

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** Body parts, sent as separate stream chunks (with an optional pause before each). */
  parts?: (string | Uint8Array)[];
  /** Error the stream raises after the parts. */
  breakWith?: Error;
}

interface Seen {
  url: string;
  authorization: string | null;
  signal: AbortSignal | null;
}

function fakeFetch(answer: (req: Seen) => Answer) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = { url: String(input), authorization: new Headers(init?.headers).get('authorization'), signal: init?.signal ?? null };
    seen.push(req);
    const a = answer(req);
    const enc = new TextEncoder();
    const parts = a.parts ?? [];
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const p of parts) {
          await new Promise((r) => setTimeout(r, 1));
          controller.enqueue(typeof p === 'string' ? enc.encode(p) : p);
        }
        if (a.breakWith) controller.error(a.breakWith);
        else controller.close();
      },
    });
    return new Response(body, { status: a.status ?? 200, headers: a.headers ?? { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

function port(overrides: Partial<AuthPort> = {}): AuthPort {
  return { getAccessToken: vi.fn(async () => 'T1'), tokenRejected: vi.fn(async () => 'T2'), userLocked: vi.fn(), ...overrides };
}

function setup(answer: (req: Seen) => Answer, p: AuthPort = port()) {
  const f = fakeFetch(answer);
  const client = createServiceClient({ service: 'portal', baseURL: '/api/portal', tokens: tokenSourceFromPort(p), fetch: f.fetch });
  return { api: createReportsApi(client, () => NOW), seen: f.seen, port: p };
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a rejection');
}

const row = {
  id: 'card-0000001',
  channel: 'card',
  created_at: '2026-11-22T09:15:03+07:00',
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  merchant_name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
  bill_id: '',
  card_id: '970436******1234',
  amount: 150000,
  commission_fee: 1650,
  credit_status: 'credited',
  credit_amount: 148350,
  credit_date: '2026-11-23T09:00:00+07:00',
  settlement_time: null,
  status: 'success',
  response_code: '00',
  bill_url: '/api/portal/transaction/bill/card-0000001.svg',
  va_account_receiver: null,
  use_qrpay: false,
  payment_channel: null,
  logo_url: null,
  transaction_type: null,
};
const json = (body: unknown): Answer => ({ parts: [JSON.stringify(body)] });

describe('filtersToQuery', () => {
  it('sends unix seconds of Vietnam days and leaves out "all" and an empty search', () => {
    const q = filtersToQuery(defaultFilters('card'), NOW);
    expect(q).toEqual({
      page: 1,
      page_size: 80,
      start_time: Date.UTC(2026, 10, 21, 17) / 1000,
      end_time: Date.UTC(2026, 10, 22, 16, 59, 59) / 1000,
      status: undefined,
      customer_id: undefined,
      bill_id: undefined,
      sort: 'created_at',
      order: 'desc',
    });
    const f = { ...defaultFilters('va'), status: 'PAID' as const, storeId: 4, billId: 'HD 1&2', sort: 'amount' as const };
    expect(filtersToQuery(f, NOW)).toMatchObject({ status: 'PAID', customer_id: 4, bill_id: 'HD 1&2', sort: 'amount' });
  });
});

describe('list', () => {
  it('validates rows with the channel schema and maps paging', async () => {
    const { api, seen } = setup(() => json({ data: [row], total_page: 3, total_amount: 150000, total_count: 201, page: 2, page_size: 80 }));
    const page = await api.list('card', { ...defaultFilters('card'), page: 2, billId: 'a b&c' });
    expect(page).toMatchObject({ totalPage: 3, totalAmount: 150000, totalCount: 201, page: 2, pageSize: 80 });
    expect(page.rows[0]!.store_name).toBe('Phố Cổ - Hàng Bạc');
    expect(seen[0]!.url).toContain('/api/portal/transaction/card?');
    expect(seen[0]!.url).toContain('bill_id=a+b%26c');
    expect(seen[0]!.url).not.toContain('status=');
    expect(seen[0]!.authorization).toBe('Bearer T1');
  });

  it('an installment row without its extra fields is INVALID_RESPONSE', async () => {
    const { api } = setup(() =>
      json({ data: [{ ...row, channel: 'installment' }], total_page: 1, total_amount: 0, total_count: 1, page: 1, page_size: 10 }),
    );
    expect((await rejection(api.list('installment', defaultFilters('installment')))).code).toBe('INVALID_RESPONSE');
  });
});

describe('raw calls keep the session rules', () => {
  it('401 TOKEN_EXPIRED on an export: one refresh, one retry with the new token', async () => {
    const p = port();
    const { api, seen } = setup(
      (req) =>
        req.authorization === 'Bearer T2'
          ? {
              headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-length': '4' },
              parts: ['PK', '..'],
            }
          : { status: 401, parts: [JSON.stringify({ error_code: 'TOKEN_EXPIRED' })] },
      p,
    );
    const file = await api.exportFile('card', defaultFilters('card'));
    expect(file.blob.size).toBe(4);
    expect(p.tokenRejected).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer T1', 'Bearer T2']);
    expect(seen[1]!.url).toContain('export=true');
  });

  it('USER_LOCKED_USING on the dashboard stream ends the session', async () => {
    const p = port();
    const { api } = setup(() => ({ status: 403, parts: [JSON.stringify({ error_code: 'USER_LOCKED_USING' })] }), p);
    expect((await rejection(api.dashboard('2026-11-22', () => {}))).code).toBe('USER_LOCKED_USING');
    expect(p.userLocked).toHaveBeenCalledTimes(1);
  });

  it('no session: AUTHEN_FAIL without a request', async () => {
    const { api, seen } = setup(() => json({}), port({ getAccessToken: async () => null }));
    expect((await rejection(api.billImage(row.bill_url))).code).toBe('AUTHEN_FAIL');
    expect(seen).toHaveLength(0);
  });
});

describe('exportFile', () => {
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  it('reports progress in bytes and takes the UTF-8 file name', async () => {
    const name = 'Báo cáo giao dịch thẻ 2026-11-01_2026-11-22.xlsx';
    const { api } = setup(() => ({
      headers: {
        'content-type': xlsx,
        'content-length': '6',
        'content-disposition': `attachment; filename="bao-cao-card_2026-11-01_2026-11-22.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
      parts: ['PK', '34', '56'],
    }));
    const progress: unknown[] = [];
    const file = await api.exportFile('card', defaultFilters('card'), (p) => progress.push(p));
    expect(file.filename).toBe(name);
    expect(progress).toEqual([
      { received: 2, total: 6 },
      { received: 4, total: 6 },
      { received: 6, total: 6 },
    ]);
  });

  it('a JSON error answer is the server error; a non-spreadsheet 200 is INVALID_RESPONSE; a cut body is NETWORK_ERROR', async () => {
    const tooMany = setup(() => ({ status: 400, parts: [JSON.stringify({ error_code: 'BAD_REQUEST', data: { limit: 200000 } })] }));
    expect(await rejection(tooMany.api.exportFile('card', defaultFilters('card')))).toMatchObject({
      code: 'BAD_REQUEST',
      data: { limit: 200000 },
    });
    const html = setup(() => ({ headers: { 'content-type': 'text/html' }, parts: ['<html>'] }));
    expect((await rejection(html.api.exportFile('card', defaultFilters('card')))).code).toBe('INVALID_RESPONSE');
    const cut = setup(() => ({ headers: { 'content-type': xlsx, 'content-length': '100' }, parts: ['PK'] }));
    expect((await rejection(cut.api.exportFile('card', defaultFilters('card')))).code).toBe('NETWORK_ERROR');
  });
});

describe('filenameFromDisposition', () => {
  it('prefers filename*, strips path parts and control characters, falls back', () => {
    expect(filenameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''b%C3%A1o.xlsx`, 'x')).toBe('báo.xlsx');
    expect(filenameFromDisposition('attachment; filename="a.xlsx"', 'x')).toBe('a.xlsx');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'x')).toBe('etcpasswd');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('x');
    expect(filenameFromDisposition(null, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(filenameFromDisposition('attachment; filename=""', 'f')).toBe('f');
  });
});

describe('billImage', () => {
  it('fetches only the service bill path, whatever host the data names', async () => {
    const { api, seen } = setup(() => ({ headers: { 'content-type': 'image/svg+xml' }, parts: ['<svg/>'] }));
    await api.billImage('https://evil.example/api/portal/transaction/bill/card-0000001.svg');
    expect(seen[0]!.url).toBe('/api/portal/transaction/bill/card-0000001.svg');
    for (const bad of ['/api/portal/user/info', 'javascript:alert(1)', '', '/transaction/bill/../../x.svg']) {
      expect((await rejection(api.billImage(bad))).code).toBe('INVALID_RESPONSE');
    }
  });
});

describe('dashboard stream', () => {
  const day = {
    kind: 'day',
    period: '2026-11-22',
    current: { revenue: 10, count: 1 },
    previous: { period: '2026-11-21', revenue: 0, count: 0 },
    previous_span: { from: '2026-11-21', to: '2026-11-21', revenue: 0, count: 0 },
    split: { revenue: { card: 10, qr: 0, other: 0 }, count: { card: 1, qr: 0, other: 0 } },
  };
  const month = {
    kind: 'month',
    period: '2026-11',
    current: { revenue: 10, count: 1 },
    previous: { period: '2026-10', revenue: 5, count: 1 },
    previous_span: { from: '2026-10-01', to: '2026-10-22', revenue: 4, count: 1 },
  };
  const line = (c: unknown) => `data: ${JSON.stringify(c)}\n\n`;

  it('delivers chunks as they arrive, even when a line is split across reads', async () => {
    const text = line(day) + line(month) + line({ kind: 'end' });
    const { api, seen } = setup(() => ({
      headers: { 'content-type': 'text/event-stream' },
      parts: [text.slice(0, 7), text.slice(7, 150), text.slice(150)],
    }));
    const got: StreamedChunk[] = [];
    await api.dashboard('2026-11-22', (c) => got.push(c));
    expect(got.map((c) => c.kind)).toEqual(['day', 'month']);
    expect(seen[0]!.url).toBe('/api/portal/dashboard-data?date_filter=2026-11-22');
  });

  it('keeps what arrived and rejects NETWORK_ERROR when the stream closes early or breaks', async () => {
    const early = setup(() => ({ parts: [line(day)] }));
    const got: StreamedChunk[] = [];
    expect((await rejection(early.api.dashboard('2026-11-22', (c) => got.push(c)))).code).toBe('NETWORK_ERROR');
    expect(got).toHaveLength(1);
    const broken = setup(() => ({ parts: [line(day)], breakWith: new TypeError('terminated') }));
    expect((await rejection(broken.api.dashboard('2026-11-22', () => {}))).code).toBe('NETWORK_ERROR');
  });

  it('a malformed chunk is INVALID_RESPONSE; other lines are ignored', async () => {
    for (const bad of ['data: {not json\n', line({ kind: 'day', period: 5 }), line({ kind: 'surprise' }), line(null)]) {
      const { api } = setup(() => ({ parts: [line(day), bad, line({ kind: 'end' })] }));
      const got: StreamedChunk[] = [];
      expect((await rejection(api.dashboard('2026-11-22', (c) => got.push(c)))).code).toBe('INVALID_RESPONSE');
      expect(got).toHaveLength(1);
    }
    const comments = setup(() => ({
      parts: [': hello\n', 'event: x\n', '\r\n', line(day).replace(/\n\n$/, '\r\n'), line({ kind: 'end' })],
    }));
    const got: StreamedChunk[] = [];
    await comments.api.dashboard('2026-11-22', (c) => got.push(c));
    expect(got).toHaveLength(1);
  });
});

describe('report actors', () => {
  it('streamDashboard sends chunks, then END; stopping it aborts the request', async () => {
    const day = {
      kind: 'day',
      period: '2026-11-22',
      current: { revenue: 1, count: 1 },
      previous: { period: '2026-11-21', revenue: 0, count: 0 },
      previous_span: { from: '2026-11-21', to: '2026-11-21', revenue: 0, count: 0 },
      split: { revenue: { card: 1, qr: 0, other: 0 }, count: { card: 1, qr: 0, other: 0 } },
    };
    const { api, seen } = setup(() => ({ parts: [`data: ${JSON.stringify(day)}\n`, 'data: {"kind":"end"}\n'] }));
    const actors = createReportActors({ reports: api, save: vi.fn() });
    const events: string[] = [];
    const parent = createMachine({
      invoke: { src: actors.streamDashboard, input: { date: '2026-11-22' } },
      on: { '*': { actions: ({ event }) => events.push(event.type) } },
    });
    const actor = createActor(parent).start();
    await waitFor(actor, () => events.includes('DASHBOARD.END'), { timeout: 2000 });
    expect(events).toEqual(['DASHBOARD.CHUNK', 'DASHBOARD.END']);
    actor.stop();
    expect(seen[0]!.signal?.aborted).toBe(true);
  });

  it('exportReport saves the file and reports SAVED, or FAILED with the error', async () => {
    const save = vi.fn();
    const ok = setup(() => ({
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      parts: ['PK'],
    }));
    const events: { type: string; [k: string]: unknown }[] = [];
    const parent = (api: typeof ok.api) =>
      createMachine({
        invoke: {
          src: createReportActors({ reports: api, save }).exportReport,
          input: { channel: 'cash', filters: defaultFilters('cash') },
        },
        on: { '*': { actions: ({ event }) => events.push(event) } },
      });
    const a = createActor(parent(ok.api)).start();
    await waitFor(a, () => events.some((e) => e.type === 'EXPORT.SAVED'), { timeout: 2000 });
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'bao-cao-cash.xlsx');
    expect(events[0]).toMatchObject({ type: 'EXPORT.PROGRESS', received: 2, total: null });
    a.stop();
    events.length = 0;
    const bad = setup(() => ({ status: 500, parts: ['{"error_code":"UNKNOWN_ERROR"}'] }));
    const b = createActor(parent(bad.api)).start();
    await waitFor(b, () => events.some((e) => e.type === 'EXPORT.FAILED'), { timeout: 2000 });
    expect((events.at(-1)!.error as ServiceError).code).toBe('UNKNOWN_ERROR');
    b.stop();
  });
});
