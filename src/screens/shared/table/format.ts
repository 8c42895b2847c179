/**
 * Amounts and dates as a Vietnamese merchant reads them (core §9): VND in Vietnamese style whatever
 * the interface language, and times on Vietnam's clock (UTC+7, no daylight saving) whatever the
 * browser's time zone, so a merchant travelling abroad sees the same day the bank books.
 */

export const VN_OFFSET_MS = 7 * 3600 * 1000;
export const DAY_MS = 86_400_000;

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const plain = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });

export function formatVnd(amount: number | null | undefined): string {
  return vnd.format(typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);
}

export function formatNumber(value: number): string {
  return plain.format(value);
}

/** Percent with two decimals in Vietnamese style (12,34 %) or English (12.34%). */
export function formatPercent(value: number, language: 'vi' | 'en'): string {
  const text = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return `${text}%`;
}

/** unix seconds, unix ms or an ISO string → ms since epoch; null when unreadable. */
export function toEpochMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? (value < 1e12 ? value * 1000 : value) : null;
  if (/^\d+$/.test(value)) return toEpochMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy HH:mm:ss on Vietnam's clock. */
export function formatDateTime(value: number | string | null | undefined): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  const d = new Date(ms + VN_OFFSET_MS);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** dd/MM/yyyy on Vietnam's clock. */
export function formatDate(value: number | string | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}
