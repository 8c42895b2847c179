import { createHash, randomBytes } from 'node:crypto';
import type { SeededMerchant } from '../../../platform/area';
import { hashPassword, verifyPassword } from '../../../platform/auth/passwords';
import type { Database } from '../../../platform/db/database';
import { vnDay } from './vat';
import { PROVIDER_ROUTES, type ProviderRoute, type TemplateCode } from './types';

/**
 * Each merchant's account with each provider (table einv_accounts) and the tokens a login hands out
 * (einv_tokens). The provider's user name and password are the provider's, not the portal's: the
 * portal's e-invoice setup (doc 2 §5) sends them and gets a token back.
 */

/** The password of every seeded provider account (docs/areas/einvoice.md). */
export const EINV_PASSWORD = 'Einv@2026';

export type DeclarationStatus = 'APPROVED' | 'PENDING';

/** doc 2 §3 "Serial list item", plus whether the series is registered for use (MISA's TemplateIsNotUsing). */
export interface SeriesEntry {
  value: string;
  inv_type_name: string;
  template_code: TemplateCode;
  active: boolean;
  /**
   * The provider's own code of the registered template where its API names one (Viettel's
   * templateCode, e.g. '1/001' or '1/0224'); absent: the kind's first template, '1/001' (D231).
   */
  provider_template?: string;
}

/** doc 2 §3 "Invoice email / declaration record". */
export interface DeclarationRecord {
  type: string;
  email: string;
  /** Unix ms. */
  create_date: number;
  status_sent: string;
  status_reply: string;
  sender: string;
  sent_date: number;
  status: DeclarationStatus;
}

export interface EinvAccount {
  merchantId: string;
  provider: ProviderRoute;
  username: string;
  taxCode: string;
  declarationStatus: DeclarationStatus;
  declarations: DeclarationRecord[];
  series: SeriesEntry[];
  ssoLinked: boolean;
}

interface AccountRow {
  merchant_id: string;
  provider: ProviderRoute;
  username: string;
  password_hash: string;
  tax_code: string;
  declaration_status: DeclarationStatus;
  declarations: DeclarationRecord[];
  series: SeriesEntry[];
  sso_linked: boolean;
}

const toAccount = (r: AccountRow): EinvAccount => ({
  merchantId: r.merchant_id,
  provider: r.provider,
  username: r.username,
  taxCode: r.tax_code,
  declarationStatus: r.declaration_status,
  declarations: r.declarations ?? [],
  series: r.series ?? [],
  ssoLinked: r.sso_linked,
});

/**
 * Each provider's series for a year, told apart by their last two letters so a test can see which
 * provider issued what: a VAT series (template 1), a sales-invoice series (template 2), and one not
 * registered for use (MISA answers TemplateIsNotUsing for it; the others list only active ones).
 */
const SERIES_LETTERS: Record<ProviderRoute, { vat: string; sales: string; inactive: string }> = {
  'm-invoice': { vat: 'MV', sales: 'MB', inactive: 'MX' },
  misa: { vat: 'MS', sales: 'MH', inactive: 'MK' },
  fpt: { vat: 'FP', sales: 'FB', inactive: 'FX' },
  viettel: { vat: 'VT', sales: 'VB', inactive: 'VX' },
};

export function seriesFor(provider: ProviderRoute, now: number): SeriesEntry[] {
  const yy = vnDay(now).slice(2, 4);
  const letters = SERIES_LETTERS[provider];
  return [
    { value: `C${yy}T${letters.vat}`, inv_type_name: 'Hóa đơn giá trị gia tăng', template_code: '1', active: true },
    { value: `C${yy}T${letters.sales}`, inv_type_name: 'Hóa đơn bán hàng', template_code: '2', active: true },
    { value: `K${yy}T${letters.inactive}`, inv_type_name: 'Hóa đơn giá trị gia tăng', template_code: '1', active: false },
    // D253: the cash-register series (letter M, Decree 70/2025 art. 11, Circular 32/2025) a restaurant
    // or shop issues at the moment of sale; with the tax authority's code (C), like the others.
    {
      value: `C${yy}M${letters.vat}`,
      inv_type_name: 'Hóa đơn giá trị gia tăng khởi tạo từ máy tính tiền',
      template_code: '1',
      active: true,
    },
  ];
}

/**
 * The series a provider offers on a day (D253). A registered symbol is the seller's for every year:
 * its two year digits follow the invoice date (Circular 32/2025 art. 4, as Circular 78/2021 did), so
 * the provider lists each registered symbol for the current year and, from 1 December, for the next
 * (a merchant chooses the new year's serial before the first invoice of January), besides the symbols
 * exactly as registered. The year check itself is the core's (buildHDon, D230).
 */
export function seriesInForce(registered: SeriesEntry[], now: number): SeriesEntry[] {
  const today = vnDay(now);
  const year = Number(today.slice(0, 4));
  const years = today.slice(5, 7) === '12' ? [year, year + 1] : [year];
  const out = [...registered];
  const seen = new Set(registered.map((s) => s.value));
  for (const y of years) {
    const yy = String(y % 100).padStart(2, '0');
    for (const s of registered) {
      const value = `${s.value.slice(0, 1)}${yy}${s.value.slice(3)}`;
      if (seen.has(value)) continue;
      seen.add(value);
      out.push({ ...s, value });
    }
  }
  return out;
}

/**
 * The provider user name of a merchant: `{alias}-{provider}` for the seeded merchants (phoco-misa);
 * a throwaway copy (POST /sandbox/merchants answers its alias `t…` and template) gets
 * `{template}-{alias}-{provider}` (phoco-t10000042-misa), so a test can write it from that answer.
 */
export function einvUsername(merchant: { alias: string; template: string }, provider: ProviderRoute): string {
  return merchant.alias === merchant.template ? `${merchant.alias}-${provider}` : `${merchant.template}-${merchant.alias}-${provider}`;
}

/** Which seeded accounts wait for the tax authority: the grocery's MISA declaration (doc 2 §4 "pending"). */
export function declarationStatusFor(template: string, provider: ProviderRoute): DeclarationStatus {
  return template === 'colan' && provider === 'misa' ? 'PENDING' : 'APPROVED';
}

const DAY_MS = 86_400_000;

function declarationsFor(status: DeclarationStatus, email: string, now: number): DeclarationRecord[] {
  // Inside the current year (the portal asks from 1 January to today, doc 2 §9), a few days back.
  const jan1 = Date.parse(`${vnDay(now).slice(0, 4)}-01-01T00:00:00+07:00`);
  const created = Math.max(jan1, now - 10 * DAY_MS);
  return [
    {
      type: '01/ĐKTĐ-HĐĐT',
      email,
      create_date: created,
      status_sent: 'SENT',
      status_reply: status === 'APPROVED' ? 'ACCEPTED' : 'WAITING',
      sender: email,
      sent_date: created,
      status,
    },
  ];
}

// One scrypt for every seeded account: a throwaway merchant is made per test, and four scrypts each
// would be most of its cost. The same stored value for the same demo password gives nothing away.
let seededHash: Promise<string> | undefined;
const seededPasswordHash = () => (seededHash ??= hashPassword(EINV_PASSWORD));

/** The area's seed: an account with every provider for each merchant and each throwaway copy. */
export async function seedAccounts(db: Database, merchant: SeededMerchant): Promise<void> {
  const [row] = await db.query<{ alias: string; tax_no: string; email: string | null }>(
    `SELECT alias, tax_no, email FROM merchants WHERE id = $1`,
    [merchant.id],
  );
  if (!row) return;
  const hash = await seededPasswordHash();
  for (const provider of PROVIDER_ROUTES) {
    const status = declarationStatusFor(merchant.template, provider);
    await db.query(
      `INSERT INTO einv_accounts (merchant_id, provider, username, password_hash, tax_code, declaration_status, declarations, series)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
      [
        merchant.id,
        provider,
        einvUsername({ alias: row.alias, template: merchant.template }, provider),
        hash,
        row.tax_no,
        status,
        JSON.stringify(declarationsFor(status, row.email ?? `${row.alias}@example.vn`, merchant.now)),
        JSON.stringify(seriesFor(provider, merchant.now)),
      ],
    );
  }
}

/**
 * The account; with `now`, its series as the provider offers them on that day (`seriesInForce`), which
 * is what every provider call and the settings' check read. Without it, the series as registered.
 */
export async function getAccount(db: Database, merchantId: string, provider: ProviderRoute, now?: number): Promise<EinvAccount | null> {
  const [row] = await db.query<AccountRow & Record<string, unknown>>(
    `SELECT * FROM einv_accounts WHERE merchant_id = $1 AND provider = $2`,
    [merchantId, provider],
  );
  if (!row) return null;
  const account = toAccount(row);
  return now === undefined ? account : { ...account, series: seriesInForce(account.series, now) };
}

/** The account a user name names (any letter case), for calls that identify by user name rather than token. */
export async function accountByUsername(db: Database, provider: ProviderRoute, username: string): Promise<EinvAccount | null> {
  if (typeof username !== 'string' || !username || username.length > 200 || username.includes('\u0000')) return null;
  const [row] = await db.query<AccountRow & Record<string, unknown>>(
    `SELECT * FROM einv_accounts WHERE provider = $1 AND lower(username) = lower($2)`,
    [provider, username],
  );
  return row ? toAccount(row) : null;
}

export type LoginResult =
  | { ok: true; account: EinvAccount }
  /** `credentials`: unknown user or wrong password (never told apart); `tax-code`: right user and password, another tax code. */
  | { ok: false; reason: 'credentials' | 'tax-code' };

/** A provider login. An unknown user name costs the same password hash as a known one. */
export async function checkLogin(
  db: Database,
  provider: ProviderRoute,
  username: unknown,
  password: unknown,
  taxCode?: unknown,
): Promise<LoginResult> {
  const name = typeof username === 'string' ? username.trim() : '';
  const secret = typeof password === 'string' ? password : '';
  const [row] =
    name && name.length <= 200 && !name.includes('\u0000')
      ? await db.query<AccountRow & Record<string, unknown>>(
          `SELECT * FROM einv_accounts WHERE provider = $1 AND lower(username) = lower($2)`,
          [provider, name],
        )
      : [];
  const matches = await verifyPassword(
    secret.length <= 200 ? secret : '',
    row?.password_hash ?? (await seededPasswordHash()).replace(/.$/, 'A'),
  );
  if (!row || !matches || !secret) return { ok: false, reason: 'credentials' };
  if (taxCode !== undefined && taxCode !== null && taxCode !== '' && (typeof taxCode !== 'string' || taxCode.trim() !== row.tax_code)) {
    return { ok: false, reason: 'tax-code' };
  }
  return { ok: true, account: toAccount(row) };
}

/** Changes an account (declaration status, series, SSO link, password); answers the account after. */
export async function updateAccount(
  db: Database,
  merchantId: string,
  provider: ProviderRoute,
  patch: { declarationStatus?: DeclarationStatus; series?: SeriesEntry[]; ssoLinked?: boolean; password?: string },
): Promise<EinvAccount | null> {
  const sets: string[] = [];
  const params: unknown[] = [merchantId, provider];
  const set = (sql: string, value: unknown) => {
    params.push(value);
    sets.push(sql.replace('?', `$${params.length}`));
  };
  if (patch.declarationStatus !== undefined) set('declaration_status = ?', patch.declarationStatus);
  if (patch.series !== undefined) set('series = ?::jsonb', JSON.stringify(patch.series));
  if (patch.ssoLinked !== undefined) set('sso_linked = ?', patch.ssoLinked);
  if (patch.password !== undefined) set('password_hash = ?', await hashPassword(patch.password));
  if (!sets.length) return getAccount(db, merchantId, provider);
  const [row] = await db.query<AccountRow & Record<string, unknown>>(
    `UPDATE einv_accounts SET ${sets.join(', ')} WHERE merchant_id = $1 AND provider = $2 RETURNING *`,
    params,
  );
  return row ? toAccount(row) : null;
}

// ---- tokens ----

/**
 * How long a provider's token lives, by provider (ms). Viettel's short life is what makes its
 * "expired token answers HTTP 500 GENERAL" behaviour reachable in a test without a long wait; every
 * token also dies at once with the `einvoice-expire-tokens` trigger or a clock advance.
 */
export const TOKEN_TTL_MS: Record<ProviderRoute, number> = {
  'm-invoice': 24 * 3600_000,
  misa: 14 * 24 * 3600_000,
  fpt: 8 * 3600_000,
  viettel: 30 * 60_000,
};

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface IssuedToken {
  token: string;
  /** Unix ms. */
  expiresAt: number;
  ttlMs: number;
}

/** A new random token for this merchant with this provider; only its hash is stored. */
export async function issueToken(
  db: Database,
  provider: ProviderRoute,
  merchantId: string,
  now: number,
  ttlMs: number = TOKEN_TTL_MS[provider],
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + ttlMs;
  await db.query(`INSERT INTO einv_tokens (token_hash, provider, merchant_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    tokenHash(token),
    provider,
    merchantId,
    now,
    expiresAt,
  ]);
  return { token, expiresAt, ttlMs };
}

export type TokenCheck = { status: 'ok'; merchantId: string } | { status: 'expired' } | { status: 'invalid' };

/** Whose token this is; a token of another provider is invalid here. */
export async function verifyToken(db: Database, provider: ProviderRoute, token: unknown, now: number): Promise<TokenCheck> {
  if (typeof token !== 'string' || !token || token.length > 200) return { status: 'invalid' };
  const [row] = await db.query<{ merchant_id: string; expires_at: number }>(
    `SELECT merchant_id, expires_at FROM einv_tokens WHERE token_hash = $1 AND provider = $2`,
    [tokenHash(token), provider],
  );
  if (!row) return { status: 'invalid' };
  if (Number(row.expires_at) <= now) return { status: 'expired' };
  return { status: 'ok', merchantId: row.merchant_id };
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: unknown): string | null {
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Ends this merchant's tokens with a provider (all providers when left out) at `now`; answers how many. */
export async function expireTokens(db: Database, merchantId: string, now: number, provider?: ProviderRoute): Promise<number> {
  const rows = await db.query(
    `UPDATE einv_tokens SET expires_at = $2 WHERE merchant_id = $1 AND expires_at > $2 ${provider ? 'AND provider = $3' : ''} RETURNING 1`,
    provider ? [merchantId, now, provider] : [merchantId, now],
  );
  return rows.length;
}
