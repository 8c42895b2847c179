import { SandboxClient } from './sandbox';

/**
 * The sandbox Playwright starts has a fresh data folder and clock. When the run reuses a sandbox
 * (E2E_PORT given, outside CI), E2E_RESET=1 reseeds it first; without it earlier runs' throwaway
 * users stay, which the tests tolerate (every throwaway name is unique).
 */
export default async function globalSetup(): Promise<void> {
  const sandbox = new SandboxClient();
  if (process.env.E2E_RESET === '1') {
    await sandbox.reset();
  } else {
    await sandbox.resetClock();
  }
}
