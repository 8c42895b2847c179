/**
 * Vietnam time without the browser's zone. Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving
 * since 1975), so a fixed shift and the UTC getters give Vietnam wall time on any machine, which is
 * what a merchant abroad or a test runner in another zone must still see.
 */
export const VN_OFFSET_MS = 25_200_000;
export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * Core §9: a numeric dashboard date is shifted by 7 hours (25,200,000 ms). Numbers are unix ms; an
 * ISO string with an offset is an instant and is shifted the same way; one without an offset is
 * already Vietnam wall time. The result is read with UTC getters. Null for anything unreadable.
 */
export function vnWallClock(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value + VN_OFFSET_MS : null;
  if (typeof value !== 'string' || value.length > 40) return null;
  const text = value.trim();
  if (NAIVE_DATETIME.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T') + 'Z');
    return Number.isFinite(ms) ? ms : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms + VN_OFFSET_MS : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'dd/MM/yyyy HH:mm:ss' in Vietnam time, '' when unreadable. */
export function formatVnDateTime(value: unknown): string {
  const wall = vnWallClock(value);
  if (wall === null) return '';
  const d = new Date(wall);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 'dd/MM/yyyy' in Vietnam time, '' when unreadable. */
export function formatVnDate(value: unknown): string {
  return formatVnDateTime(value).slice(0, 10);
}

/** Unix ms of 00:00 in Vietnam of the day containing `ms`. */
export function vnDayStart(ms: number): number {
  return Math.floor((ms + VN_OFFSET_MS) / DAY_MS) * DAY_MS - VN_OFFSET_MS;
}

/** 'YYYY-MM-DD' of the Vietnam day containing `ms`. */
export function vnToday(nowMs: number): string {
  return new Date(vnDayStart(nowMs) + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** Unix ms of 00:00 in Vietnam of a 'YYYY-MM-DD' day; null unless it is a real calendar date. */
export function parseVnDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || y > 9999) return null;
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return utc - VN_OFFSET_MS;
}

/** 'YYYY-MM-DD' of a Vietnam day start (inverse of parseVnDate). */
export function vnDateOf(dayStartMs: number): string {
  return vnToday(dayStartMs);
}
