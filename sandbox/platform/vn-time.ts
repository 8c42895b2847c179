/**
 * Vietnam calendar arithmetic for the sandbox. Asia/Ho_Chi_Minh has been UTC+7 without daylight saving
 * since 1975, so a fixed offset is exact and does not depend on the ICU data of PGlite or Node.
 */
export const VN_OFFSET_MS = 7 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Unix ms of 00:00 Vietnam time of the day that contains `ms`. */
export function vnDayStart(ms: number): number {
  return Math.floor((ms + VN_OFFSET_MS) / DAY_MS) * DAY_MS - VN_OFFSET_MS;
}

/** 'YYYY-MM-DD' of the Vietnam day containing `ms`. */
export function vnDate(ms: number): string {
  return new Date(ms + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** Unix ms of 00:00 Vietnam time of a 'YYYY-MM-DD' date, or null when it is not a real date. */
export function vnDateStart(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return utc - VN_OFFSET_MS;
}

/** Vietnam wall-clock parts of `ms`. */
export function vnParts(ms: number): { year: number; month: number; day: number } {
  const d = new Date(ms + VN_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Unix ms of 00:00 Vietnam time on the first of a month (month 1..12; overflow rolls the year). */
export function vnMonthStart(year: number, month: number): number {
  return Date.UTC(year, month - 1, 1) - VN_OFFSET_MS;
}

/** ISO 8601 with the +07:00 offset, as rows carry times on the wire. */
export function vnIso(ms: number): string {
  return new Date(ms + VN_OFFSET_MS).toISOString().slice(0, 19) + '+07:00';
}
