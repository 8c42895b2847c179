import { SandboxClient } from './sandbox';

/**
 * Starts every run from the seed: the sandbox started by Playwright has a fresh data folder, but a
 * reused local sandbox (not in CI) may carry earlier runs' users, locks and clock.
 */
export default async function globalSetup(): Promise<void> {
  const sandbox = new SandboxClient();
  await sandbox.reset();
}
