import { test as base } from '@playwright/test';
import { SandboxClient, type ThrowawayUser } from './sandbox';

/**
 * `sandbox`: the control client. `makeUser()`: a throwaway sign-in on a seeded merchant, for tests
 * that lock an account or change its password.
 */
export const test = base.extend<{
  sandbox: SandboxClient;
  makeUser: (partial?: Partial<ThrowawayUser>) => Promise<ThrowawayUser>;
}>({
  // The project's own sandbox (the `unified` project runs against a second one).
  sandbox: async ({ baseURL }, use) => {
    await use(new SandboxClient(baseURL));
  },
  makeUser: async ({ sandbox }, use, testInfo) => {
    await use((partial) => sandbox.createUser(partial, `w${testInfo.workerIndex}`));
  },
});

export { expect } from '@playwright/test';
