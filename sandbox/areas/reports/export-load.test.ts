// @vitest-environment node
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { DAY_MS, vnDayStart } from '../../platform/vn-time';
import { EXPORT_CHUNK_ROWS } from './query';

/** Rows added to phoco's card report yesterday: an export that takes seconds, as the full seed's do. */
const EXTRA_ROWS = 12_000;

let t: TestSandbox;
let phoco: string;
let colan: string;
let yesterday: string;
beforeAll(async () => {
  t = await startTestSandbox();
  phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
  colan = (await t.login('colan', 'Colan@2026')).access_token;
  const day = vnDayStart(t.sandbox.clock.now()) - DAY_MS;
  yesterday = `start_time=${day / 1000}&end_time=${(day + DAY_MS) / 1000 - 1}`;
  // Copies of one card row, one per 2 s of yesterday, all with the same amount (ties for sort=amount).
  const columns = (
    await t.sandbox.db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_name = 'transactions' AND table_schema = current_schema() AND column_name NOT IN ('id', 'created_at') ORDER BY ordinal_position`,
    )
  ).map((c) => c.name);
  await t.sandbox.db.query(
    `INSERT INTO transactions (created_at, ${columns.join(', ')})
     SELECT $1::bigint + g * 2000, ${columns.map((c) => `t.${c}`).join(', ')}
     FROM (SELECT * FROM transactions WHERE merchant_id = '10000001' AND channel = 'card' ORDER BY id LIMIT 1) t,
          generate_series(0, ${EXTRA_ROWS - 1}) g`,
    [day],
  );
});
afterAll(() => t?.close());

const exportUrl = (query: string) => `${t.url}/api/portal/transaction/card?${query}&export=true`;
const download = (query: string, token = phoco) => fetch(exportUrl(query), { headers: { authorization: `Bearer ${token}` } });
const sheetRows = async (res: Response) => {
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 }).slice(1);
};
/** An export of an empty range: nothing to build, so it answers at once unless the merchant is busy. */
const probe = (token = phoco) => download('start_time=100&end_time=200', token);

/** Starts a long export and resolves once the server counts it as running (a probe answers 429). */
async function startLongExport(): Promise<{ done: Promise<Response>; refused: Response }> {
  // On a fast PostgreSQL an export can end before the first probe arrives: start another then.
  for (let round = 0; round < 5; round++) {
    const done = download(yesterday);
    let ended = false;
    void done.then(() => (ended = true));
    for (let attempt = 0; attempt < 200 && !ended; attempt++) {
      const res = await probe();
      if (res.status === 429) return { done, refused: res };
      await res.arrayBuffer();
    }
    await (await done).arrayBuffer();
  }
  throw new Error('no export was ever seen running: a second export was never refused');
}

describe('issue 10 §5: one merchant cannot freeze the others', () => {
  it('exports every row across chunks, in order, either sort', async () => {
    expect(EXTRA_ROWS).toBeGreaterThan(EXPORT_CHUNK_ROWS * 5);
    const count = (await t.api('GET', `/api/portal/transaction/card?${yesterday}&page_size=1`, { token: phoco })).body.total_count as number;
    expect(count).toBeGreaterThan(EXTRA_ROWS);
    const byTime = await sheetRows(await download(yesterday));
    expect(byTime).toHaveLength(count);
    const stamp = (r: unknown[]) => String(r[0]).replace(/^(\d\d)\/(\d\d)\/(\d{4}) (.*)$/, '$3-$2-$1 $4');
    const times = byTime.map(stamp);
    expect(times.every((x, i) => i === 0 || times[i - 1]! >= x)).toBe(true);
    const byAmount = await sheetRows(await download(`${yesterday}&sort=amount&order=asc`));
    expect(byAmount).toHaveLength(count);
    const amounts = byAmount.map((r) => r[4] as number);
    expect(amounts.every((x, i) => i === 0 || amounts[i - 1]! <= x)).toBe(true);
  }, 120_000);

  it('refuses a second export of the same merchant while one runs (429 EXPORT_IN_PROGRESS), not another merchant’s', async () => {
    const { done, refused } = await startLongExport();
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toMatchObject({ error_code: 'EXPORT_IN_PROGRESS', data: { limit: 1 } });
    const other = await probe(colan);
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    const first = await done;
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    // Once it ended, the merchant may export again.
    const again = await probe();
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  }, 60_000);

  it('answers a light call (GET /user/info) while an export runs, before the export ends', async () => {
    const order: string[] = [];
    const { done } = await startLongExport();
    const exported = done.then(async (res) => {
      await res.arrayBuffer();
      order.push('export');
      return res.status;
    });
    const info = await t.api('GET', '/api/portal/user/info', { token: colan });
    order.push('info');
    const store = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: phoco });
    order.push('stores');
    expect(info.status).toBe(200);
    expect(store.status).toBe(200);
    expect(await exported).toBe(200);
    expect(order).toEqual(['info', 'stores', 'export']);
  }, 60_000);
});
