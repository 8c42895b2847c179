/** Debian's Chromium (no browser downloads here) and the flags it needs on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end suite's browser: Debian's build of Chromium's headless shell, the same engine and
 * version as CHROMIUM_PATH without the full browser around it, which is what Playwright itself runs
 * for headless tests. A test costs about 30 % less CPU, a sign-in path half (D324). Benchmarks and the
 * look captures keep the full browser a merchant runs.
 */
export const E2E_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

// Without the background-networking flags Chromium keeps dialling hosts the closed network refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
