// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, vnDate, vnDateStart, vnDayStart } from '../../platform/vn-time';
import { dashboardChunkSchema } from '../../platform/test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

let t: TestSandbox;
let phoco: string;
beforeAll(async () => {
  // A pause between dashboard chunks so the test can see them arrive apart.
  t = await startTestSandbox({ dashboardChunkDelayMs: 40 });
  phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.faults.reset());

/** Reads the dashboard answer as it arrives: the raw reads and the parsed chunks. */
async function readDashboard(query = '') {
  const res = await fetch(`${t.url}/api/portal/dashboard-data${query}`, { headers: { authorization: `Bearer ${phoco}` } });
  const reads: string[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    reads.push(value);
  }
  const text = reads.join('');
  const chunks = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => dashboardChunkSchema.parse(JSON.parse(line.slice(5))));
  return { res, reads, text, chunks };
}

describe('GET /dashboard-data', () => {
  it('streams day, month, year, recent and end, as separate chunks', async () => {
    const { res, reads, chunks } = await readDashboard();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(chunks.map((c) => c.kind)).toEqual(['day', 'month', 'year', 'recent', 'end']);
    expect(reads.length).toBeGreaterThan(1);
  });

  it('core §2 dashboard: adds up successful payments of the chosen day, split card / QR / other payment channels', async () => {
    const { chunks } = await readDashboard();
    const day = chunks[0]!;
    if (day.kind !== 'day') throw new Error('day first');
    const today = vnDayStart(t.sandbox.clock.now());
    const [sum] = await t.sandbox.db.query<{ revenue: number; n: number }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS revenue, count(*)::int AS n FROM transactions
       WHERE merchant_id = '10000001' AND created_at >= $1 AND created_at <= $2 AND status IN ('success', 'PAID', 'settled')
         AND channel NOT IN ('saving', 'loan')`,
      [today, t.sandbox.clock.now()],
    );
    expect(day.current).toEqual({ revenue: Number(sum!.revenue), count: sum!.n });
    expect(day.split.revenue.card + day.split.revenue.qr + day.split.revenue.other).toBe(day.current.revenue);
    const month = chunks[1]!;
    if (month.kind !== 'month') throw new Error('month second');
    expect(month.current.revenue).toBeGreaterThanOrEqual(day.current.revenue);
    const recent = chunks[3]!;
    if (recent.kind !== 'recent') throw new Error('recent fourth');
    expect(recent.transactions.length).toBe(10);
    expect(typeof recent.transactions[0]!.created_at).toBe('number');
  });

  it('takes a past date; refuses a future or malformed one', async () => {
    const { chunks } = await readDashboard('?date_filter=2026-01-15');
    expect(chunks[0]).toMatchObject({ kind: 'day', period: '2026-01-15', previous: { period: '2026-01-14' } });
    expect(chunks[1]).toMatchObject({ period: '2026-01', previous: { period: '2025-12' } });
    for (const bad of ['2999-01-01', '2026-02-30', 'today', '1e9']) {
      const res = await t.api('GET', `/api/portal/dashboard-data?date_filter=${bad}`, { token: phoco });
      expect(res.status, bad).toBe(400);
    }
  });

  it('stops half-way without an end chunk when the fault is armed', async () => {
    await t.api('POST', '/sandbox/faults', { body: { dashboardBreakAfter: 2 } });
    const broken = await readDashboard();
    expect(broken.chunks.map((c) => c.kind)).toEqual(['day', 'month']);
    const whole = await readDashboard();
    expect(whole.chunks.at(-1)?.kind).toBe('end');
  });
});

/** A merchant of its own (no report history) and rows placed exactly, through the `transaction` trigger. */
async function freshMerchant() {
  const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
  expect(made.status).toBe(201);
  const token = (await t.login(made.body.username, made.body.password)).access_token as string;
  const add = async (channel: string, amount: number, at: number, more: Record<string, string> = {}) => {
    const res = await t.api('POST', '/sandbox/triggers/transaction', {
      body: { merchant: made.body.alias, channel, amount: String(amount), at: String(at), ...more },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const read = async (date?: string) => {
    const res = await fetch(`${t.url}/api/portal/dashboard-data${date ? `?date_filter=${date}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const chunks = (await res.text())
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => dashboardChunkSchema.parse(JSON.parse(line.slice(5))));
    const pick = <K extends string>(kind: K) => chunks.find((c) => c.kind === kind) as Extract<(typeof chunks)[number], { kind: K }>;
    return { day: pick('day'), month: pick('month'), year: pick('year'), recent: pick('recent') };
  };
  return { add, read };
}

/** Vietnam wall-clock time of a day, as unix ms. */
const at = (date: string, hours: number, minutes = 0) => vnDateStart(date)! + (hours * 60 + minutes) * 60_000;

describe('core §2 dashboard figures a merchant can trust (D62–D64)', () => {
  it('D62: revenue and count are payments received; failed payments, saving and loan rows are not revenue', async () => {
    const m = await freshMerchant();
    await m.add('card', 1_000_000, at('2025-11-23', 10));
    await m.add('va', 500_000, at('2025-11-23', 10, 5), { status: 'PAID' });
    await m.add('cash', 200_000, at('2025-11-23', 11));
    await m.add('card', 3_135_000, at('2025-11-23', 12), { status: 'fail' });
    await m.add('loan', 50_000_000, at('2025-11-23', 9), { transaction_type: 'CREDIT' });
    await m.add('saving', 20_000_000, at('2025-11-23', 9, 30));
    const { day } = await m.read('2025-11-23');
    expect(day.current).toEqual({ revenue: 1_700_000, count: 3 });
    expect(day.split).toEqual({ revenue: { card: 1_000_000, qr: 500_000, other: 200_000 }, count: { card: 1, qr: 1, other: 1 } });
  });

  it('D63: month and year compare the period so far with the same span of the previous one, and send the whole previous period', async () => {
    const m = await freshMerchant();
    await m.add('card', 1_000_000, at('2025-11-23', 10));
    await m.add('card', 100_000, at('2025-11-22', 12));
    await m.add('va', 300_000, at('2025-10-01', 8));
    await m.add('va', 400_000, at('2025-10-23', 23));
    await m.add('va', 700_000, at('2025-10-24', 8)); // after the span: in the whole month only
    await m.add('card', 900_000, at('2024-11-23', 8));
    await m.add('card', 50_000, at('2024-12-01', 8)); // after the span: in the whole year only
    const { day, month, year } = await m.read('2025-11-23');
    expect(day.previous).toEqual({ period: '2025-11-22', revenue: 100_000, count: 1 });
    expect(day.previous_span).toEqual({ from: '2025-11-22', to: '2025-11-22', revenue: 100_000, count: 1 });
    expect(month.current).toEqual({ revenue: 1_100_000, count: 2 });
    expect(month.previous_span).toEqual({ from: '2025-10-01', to: '2025-10-23', revenue: 700_000, count: 2 });
    expect(month.previous).toEqual({ period: '2025-10', revenue: 1_400_000, count: 3 });
    expect(year.current).toEqual({ revenue: 2_500_000, count: 5 });
    expect(year.previous_span).toEqual({ from: '2024-01-01', to: '2024-11-23', revenue: 900_000, count: 1 });
    expect(year.previous).toEqual({ period: '2024', revenue: 950_000, count: 2 });
  });

  it("D63: a day past the previous month's end compares with the whole previous month; 29 February with 28 February", async () => {
    const m = await freshMerchant();
    await m.add('card', 10_000, at('2025-02-28', 23, 59));
    await m.add('card', 20_000, at('2023-02-28', 12));
    await m.add('card', 40_000, at('2023-03-01', 0, 1));
    const march = await m.read('2025-03-31');
    expect(march.month.previous_span).toEqual({ from: '2025-02-01', to: '2025-02-28', revenue: 10_000, count: 1 });
    expect(march.month.previous).toMatchObject({ revenue: 10_000, count: 1 });
    const leap = await m.read('2024-02-29');
    expect(leap.year.previous_span).toEqual({ from: '2023-01-01', to: '2023-02-28', revenue: 20_000, count: 1 });
    expect(leap.year.previous).toMatchObject({ revenue: 60_000, count: 2 });
  });

  it('D63: today so far is compared with the day before up to the same time', async () => {
    const m = await freshMerchant();
    const now = t.sandbox.clock.now();
    const today = vnDayStart(now);
    const sameTimeYesterday = now - DAY_MS;
    // The copy carries the bank's records of its seeded orders (D321): what is added is measured against them.
    const { day: before } = await m.read();
    await m.add('card', 10_000, today - DAY_MS);
    await m.add('card', 30_000, Math.min(sameTimeYesterday + 60_000, today - 1)); // later in the day than now
    const { day } = await m.read();
    expect(day.previous).toMatchObject({ period: vnDate(today - DAY_MS) });
    expect([day.previous.revenue - before.previous.revenue, day.previous.count - before.previous.count]).toEqual([40_000, 2]);
    expect(day.previous_span).toMatchObject({ to: vnDate(today - DAY_MS) });
    expect([day.previous_span.revenue - before.previous_span.revenue, day.previous_span.count - before.previous_span.count]).toEqual([
      10_000, 1,
    ]);
  });

  it('D64: recent transactions carry their status', async () => {
    const m = await freshMerchant();
    await m.add('card', 1_000_000, at('2025-11-23', 10));
    await m.add('card', 3_135_000, at('2025-11-23', 12), { status: 'fail' });
    await m.add('loan', 50_000_000, at('2025-11-23', 9));
    const { recent } = await m.read('2025-11-23');
    expect(recent.transactions.map((r) => [r.type, r.amount, r.status])).toEqual([
      ['card', 3_135_000, 'fail'],
      ['card', 1_000_000, 'success'],
      ['loan', 50_000_000, 'success'],
    ]);
  });
});
