import { AMOUNT_RANGE, CHANNELS, CHANNEL_WEIGHTS, COMMISSION_RATE, PAID_STATUSES, STATUS_WEIGHTS } from './channels';
import { DAY_MS, vnDayStart } from '../vn-time';
import type { Database } from '../db/database';
import { currentDivisions } from '../db/divisions';

/**
 * Report data generated inside the database (generate_series + hashint8) rather than row by row from
 * JavaScript: 200,000 rows arrive in one INSERT … SELECT in a few seconds even on PGlite. Every
 * "random" value is a hash of the row number and a per-merchant salt, so the same volume always gives
 * the same rows. Times are relative to an anchor day (the sandbox clock's Vietnam day at seeding);
 * rollTransactionsForward keeps them recent on later starts.
 */

export type SeedVolume = 'full' | 'small';

interface MerchantPlan {
  merchantId: string;
  transactions: number;
  /** Stores generated beyond those in seed-data.ts (the 100,000-store chain). */
  extraStores: number;
}

export const SEED_PLANS: Record<SeedVolume, MerchantPlan[]> = {
  full: [
    { merchantId: '10000001', transactions: 210_000, extraStores: 0 },
    { merchantId: '10000002', transactions: 20_000, extraStores: 0 },
    { merchantId: '10000003', transactions: 20_000, extraStores: 99_998 },
  ],
  // Enough for every channel and status to occur, cheap enough for test files that each boot a sandbox.
  small: [
    { merchantId: '10000001', transactions: 3_000, extraStores: 0 },
    { merchantId: '10000002', transactions: 300, extraStores: 0 },
    { merchantId: '10000003', transactions: 300, extraStores: 198 },
  ],
};

/** 13 months of history, today included. */
export const HISTORY_DAYS = 396;
const ANCHOR_KEY = 'transactions_anchor_day';

export async function seedReportData(db: Database, volume: SeedVolume, nowMs: number): Promise<void> {
  const anchor = vnDayStart(nowMs);
  const timing = process.env.SANDBOX_SEED_TIMING
    ? (label: string, t: number) => console.log(`[seed] ${label} ${Date.now() - t} ms`)
    : () => {};
  // Building the indexes once after the bulk insert is cheaper than maintaining them row by row.
  await db.exec('DROP INDEX IF EXISTS transactions_report; DROP INDEX IF EXISTS transactions_dashboard');
  for (const [index, plan] of SEED_PLANS[volume].entries()) {
    let t = Date.now();
    if (plan.extraStores > 0) await db.exec(storesSql(plan.merchantId, plan.extraStores));
    timing(`stores ${plan.merchantId}`, t);
    t = Date.now();
    if (plan.transactions > 0) {
      await db.exec(transactionsSql(plan.merchantId, plan.transactions, (index + 1) * 100_000_000, anchor));
    }
    timing(`transactions ${plan.merchantId}`, t);
  }
  let t = Date.now();
  await db.exec(CREATE_INDEXES_SQL);
  timing('indexes', t);
  t = Date.now();
  await db.exec(SAVING_BALANCES_SQL);
  timing('saving balances', t);
  t = Date.now();
  await db.query(`INSERT INTO sandbox_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
    ANCHOR_KEY,
    String(anchor),
  ]);
  // VACUUM (not only ANALYZE): the visibility map is what makes the covering indexes index-only.
  await db.exec('VACUUM ANALYZE transactions');
  await db.exec('ANALYZE stores');
  timing('analyze', t);
}

/**
 * A database seeded on an earlier day would show an empty "today". Moving every generated row forward
 * by whole days keeps the history ending today (the bank's records of orders stay with their orders); rows later than the clock stay hidden by the queries (they
 * "arrive" as the day goes on).
 */
export async function rollTransactionsForward(db: Database, nowMs: number): Promise<number> {
  const [row] = await db.query<{ value: string }>(`SELECT value FROM sandbox_settings WHERE key = $1`, [ANCHOR_KEY]);
  if (!row) return 0;
  const anchor = Number(row.value);
  const today = vnDayStart(nowMs);
  const shift = today - anchor;
  if (!Number.isFinite(anchor) || shift <= 0) return 0;
  // The bank's records of orders (D308, D321) stay with their orders, which do not move.
  const [orders] = await db.query<{ here: boolean }>(`SELECT to_regclass('sale_orders') IS NOT NULL AS here`);
  const ofOrders = orders?.here
    ? `WHERE NOT EXISTS (SELECT 1 FROM sale_orders o WHERE o.merchant_id = transactions.merchant_id AND o.order_code = transactions.bill_id)`
    : '';
  await db.exec(`BEGIN;
    UPDATE transactions SET created_at = created_at + ${shift},
      credit_date = credit_date + ${shift}, settlement_time = settlement_time + ${shift} ${ofOrders};
    UPDATE sandbox_settings SET value = '${today}' WHERE key = '${ANCHOR_KEY}';
    COMMIT;`);
  await db.exec('VACUUM ANALYZE transactions');
  return shift / DAY_MS;
}

/** Same definitions as platform/db/migrations/002_transactions.sql. */
const CREATE_INDEXES_SQL = `
  CREATE INDEX IF NOT EXISTS transactions_report ON transactions (merchant_id, channel, created_at DESC, id DESC)
    INCLUDE (amount, status, store_id, bill_id);
  CREATE INDEX IF NOT EXISTS transactions_dashboard ON transactions (merchant_id, created_at) INCLUDE (status, channel, amount)`;

/** A uniform number in [0, 1) from the row number g and a draw index k. */
const r = (k: number) => `((hashint8(g * 64 + ${k} + salt) & 2147483647)::float8 / 2147483648.0)`;

function pick<T extends string>(rand: string, weights: ReadonlyArray<readonly [T, number]>): string {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let acc = 0;
  const arms = weights.slice(0, -1).map(([value, w]) => {
    acc += w / total;
    return `WHEN ${rand} < ${acc.toFixed(6)} THEN '${value}'`;
  });
  return `CASE ${arms.join(' ')} ELSE '${weights[weights.length - 1]![0]}' END`;
}

const list = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
const fromList = (values: readonly string[], rand: string) => `(${list(values)})[1 + floor(${rand} * ${values.length})::int]`;

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Hữu', 'Đức', 'Ngọc', 'Minh', 'Thanh', 'Quốc', 'Thu', 'Hoàng'];
const GIVEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hoa',
  'Hùng',
  'Hương',
  'Khánh',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Phúc',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
  'Yến',
];
const MOBILE_PREFIX = ['090', '091', '093', '097', '098', '086', '035', '070', '083', '056'];
const BINS = ['970436', '970415', '970418', '411111', '512345', '356999', '472074'];
const BANKS = ['VCB', 'TCB', 'ACB', 'VPB', 'MB', 'STB', 'BIDV', 'CTG'];
const CARD_TYPES = ['VISA', 'MASTERCARD', 'JCB'];
const FAIL_CODES = ['05', '51', '91', '68', '12', '14'];

function transactionsSql(merchantId: string, count: number, salt: number, anchor: number): string {
  const channelCase = pick('r1', CHANNEL_WEIGHTS);
  const statusCase = `CASE channel ${CHANNELS.map((c) => `WHEN '${c}' THEN ${pick('r3', STATUS_WEIGHTS[c])}`).join(' ')} END`;
  const amountCase = `CASE channel ${CHANNELS.map((c) => {
    const [lo, hi] = AMOUNT_RANGE[c];
    // Squaring the draw leans amounts toward the low end, as real tickets do.
    return `WHEN '${c}' THEN (round(${lo} * power(${hi / lo}, r4 * r4) / 1000) * 1000)::bigint`;
  }).join(' ')} END`;
  const rateCase = `CASE channel ${CHANNELS.map((c) => `WHEN '${c}' THEN ${COMMISSION_RATE[c]}`).join(' ')} END`;
  const paid = `status IN (${PAID_STATUSES.map((s) => `'${s}'`).join(',')})`;
  const cardLike = `channel IN ('card', 'ecom', 'installment')`;

  const draws = Array.from({ length: 15 }, (_, i) => `${r(i + 1)} AS r${i + 1}`).join(', ');
  return `
  WITH s AS (
    SELECT array_agg(id ORDER BY id) AS ids, array_agg(coalesce(va_account_no, '') ORDER BY id) AS vas, count(*)::int AS n
    FROM stores WHERE merchant_id = '${merchantId}'
  ),
  -- MATERIALIZED: each draw is computed once; inlined, every CASE arm would hash again.
  drawn AS MATERIALIZED (
    SELECT g, ${draws} FROM (SELECT g, ${salt}::bigint AS salt FROM generate_series(1, ${count}) AS g) b
  ),
  chosen AS (
    SELECT d.*, ${channelCase} AS channel, floor(r2 * ${HISTORY_DAYS})::int AS day_back FROM drawn d
  ),
  shaped AS (
    SELECT c.*, ${statusCase} AS status, ${amountCase} AS amount,
      ${anchor}::bigint - day_back::bigint * ${DAY_MS} AS day_start,
      -- 06:00 to 22:00 Vietnam time, busiest mid-afternoon (mean of two draws).
      (21600 + floor((r5 + r6) / 2 * 57600))::bigint * 1000 AS time_of_day
    FROM chosen c
  ),
  rows AS (
    SELECT sh.*, day_start + time_of_day AS created,
      floor(amount * ${rateCase})::bigint AS commission,
      s.ids[1 + floor(r7 * s.n)::int] AS store_id, s.vas[1 + floor(r7 * s.n)::int] AS store_va
    FROM shaped sh, s
  )
  INSERT INTO transactions (merchant_id, channel, created_at, store_id, bill_id, card_id, amount, commission_fee,
    credit_status, credit_amount, credit_date, settlement_time, status, response_code, has_bill_image,
    va_account_receiver, use_qrpay, payment_channel, transaction_type, fee, approval_code, bank_code, card_type, period,
    full_name, phone, identity_card, saving_account)
  SELECT '${merchantId}', channel, created, store_id,
    CASE WHEN r8 < 0.12 THEN '' ELSE 'HD' || to_char(date '1970-01-01' + ((created + 25200000) / ${DAY_MS})::int, 'YYMMDD')
      || lpad((g % 100000)::text, 5, '0') END,
    CASE WHEN ${cardLike} THEN ${fromList(BINS, 'r9')} || '******' || lpad(floor(r10 * 10000)::text, 4, '0') END,
    amount, commission,
    CASE WHEN ${paid} AND day_back > 0 THEN 'credited' ELSE 'not_credited' END,
    CASE WHEN ${paid} AND day_back > 0 THEN amount - commission END,
    CASE WHEN ${paid} AND day_back > 0 THEN day_start + ${DAY_MS} + 32400000 END,
    CASE WHEN status IN ('success', 'PAID', 'settled') AND channel IN ('card', 'va', 'ecom', 'momo') THEN day_start + 82800000 END,
    status,
    CASE WHEN ${paid} THEN '00' ELSE ${fromList(FAIL_CODES, 'r11')} END,
    channel IN ('card', 'cash', 'va') AND r8 >= 0.12 AND r12 < 0.25,
    CASE WHEN channel = 'va' THEN nullif(store_va, '') END,
    channel = 'va' OR (channel = 'card' AND r12 > 0.9),
    CASE WHEN channel = 'va' THEN ${pick('r13', [
      ['STORE', 0.6],
      ['STAFF', 0.25],
      ['BILL', 0.15],
    ] as const)} END,
    CASE WHEN channel = 'saving' THEN (CASE WHEN r13 < 0.6 THEN 'CREDIT' ELSE 'DEBIT' END)
         WHEN channel = 'loan' THEN (CASE WHEN r13 < 0.3 THEN 'DEBIT' ELSE 'CREDIT' END) END,
    CASE WHEN channel = 'installment' THEN (round(amount * (0.02 + r14 * 0.03) / 1000) * 1000)::bigint END,
    CASE WHEN channel = 'installment' THEN lpad(floor(r15 * 1000000)::text, 6, '0') END,
    CASE WHEN channel = 'installment' THEN ${fromList(BANKS, 'r10')} END,
    CASE WHEN channel = 'installment' THEN ${fromList(CARD_TYPES, 'r11')} END,
    CASE WHEN channel = 'installment' THEN (ARRAY[3, 6, 9, 12])[1 + floor(r12 * 4)::int] END,
    CASE WHEN channel = 'installment' THEN ${fromList(FAMILY, 'r13')} || ' ' || ${fromList(MIDDLE, 'r14')} || ' ' || ${fromList(GIVEN, 'r15')} END,
    CASE WHEN channel = 'installment' THEN ${fromList(MOBILE_PREFIX, 'r9')} || lpad(floor(r10 * 10000000)::text, 7, '0') END,
    CASE WHEN channel = 'installment' THEN '0' || lpad(floor(r14 * 100000000000)::bigint::text, 11, '0') END,
    CASE WHEN channel = 'saving' THEN '1903${merchantId}0' || (1 + floor(r9 * 3)::int)::text END
  FROM rows
  -- Stored in report order: one report page then reads a few neighbouring table pages, not 80
  -- scattered ones.
  ORDER BY channel, created`;
}

/**
 * Balances follow the rows in time per saving account: a running balance from an opening deposit,
 * the sum of deposits as the cumulative balance, and the overdraft when withdrawals overtake it.
 * Only successful rows move money.
 */
const SAVING_BALANCES_SQL = `
  UPDATE transactions t SET running_balance = w.balance, cumulative_balance = w.deposits,
    overdraft_amount = greatest(0, -w.balance)
  FROM (
    SELECT id,
      50000000 + sum(CASE WHEN status <> 'success' THEN 0 WHEN transaction_type = 'CREDIT' THEN amount ELSE -amount END)
        OVER (PARTITION BY merchant_id, saving_account ORDER BY created_at, id) AS balance,
      50000000 + sum(CASE WHEN status = 'success' AND transaction_type = 'CREDIT' THEN amount ELSE 0 END)
        OVER (PARTITION BY merchant_id, saving_account ORDER BY created_at, id) AS deposits
    FROM transactions WHERE channel = 'saving'
  ) w
  WHERE t.id = w.id`;

const STREETS = [
  'Lê Lợi',
  'Nguyễn Trãi',
  'Trần Hưng Đạo',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Phan Đình Phùng',
  'Điện Biên Phủ',
  'Cách Mạng Tháng Tám',
  'Võ Thị Sáu',
  'Nguyễn Thị Minh Khai',
  'Lạc Long Quân',
  'Hoàng Diệu',
  'Quang Trung',
  'Bạch Đằng',
  'Nguyễn Văn Cừ',
  'Phạm Văn Đồng',
];
/** The cities the generated stores are spread over: Hồ Chí Minh City, Hà Nội, Đà Nẵng, Hải Phòng, Cần Thơ. */
const CITY_IDS = [79, 1, 48, 31, 92];

/**
 * Real places of today's two-tier list (D239): every ward of those cities, taken in turn from each
 * city so that neighbouring store codes sit in different cities; no district (district_id 0).
 */
function storePlaces() {
  const list = currentDivisions();
  const perCity = CITY_IDS.map((id) => {
    const city = list.province(id)!;
    return list.wardsOf(city.code).map((ward) => ({ city, ward }));
  });
  const longest = Math.max(...perCity.map((places) => places.length));
  return Array.from({ length: longest }, (_, i) => perCity.flatMap((places) => (i < places.length ? [places[i]!] : []))).flat();
}

function storesSql(merchantId: string, count: number): string {
  const hash = (k: number) => `((hashint8(g * 8 + ${k}) & 2147483647)::float8 / 2147483648.0)`;
  const places = storePlaces();
  const ints = (values: number[]) => `ARRAY[${values.join(',')}]`;
  const at = (array: string) => `(${array})[1 + (g % ${places.length})]`;
  return `
  INSERT INTO stores (merchant_id, name, code, address, tax_no, va_account_no, country_id, city_id, district_id, ward_id, address_line_1)
  SELECT '${merchantId}', 'Tiện Lợi Việt ' || lpad(n::text, 6, '0') || ' - ' || street,
    'CV' || lpad(n::text, 6, '0'),
    house || ' ' || street || ', ' || place,
    (SELECT tax_no FROM merchants WHERE id = '${merchantId}'),
    '968803' || lpad(n::text, 12, '0'),
    1, city_id, district_id, ward_id, house || ' ' || street
  FROM (
    SELECT g, g + 2 AS n, (1 + floor(${hash(1)} * 300)::int)::text AS house,
      ${fromList(STREETS, hash(2))} AS street,
      ${at(ints(places.map((p) => p.city.id)))} AS city_id,
      0 AS district_id,
      ${at(ints(places.map((p) => p.ward.id)))} AS ward_id,
      ${at(list(places.map((p) => [p.ward.name, p.city.name].join(', '))))} AS place
    FROM generate_series(1, ${count}) AS g
  ) x`;
}
