/** Dashboard comparisons (core §2). */

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Change from the previous period in percent, 2 decimals. Core §2: when the previous value is zero
 * the change is 100 (also when both are zero, as the spec says it; the card shows the two values
 * beside it). Non-numbers count as zero.
 */
export function percentChange(current: unknown, previous: unknown): number {
  const c = typeof current === 'number' && Number.isFinite(current) ? current : 0;
  const p = typeof previous === 'number' && Number.isFinite(previous) ? previous : 0;
  if (p === 0) return 100;
  const change = round2(((c - p) / Math.abs(p)) * 100);
  return Object.is(change, -0) ? 0 : change;
}

/** A part's share of the total in percent, 2 decimals (doughnut legend); 0 when the total is 0. */
export function sharePercent(part: unknown, total: unknown): number {
  const a = typeof part === 'number' && Number.isFinite(part) ? part : 0;
  const t = typeof total === 'number' && Number.isFinite(total) ? total : 0;
  if (t <= 0 || a <= 0) return 0;
  return round2((a / t) * 100);
}
