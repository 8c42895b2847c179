import { DAY_MS, parseVnDate, VN_OFFSET_MS, vnDayStart } from './vnTime';

export const TIME_PRESETS = ['today', 'yesterday', 'last7days', 'thisMonth', 'lastMonth', 'thisQuarter'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

/** A custom range names Vietnam calendar days, both included. */
export type TimeRange = { preset: TimePreset } | { preset: 'custom'; from: string; to: string };

/**
 * Report time ranges (core §2, §5, §9) as Vietnam calendar days. Every range ends at the TRUE end of
 * its last day, 23:59:59.999 (decision D16), not the spec's 23:59:39, which would drop the day's last
 * 20 seconds of payments.
 */

export interface MsRange {
  /** Unix ms, inclusive. */
  start: number;
  /** Unix ms, inclusive: 23:59:59.999 of the last day. */
  end: number;
}

/** Core §5: at most 30 days from the start to the end (2,592,000,000 ms). */
export const MAX_CUSTOM_RANGE_MS = 2_592_000_000;

export type CustomRangeError = 'RANGE_INCOMPLETE' | 'RANGE_END_BEFORE_START' | 'RANGE_TOO_LONG' | 'RANGE_AFTER_TODAY';

const endOf = (dayStart: number) => dayStart + DAY_MS - 1;

/** Vietnam year and month (1..12) of a day start. */
function yearMonth(dayStart: number): { year: number; month: number } {
  const d = new Date(dayStart + VN_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** 00:00 in Vietnam on the first of a month; month may overflow either way (Date.UTC rolls it). */
const monthStart = (year: number, month: number) => Date.UTC(year, month - 1, 1) - VN_OFFSET_MS;

/**
 * A preset's range for the clock `nowMs`. Ranges that include today end at today's end (no future
 * days); last7days is today and the six days before it.
 */
export function presetRange(preset: TimePreset, nowMs: number): MsRange {
  const today = vnDayStart(nowMs);
  const { year, month } = yearMonth(today);
  switch (preset) {
    case 'today':
      return { start: today, end: endOf(today) };
    case 'yesterday':
      return { start: today - DAY_MS, end: today - 1 };
    case 'last7days':
      return { start: today - 6 * DAY_MS, end: endOf(today) };
    case 'thisMonth':
      return { start: monthStart(year, month), end: endOf(today) };
    case 'lastMonth':
      return { start: monthStart(year, month - 1), end: monthStart(year, month) - 1 };
    case 'thisQuarter':
      return { start: monthStart(year, month - ((month - 1) % 3)), end: endOf(today) };
  }
}

/** Vietnam days from and to, both included ('YYYY-MM-DD'): a list's day filter (D269). */
export interface DayRange {
  from: string;
  to: string;
}

/** Days of a list filter in their form: two real days, the end not before the start. */
export function isDayRange(value: unknown): value is DayRange {
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 2) return false;
  const { from, to } = value as Record<string, unknown>;
  const start = parseVnDate(from);
  const endDay = parseVnDate(to);
  return start !== null && endDay !== null && endDay >= start;
}

/**
 * Why days are refused without a length limit (a list's day filter), or null: both days real, the
 * end not before the start, nothing after `today` ('YYYY-MM-DD' in Vietnam).
 */
export function validateDayRange(from: unknown, to: unknown, today: string): CustomRangeError | null {
  const start = parseVnDate(from);
  const endDay = parseVnDate(to);
  const todayStart = parseVnDate(today);
  if (start === null || endDay === null || todayStart === null) return 'RANGE_INCOMPLETE';
  if (endDay < start) return 'RANGE_END_BEFORE_START';
  if (endDay > todayStart) return 'RANGE_AFTER_TODAY';
  return null;
}

/** Why a custom range is refused, or null when it is fine. `today` is 'YYYY-MM-DD' in Vietnam. */
export function validateCustomRange(from: unknown, to: unknown, today: string): CustomRangeError | null {
  const refusal = validateDayRange(from, to, today);
  if (refusal) return refusal;
  if (endOf(parseVnDate(to)!) - parseVnDate(from)! > MAX_CUSTOM_RANGE_MS) return 'RANGE_TOO_LONG';
  return null;
}

/** Days as unix seconds, both included: the first second of `from`, the last of `to` (D16). */
export function dayRangeToUnixSeconds(days: DayRange): { from: number; to: number } {
  const start = parseVnDate(days.from) ?? 0;
  const endDay = parseVnDate(days.to) ?? start;
  return { from: Math.floor(start / 1000), to: Math.floor(endOf(endDay) / 1000) };
}

/** The ms range of custom days (not validated; null when a date is unreadable). */
export function customRange(from: unknown, to: unknown): MsRange | null {
  const start = parseVnDate(from);
  const endDay = parseVnDate(to);
  return start === null || endDay === null ? null : { start, end: endOf(endDay) };
}

export function rangeOf(range: TimeRange, nowMs: number): MsRange {
  if (range.preset === 'custom') return customRange(range.from, range.to) ?? presetRange('today', nowMs);
  return presetRange(range.preset, nowMs);
}

/** Wire form (core §3): unix seconds, both inclusive (the end is 23:59:59 of the last day). */
export function rangeToUnixSeconds(range: TimeRange, nowMs: number): { start_time: number; end_time: number } {
  const { start, end } = rangeOf(range, nowMs);
  return { start_time: Math.floor(start / 1000), end_time: Math.floor(end / 1000) };
}

export { vnToday } from './vnTime';
