import { DAY_MS, VN_OFFSET_MS } from './format';

/**
 * Report time ranges (core §2, §9) and the custom range rules (core §5), on Vietnam's calendar.
 * Ranges are unix seconds, both ends included; a day ends at 23:59:59 (the spec's "23:59:39" would
 * drop the last twenty seconds of every day's sales, so the true end of day is used).
 */

export const TIME_PRESETS = ['today', 'yesterday', 'last7days', 'thisMonth', 'lastMonth', 'thisQuarter', 'custom'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

export interface TimeRange {
  /** unix seconds, first second of the first day */
  start: number;
  /** unix seconds, last second of the last day */
  end: number;
}

/**
 * core §5: at most 2,592,000,000 ms from the first second to the true end of the last day, i.e. 30
 * calendar days with both ends included (decision D17, the same rule as the machine's
 * validateCustomRange, so the screen never offers a range the machine would refuse).
 */
export const MAX_CUSTOM_SPAN_MS = 2_592_000_000;

export type CustomRangeError = 'required' | 'invalidDate' | 'endBeforeStart' | 'future' | 'tooLong';

export function isTimePreset(value: unknown): value is TimePreset {
  return typeof value === 'string' && (TIME_PRESETS as readonly string[]).includes(value);
}

/** ms of 00:00 Vietnam time of the day holding `ms`. */
export function vnDayStart(ms: number): number {
  return Math.floor((ms + VN_OFFSET_MS) / DAY_MS) * DAY_MS - VN_OFFSET_MS;
}

function vnParts(ms: number): { year: number; month: number; day: number } {
  const d = new Date(ms + VN_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
}

/** ms of 00:00 Vietnam time of a calendar day (month 0-based; overflow rolls like Date.UTC). */
function vnMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month, day) - VN_OFFSET_MS;
}

const toRange = (startMs: number, lastDayStartMs: number): TimeRange => ({
  start: Math.floor(startMs / 1000),
  end: Math.floor((lastDayStartMs + DAY_MS - 1000) / 1000),
});

/** The range of a preset at `nowMs`; `custom` has none of its own (null). */
export function presetRange(preset: TimePreset, nowMs: number): TimeRange | null {
  const today = vnDayStart(nowMs);
  const { year, month } = vnParts(nowMs);
  switch (preset) {
    case 'today':
      return toRange(today, today);
    case 'yesterday':
      return toRange(today - DAY_MS, today - DAY_MS);
    case 'last7days':
      return toRange(today - 6 * DAY_MS, today);
    case 'thisMonth':
      return toRange(vnMidnight(year, month, 1), today);
    case 'lastMonth':
      return toRange(vnMidnight(year, month - 1, 1), vnMidnight(year, month, 0));
    case 'thisQuarter':
      return toRange(vnMidnight(year, month - (month % 3), 1), today);
    case 'custom':
      return null;
  }
}

/** 'YYYY-MM-DD' → ms of that day's 00:00 in Vietnam; null when not a real date. */
export function parseIsoDay(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const ms = vnMidnight(year, month, day);
  const back = vnParts(ms);
  return back.year === year && back.month === month && back.day === day ? ms : null;
}

/** ms → 'YYYY-MM-DD' on Vietnam's calendar. */
export function isoDay(ms: number): string {
  const { year, month, day } = vnParts(ms);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'DD/MM/YYYY' (how Vietnamese write dates) or 'YYYY-MM-DD' → 'YYYY-MM-DD'; null when not a date. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = vn ? `${vn[3]}-${vn[2]!.padStart(2, '0')}-${vn[1]!.padStart(2, '0')}` : trimmed;
  return parseIsoDay(iso) === null ? null : iso;
}

export type CustomRangeCheck = { ok: true; range: TimeRange } | { ok: false; error: CustomRangeError };

/** core §5: both days given, end not before start, nothing after today, at most 30 days. */
export function checkCustomRange(from: string | null, to: string | null, nowMs: number): CustomRangeCheck {
  if (!from || !to) return { ok: false, error: 'required' };
  const start = parseIsoDay(from);
  const last = parseIsoDay(to);
  if (start === null || last === null) return { ok: false, error: 'invalidDate' };
  if (last < start) return { ok: false, error: 'endBeforeStart' };
  if (last > vnDayStart(nowMs)) return { ok: false, error: 'future' };
  if (last + DAY_MS - 1 - start > MAX_CUSTOM_SPAN_MS) return { ok: false, error: 'tooLong' };
  return { ok: true, range: toRange(start, last) };
}
