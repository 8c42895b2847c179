import { test } from './fixtures';
import { SandboxClient } from './sandbox';

/**
 * For `*.clock.spec.ts` files, at their top level: each test starts from the sandbox's real time
 * and the file hands the clock back there, so the next clock file (and any later run reusing the
 * sandbox) finds it unmoved.
 */
export function resetSandboxClockAroundTests(): void {
  test.beforeEach(async ({ sandbox }) => {
    await sandbox.resetClock();
  });
  test.afterAll(async () => {
    await new SandboxClient().resetClock();
  });
}
