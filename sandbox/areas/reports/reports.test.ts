// @vitest-environment node
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rollTransactionsForward, SEED_PLANS } from '../../platform/transactions/seed';
import { DAY_MS, vnDayStart } from '../../platform/vn-time';
import {
  CHANNEL_CONFIG,
  REPORT_CHANNELS,
  rowSchemaFor,
  storeOptionSchema,
  transactionListSchema,
  TRANSACTION_STATUSES,
} from '../../platform/test/portal-schemas';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';
import { TIME_PRESETS } from '../../../src/rules/timeRange';
import { customRange, MAX_CUSTOM_RANGE_MS, rangeToUnixSeconds, validateCustomRange } from '../../../src/rules/timeRange';

let t: TestSandbox;
let phoco: string;
let colan: string;
beforeAll(async () => {
  t = await startTestSandbox();
  phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
  colan = (await t.login('colan', 'Colan@2026')).access_token;
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.faults.reset());

/** The longest range the server takes (core §5): today and the 29 days before, to today's last second. */
const month = () => {
  const today = vnDayStart(t.sandbox.clock.now());
  return `start_time=${(today - 29 * DAY_MS) / 1000}&end_time=${(today + DAY_MS) / 1000 - 1}`;
};
const list = (channel: string, query: string, token = phoco) => t.api('GET', `/api/portal/transaction/${channel}?${query}`, { token });

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

describe('export=true', () => {
  it('answers a real .xlsx of all matching rows with Vietnamese headers and a dated file name', async () => {
    const filters = `${month()}&status=success`;
    const counted = await list('card', `${filters}&page_size=1`);
    const res = await fetch(`${t.url}/api/portal/transaction/card?${filters}&export=true`, { headers: { authorization: `Bearer ${phoco}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="bao-cao-card_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^Báo cáo giao dịch thẻ \d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    // Reading our own generated file in a test is the one place the reader runs (stack notes).
    const book = XLSX.read(bytes, { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(book.SheetNames[0]).toBe('Giao dịch thẻ');
    expect(rows[0]).toEqual(['Thời gian giao dịch', 'Cửa hàng', 'Mã hoá đơn', 'Số thẻ', 'Số tiền (VND)', 'Phí dịch vụ (VND)',
      'Trạng thái ghi có', 'Số tiền ghi có (VND)', 'Ngày ghi có', 'Trạng thái']);
    expect(rows.length - 1).toBe(counted.body.total_count);
    expect(rows.slice(1).every((r) => r[9] === 'Thành công')).toBe(true);
    expect(rows.slice(1).some((r) => String(r[1]).startsWith('Phố Cổ'))).toBe(true);
    expect(rows[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(typeof rows[1]![4]).toBe('number');
  });

  it('exports an empty report as headers only', async () => {
    const res = await fetch(`${t.url}/api/portal/transaction/loan?start_time=100&end_time=200&export=true`, { headers: { authorization: `Bearer ${phoco}` } });
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toHaveLength(1);
  });
});

describe('bill images', () => {
  it('serves the printable invoice of a row with bill_url, to its own merchant only', async () => {
    const res = await list('card', `${month()}&page_size=100`);
    const row = res.body.data.find((r: { bill_url: string | null }) => r.bill_url);
    expect(row).toBeTruthy();
    const own = await fetch(t.url + row.bill_url, { headers: { authorization: `Bearer ${phoco}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await own.text();
    expect(svg).toContain('<svg');
    expect(svg).toContain('CÔNG TY TNHH ẨM THỰC PHỐ CỔ');
    expect((await fetch(t.url + row.bill_url, { headers: { authorization: `Bearer ${colan}` } })).status).toBe(404);
    expect((await fetch(t.url + row.bill_url)).status).toBe(401);
    expect((await fetch(`${t.url}/api/portal/transaction/bill/..%2F..%2Fetc.svg`, { headers: { authorization: `Bearer ${phoco}` } })).status).toBe(404);
  });
});

describe('GET /metadata/store', () => {
  it('lists every store of a merchant for the dropdown, by name', async () => {
    const chuoi = (await t.login('chuoi', 'Chuoi@2026')).access_token;
    const res = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: chuoi });
    expect(res.status).toBe(200);
    const stores = res.body.data.map((s: unknown) => storeOptionSchema.parse(s));
    expect(stores.length).toBe(200);
    expect(res.body).toMatchObject({ total_page: 1, page: 1, page_size: 100000 });
    const names = stores.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const mine = await t.api('GET', '/api/portal/metadata/store?page_size=100000', { token: phoco });
    expect(mine.body.data.map((s: { name: string }) => s.name)).toContain('Phố Cổ - Hàng Bạc');
    expect(mine.body.data).toHaveLength(3);
    expect((await t.api('GET', '/api/portal/metadata/store?page_size=100001', { token: phoco })).status).toBe(400);
    expect((await t.api('GET', '/api/portal/metadata/store?page_size=2&page=2', { token: phoco })).body.data).toHaveLength(1);
  });
});

describe('GET /metadata/store, compact and compressed (issue 10 §5, §8)', () => {
  /** The raw answer as bytes, without fetch's transparent decoding. */
  const raw = (path: string, token: string, acceptEncoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpGet(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  it('answers only the six fields of storeOptionSchema, without padding, brotli or gzip as accepted', async () => {
    const chuoi = (await t.login('chuoi', 'Chuoi@2026')).access_token;
    const path = '/api/portal/metadata/store?page_size=100000';
    const plain = await raw(path, chuoi, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(text).not.toMatch(/" : |, \{/);
    const body = JSON.parse(text) as { data: Record<string, unknown>[] };
    expect(body.data).toHaveLength(200);
    for (const store of body.data) {
      expect(Object.keys(store).sort()).toEqual(Object.keys(storeOptionSchema.shape).sort());
      storeOptionSchema.parse(store);
    }
    expect(body.data.some((s) => s.va_account_no === null)).toBe(body.data.some((s) => !s.va_account_no));

    const br = await raw(path, chuoi, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gz = await raw(path, chuoi, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(text);
    expect((await raw(path, chuoi, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });
});

describe('seed', () => {
  it('is deterministic: a reset on the same day gives the same rows; the full plan has 200,000+ rows for phoco', async () => {
    const checksum = async () =>
      (
        await t.sandbox.db.query<{ sum: string; n: number }>(
          `SELECT md5(string_agg(concat_ws('|', merchant_id, channel, created_at, store_id, bill_id, amount, status, card_id, full_name), ',' ORDER BY id)) AS sum,
             count(*)::int AS n FROM transactions WHERE merchant_id = ANY($1::text[])`,
          // The seeded merchants' rows; throwaway merchants of other tests are gone after a reset.
          [SEED_PLANS.small.map((p) => p.merchantId)],
        )
      )[0]!;
    const before = await checksum();
    expect((await t.api('POST', '/sandbox/reset', { body: {} })).status).toBe(200);
    expect(await checksum()).toEqual(before);
    phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
    colan = (await t.login('colan', 'Colan@2026')).access_token;
    expect(SEED_PLANS.full.find((p) => p.merchantId === '10000001')!.transactions).toBeGreaterThanOrEqual(200_000);
    expect(SEED_PLANS.full.find((p) => p.merchantId === '10000003')!.extraStores + 2).toBe(100_000);
  });
});

describe('seeded history stays recent', () => {
  it('moves every row forward by the whole days since seeding', async () => {
    const newest = async () =>
      (await t.sandbox.db.query<{ m: number }>(`SELECT max(created_at) AS m FROM transactions`))[0]!.m;
    const before = await newest();
    await t.sandbox.db.query(`UPDATE sandbox_settings SET value = (value::bigint - ${2 * DAY_MS})::text WHERE key = 'transactions_anchor_day'`);
    expect(await rollTransactionsForward(t.sandbox.db, t.sandbox.clock.now())).toBe(2);
    expect(await newest()).toBe(before + 2 * DAY_MS);
    expect(await rollTransactionsForward(t.sandbox.db, t.sandbox.clock.now())).toBe(0);
    await t.sandbox.db.query(`UPDATE transactions SET created_at = created_at - ${2 * DAY_MS}, credit_date = credit_date - ${2 * DAY_MS}, settlement_time = settlement_time - ${2 * DAY_MS}`);
  });
});
