import { customRange, validateCustomRange, type CustomRangeError as RuleRefusal } from '../../../rules/timeRange';
import { parseVnDate, vnToday } from '../../../rules/vnTime';
import { TIME_PRESETS as QUERY_PRESETS } from '../../../rules/timeRange';

/**
 * The time-range picker's view of the report time rules (core §2, §5, §9). The rules themselves live
 * once, in src/rules/timeRange.ts (true end of day D16, 30 days D17), so the screen can never
 * offer a range the machine would refuse; this module only adapts them to the picker.
 */

export const TIME_PRESETS = [...QUERY_PRESETS, 'custom'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

export interface TimeRange {
  /** unix seconds, first second of the first day */
  start: number;
  /** unix seconds, last second of the last day */
  end: number;
}

/** What the picker says under the dates (i18n `table:timeRange.errors.<key>`). */
export type CustomRangeError = 'required' | 'invalidDate' | 'endBeforeStart' | 'future' | 'tooLong';

const REFUSALS: Record<RuleRefusal, CustomRangeError> = {
  RANGE_INCOMPLETE: 'invalidDate',
  RANGE_END_BEFORE_START: 'endBeforeStart',
  RANGE_AFTER_TODAY: 'future',
  RANGE_TOO_LONG: 'tooLong',
};

/** 'YYYY-MM-DD' of the Vietnam day holding `ms`. */
export const isoDay = vnToday;

/** 'DD/MM/YYYY' (how Vietnamese write dates) or 'YYYY-MM-DD' → 'YYYY-MM-DD'; null when not a date. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = vn ? `${vn[3]}-${vn[2]!.padStart(2, '0')}-${vn[1]!.padStart(2, '0')}` : trimmed;
  return parseVnDate(iso) === null ? null : iso;
}

export type CustomRangeCheck = { ok: true; range: TimeRange } | { ok: false; error: CustomRangeError };

/** core §5: both days given, end not before start, nothing after today, at most 30 days. */
export function checkCustomRange(from: string | null, to: string | null, nowMs: number): CustomRangeCheck {
  if (!from || !to) return { ok: false, error: 'required' };
  const refusal = validateCustomRange(from, to, vnToday(nowMs));
  const range = refusal ? null : customRange(from, to);
  if (!range) return { ok: false, error: refusal ? REFUSALS[refusal] : 'invalidDate' };
  return { ok: true, range: { start: Math.floor(range.start / 1000), end: Math.floor(range.end / 1000) } };
}
