/**
 * Test-only: the two-digit years a provider lists a registered symbol for on the Vietnam day of `now`
 * (D253): the year itself and, in December, the next. Worked from the calendar here, not from the
 * emulator's own function, so a test of the lists checks it.
 */
export function offeredYears(now: number = Date.now()): string[] {
  const vn = new Date(now + 7 * 3600_000);
  const year = vn.getUTCFullYear();
  const years = vn.getUTCMonth() === 11 ? [year, year + 1] : [year];
  return years.map((y) => String(y % 100).padStart(2, '0'));
}
