/** core §2 bell: how long ago, in days, else hours, else minutes, else "just now". */
export type RelativeTime = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(createdAtSeconds: number, nowMs: number): RelativeTime {
  // A server clock slightly ahead of ours must not read "-1 minutes ago".
  const elapsed = Math.max(0, nowMs - createdAtSeconds * 1000);
  if (elapsed >= DAY) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  if (elapsed >= HOUR) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed >= MINUTE) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  return { unit: 'justNow' };
}

/** The notifications:time.* key and options of a relative time. */
export function relativeTimeText(time: RelativeTime): [string, { count?: number }] {
  return time.unit === 'justNow' ? ['time.justNow', {}] : [`time.${time.unit}`, { count: time.count }];
}
