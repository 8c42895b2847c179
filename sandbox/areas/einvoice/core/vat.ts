/**
 * Dates of the emulators. The emulators work no tax out: a request states its own figures and the
 * core checks them (document.ts, D229); the dated rates are the portal's (src/rules/
 * vat-rates.json), which the sandbox publishes in config.json.
 */

const VN_OFFSET_MS = 7 * 3600_000;

/** The Vietnam calendar day of a unix-ms instant, YYYY-MM-DD. */
export function vnDay(ms: number): string {
  return new Date(ms + VN_OFFSET_MS).toISOString().slice(0, 10);
}
