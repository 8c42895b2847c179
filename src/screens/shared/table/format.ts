/**
 * Amounts and dates as a Vietnamese merchant reads them (core §9): VND in Vietnamese style whatever
 * the interface language, and times on Vietnam's clock (UTC+7, no daylight saving) whatever the
 * browser's time zone, so a merchant travelling abroad sees the same day the bank books.
 */

import { formatVnDateTime } from '../../../rules/vnTime';

// One implementation of money and Vietnam time for machines and screens alike.
export { formatVnd } from '../../../rules/vnd';

const plain = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return plain.format(value);
}

// Made once per language: building an Intl.NumberFormat costs far more than using one.
const percentFormats = {
  vi: new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** Percent with two decimals in Vietnamese style (12,34 %) or English (12.34%). */
export function formatPercent(value: number, language: 'vi' | 'en'): string {
  return `${percentFormats[language].format(value)}%`;
}

/** unix seconds, unix ms or an ISO string → ms since epoch; null when unreadable. */
export function toEpochMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? (value < 1e12 ? value * 1000 : value) : null;
  if (/^\d+$/.test(value)) return toEpochMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** dd/MM/yyyy HH:mm:ss on Vietnam's clock; numbers (or digit strings) may be unix seconds or ms. */
export function formatDateTime(value: number | string | null | undefined): string {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const ms = toEpochMs(value);
    return ms === null ? '' : formatVnDateTime(ms);
  }
  return formatVnDateTime(value);
}

/** dd/MM/yyyy on Vietnam's clock. */
export function formatDate(value: number | string | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}
