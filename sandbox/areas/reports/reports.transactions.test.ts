// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DAY_MS, vnDayStart } from '../../platform/vn-time';
import { CHANNEL_CONFIG, REPORT_CHANNELS, rowSchemaFor, transactionListSchema, TRANSACTION_STATUSES } from '../../platform/test/portal-schemas';
import { TIME_PRESETS } from '../../../src/rules/timeRange';
import { customRange, MAX_CUSTOM_RANGE_MS, rangeToUnixSeconds, validateCustomRange } from '../../../src/rules/timeRange';
import { t, phoco, colan, month, list, useReportsFixture } from './reports.fixture';

useReportsFixture();

describe('GET /transaction/{channel}', () => {
  it('answers every channel (and qr as va) with rows that parse with the portal schema', async () => {
    for (const channel of [...REPORT_CHANNELS, 'qr'] as const) {
      const res = await list(channel, `${month()}&page_size=100`);
      expect(res.status, channel).toBe(200);
      const schemaChannel = channel === 'qr' ? 'va' : channel;
      const body = transactionListSchema(rowSchemaFor(schemaChannel)).parse(res.body);
      expect(body.data.length, channel).toBeGreaterThan(0);
      expect(body.data.every((r) => r.channel === schemaChannel)).toBe(true);
      expect(body.total_page).toBe(Math.ceil(body.total_count / 100));
    }
  });

  it('has every status of core §4 and every channel for the F&B merchant, over 13 months', async () => {
    const statuses = await t.sandbox.db.query<{ status: string }>(`SELECT DISTINCT status FROM transactions WHERE merchant_id = '10000001'`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...TRANSACTION_STATUSES].sort());
    const [span] = await t.sandbox.db.query<{ oldest: number; newest: number }>(
      `SELECT min(created_at) AS oldest, max(created_at) AS newest FROM transactions WHERE merchant_id = '10000001'`,
    );
    const today = vnDayStart(t.sandbox.clock.now());
    expect(span!.newest).toBeGreaterThanOrEqual(today);
    expect(today - span!.oldest).toBeGreaterThan(380 * DAY_MS);
    expect(today - span!.oldest).toBeLessThanOrEqual(396 * DAY_MS);
  });

  it('defaults to today in Vietnam, the channel page size, newest first', async () => {
    const res = await list('card', '');
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(1);
    expect(res.body.page_size).toBe(CHANNEL_CONFIG.card.defaultPageSize);
    const today = vnDayStart(t.sandbox.clock.now());
    for (const row of res.body.data) {
      const ms = Date.parse(row.created_at);
      expect(ms).toBeGreaterThanOrEqual(today);
      expect(ms).toBeLessThanOrEqual(t.sandbox.clock.now());
      expect(row.created_at).toMatch(/\+07:00$/);
    }
    const times = res.body.data.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list('cash', '')).body.page_size).toBe(10);
  });

  it('filters by status, store and bill id; the count covers every matching row, the amount the successful ones (D65)', async () => {
    const all = await list('card', `${month()}&status=success&page_size=100`);
    expect(all.body.data.every((r: { status: string }) => r.status === 'success')).toBe(true);

    const store = await list('card', `${month()}&customer_id=2&page_size=100`);
    expect(store.body.data.every((r: { store_id: number }) => r.store_id === 2)).toBe(true);

    const withBill = all.body.data.find((r: { bill_id: string }) => r.bill_id.length > 6);
    const fragment = withBill.bill_id.slice(-5).toLowerCase();
    const bill = await list('card', `${month()}&bill_id=${fragment}`);
    expect(bill.body.data.length).toBeGreaterThan(0);
    expect(bill.body.data.every((r: { bill_id: string }) => r.bill_id.toLowerCase().includes(fragment))).toBe(true);
    // LIKE wildcards are searched literally.
    expect((await list('card', `${month()}&bill_id=%25`)).body.total_count).toBe(0);

    let sum = 0;
    let count = 0;
    for (let page = 1; page <= store.body.total_page; page++) {
      const p = await list('card', `${month()}&customer_id=2&page_size=100&page=${page}`);
      const received = p.body.data.filter((r: { status: string }) => ['success', 'PAID', 'settled'].includes(r.status));
      sum += received.reduce((s: number, r: { amount: number }) => s + r.amount, 0);
      count += p.body.data.length;
    }
    expect(count).toBe(store.body.total_count);
    expect(sum).toBe(store.body.total_amount);
  });

  it('core §2 reports: the total amount is what the merchant received; failed and error rows are listed but not added (D65)', async () => {
    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'phoco' } });
    const token = (await t.login(made.body.username, made.body.password)).access_token as string;
    const noon = Date.UTC(2025, 10, 23, 5); // 12:00 in Vietnam
    const add = async (channel: string, amount: number, status: string, more: Record<string, string> = {}) => {
      const res = await t.api('POST', '/sandbox/triggers/transaction', {
        body: { merchant: made.body.alias, channel, amount: String(amount), status, at: String(noon), ...more },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await add('card', 1_000_000, 'success');
    await add('card', 250_000, 'settled');
    await add('card', 3_135_000, 'fail');
    await add('card', 500_000, 'error');
    await add('card', 80_000, 'pending');
    await add('loan', 50_000_000, 'success', { transaction_type: 'CREDIT' });
    await add('loan', 10_000_000, 'success', { transaction_type: 'DEBIT' });
    await add('loan', 5_000_000, 'fail', { transaction_type: 'CREDIT' });
    const day = `start_time=${Date.UTC(2025, 10, 22, 17) / 1000}&end_time=${Date.UTC(2025, 10, 23, 17) / 1000 - 1}`;

    const card = await list('card', day, token);
    expect(card.body).toMatchObject({ total_amount: 1_250_000, total_count: 5 });
    expect(card.body.data).toHaveLength(5);
    expect((await list('card', `${day}&status=fail`, token)).body).toMatchObject({ total_amount: 0, total_count: 1 });
    // Saving and loan rows move money both ways: only successful credits were received.
    expect((await list('loan', day, token)).body).toMatchObject({ total_amount: 50_000_000, total_count: 3 });
  });

  it('the transaction trigger refuses what it cannot store: an unknown channel or status, a time after the clock, a bad type', async () => {
    const fire = (body: Record<string, string>) => t.api('POST', '/sandbox/triggers/transaction', { body: { amount: '1000', ...body } });
    const future = String(t.sandbox.clock.now() + 60_000);
    const refused: Record<string, string>[] = [
      { channel: 'bogus' },
      { channel: 'card', status: 'lost' },
      { channel: 'card', at: future },
      { channel: 'loan', transaction_type: 'X' },
    ];
    for (const body of refused) {
      expect((await fire(body)).status, JSON.stringify(body)).toBe(400);
    }
    const made = await t.api('POST', '/sandbox/merchants', { body: { template: 'colan' } });
    expect((await fire({ channel: 'cash', at: '2025-11-23T12:00:00+07:00', merchant: made.body.alias })).body).toMatchObject({
      channel: 'cash',
      status: 'success',
      created_at: Date.UTC(2025, 10, 23, 5),
      transaction_type: null,
    });
  });

  it('sorts by amount or time, either way, on the server', async () => {
    const asc = await list('va', `${month()}&sort=amount&order=asc&page_size=50`);
    const amounts = asc.body.data.map((r: { amount: number }) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await list('va', `${month()}&sort=amount&order=desc&page_size=50`);
    expect(desc.body.data[0].amount).toBeGreaterThanOrEqual(desc.body.data[49].amount);
    expect(desc.body.data[0].amount).toBeGreaterThan(asc.body.data[0].amount);
    const oldest = await list('va', `${month()}&order=asc&page_size=5`);
    const times = oldest.body.data.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('treats end_time as the last second included', async () => {
    const rows = await t.sandbox.db.query<{ created_at: number }>(
      `SELECT created_at FROM transactions WHERE merchant_id = '10000001' AND channel = 'card' AND created_at % 1000 = 0 ORDER BY created_at DESC LIMIT 1 OFFSET 10`,
    );
    const sec = rows[0]!.created_at / 1000;
    const at = await list('card', `start_time=${sec}&end_time=${sec}`);
    expect(at.body.total_count).toBeGreaterThanOrEqual(1);
    expect((await list('card', `start_time=${sec - 1}&end_time=${sec - 1}`)).body.data.some((r: { created_at: string }) => Date.parse(r.created_at) === sec * 1000)).toBe(false);
  });

  it('keeps merchants apart', async () => {
    const a = await list('card', `${month()}&page_size=100`, phoco);
    const b = await list('card', `${month()}&page_size=100`, colan);
    expect(a.body.data[0].merchant_name).toBe('CÔNG TY TNHH ẨM THỰC PHỐ CỔ');
    expect(b.body.data.every((r: { merchant_name: string }) => r.merchant_name === 'Tạp hoá Cô Lan')).toBe(true);
    const ids = new Set(a.body.data.map((r: { id: string }) => r.id));
    expect(b.body.data.some((r: { id: string }) => ids.has(r.id))).toBe(false);
  });

  it('refuses bad filters with BAD_REQUEST, an unknown channel with 404, no session with 401', async () => {
    for (const q of ['page=0', 'page=abc', 'page_size=101', 'page_size=-1', 'status=nope', 'sort=store_name', 'order=up',
      'start_time=10&end_time=5', 'customer_id=1%3B%20DROP%20TABLE%20stores', 'start_time=1e9', 'page=1&page=2']) {
      const res = await list('card', q);
      expect(res.status, q).toBe(400);
      expect(res.body.error_code, q).toBe('BAD_REQUEST');
    }
    expect((await list('wire', '')).status).toBe(404);
    expect((await t.api('GET', '/api/portal/transaction/card')).status).toBe(401);
  });

  it('answers 500 once when the sandbox fault is armed, then recovers', async () => {
    await t.api('POST', '/sandbox/faults', { body: { reportFailNext: 'card' } });
    expect((await list('card', '')).status).toBe(500);
    expect((await list('card', '')).status).toBe(200);
  });
});

describe('core §5: the server enforces the 30-day range (RANGE_TOO_LONG)', () => {
  const sec = (ms: number) => ms / 1000;
  /** Wire range of Vietnam days `from`..`to` as the client sends it: 00:00 to 23:59:59 (D16). */
  const days = (from: string, to: string) => {
    const r = customRange(from, to)!;
    return `start_time=${Math.floor(r.start / 1000)}&end_time=${Math.floor(r.end / 1000)}`;
  };
  const refused = async (query: string) => {
    for (const extra of ['', '&export=true']) {
      const res = await list('card', query + extra);
      expect(res.status, query + extra).toBe(400);
      expect(res.body, query + extra).toMatchObject({ error_code: 'RANGE_TOO_LONG', data: { max_ms: MAX_CUSTOM_RANGE_MS } });
    }
  };

  it('refuses 31 days and 13 months for the list and the export', async () => {
    await refused(days('2026-01-02', '2026-02-01'));
    await refused(days('2026-03-05', '2026-04-04'));
    const today = vnDayStart(t.sandbox.clock.now());
    await refused(`start_time=${sec(today - 395 * DAY_MS)}&end_time=${sec(today + DAY_MS) - 1}`);
    // One second past 30 days.
    await refused(`start_time=${sec(today - 29 * DAY_MS) - 1}&end_time=${sec(today + DAY_MS) - 1}`);
  });

  it('takes exactly 30 days, and the month and quarter presets that run longer (D80)', async () => {
    for (const query of [
      days('2026-01-02', '2026-01-31'),
      days('2026-02-01', '2026-03-02'),
      month(),
      days('2026-01-01', '2026-01-31'), // lastMonth in a 31-day month
      days('2026-07-01', '2026-07-20'), // thisMonth
      days('2026-01-01', '2026-03-31'), // thisQuarter, 90 days
      days('2026-07-01', '2026-09-30'), // thisQuarter, 92 days
      days('2026-10-01', '2026-11-15'), // thisQuarter, part
    ]) {
      const res = await list('card', `${query}&page_size=1`);
      expect(res.status, query).toBe(200);
    }
    // Aligned to a month but not a preset: from the 1st of a quarter's second month, or into the next quarter.
    await refused(days('2026-02-01', '2026-03-31'));
    await refused(days('2026-03-01', '2026-04-30'));
    await refused(days('2026-01-01', '2026-04-01'));
  });

  it('agrees with the client rule (src/rules/timeRange.ts) at the boundary, for every month of a year', async () => {
    for (let m = 0; m < 12; m++) {
      const from = new Date(Date.UTC(2026, m, 3 + m)).toISOString().slice(0, 10);
      for (const length of [29, 30, 31]) {
        const to = new Date(Date.UTC(2026, m, 3 + m + length - 1)).toISOString().slice(0, 10);
        const client = validateCustomRange(from, to, '2027-12-31');
        const res = await list('card', `${days(from, to)}&page_size=1`);
        expect(res.status === 400 ? res.body.error_code : null, `${from}..${to}`).toBe(client);
      }
    }
    for (const preset of TIME_PRESETS) {
      const range = rangeToUnixSeconds({ preset }, t.sandbox.clock.now());
      expect((await list('card', `start_time=${range.start_time}&end_time=${range.end_time}&page_size=1`)).status, preset).toBe(200);
    }
  });
});
