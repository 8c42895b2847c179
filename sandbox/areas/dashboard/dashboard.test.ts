// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vnDayStart } from '../../platform/vn-time';
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

  it('adds up successful payments of the chosen day, split card / QR / other', async () => {
    const { chunks } = await readDashboard();
    const day = chunks[0]!;
    if (day.kind !== 'day') throw new Error('day first');
    const today = vnDayStart(t.sandbox.clock.now());
    const [sum] = await t.sandbox.db.query<{ revenue: number; n: number }>(
      `SELECT coalesce(sum(amount), 0)::bigint AS revenue, count(*)::int AS n FROM transactions
       WHERE merchant_id = '10000001' AND created_at >= $1 AND created_at <= $2 AND status IN ('success', 'PAID', 'settled')`,
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
