import { expect, test as base } from '@playwright/test';
import { watchPageGuards, type PageFindings } from './page-guards';
import { SandboxClient, type ThrowawayUser } from './sandbox';

/**
 * `sandbox`: the control client. `makeUser()`: a throwaway sign-in on a seeded merchant, for tests
 * that lock an account or change its password. Every page also records Content-Security-Policy
 * violations and missing portal files: a test fails on either (zod's eval probe put a
 * `script-src eval` violation on every signed-in page, and the favicon answered 404).
 */
export const test = base.extend<
  {
    sandbox: SandboxClient;
    makeUser: (partial?: Partial<ThrowawayUser>) => Promise<ThrowawayUser>;
  },
  {
    /** The Playwright project running the test, for skip conditions decided before any page opens. */
    projectName: string;
  }
>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
  projectName: [async ({}, use, workerInfo) => use(workerInfo.project.name), { scope: 'worker' }],
  page: async ({ page }, use) => {
    const findings: PageFindings = { violations: [], missing: [] };
    await watchPageGuards(page, findings);
    await use(page);
    expect(findings.violations, 'Content-Security-Policy violations on this page').toEqual([]);
    expect(findings.missing, 'portal files that answered 404').toEqual([]);
  },
  // The project's own sandbox (the `unified` project runs against a second one).
  sandbox: async ({ baseURL }, use) => {
    await use(new SandboxClient(baseURL));
  },
  makeUser: async ({ sandbox }, use, testInfo) => {
    await use((partial) => sandbox.createUser(partial, `w${testInfo.workerIndex}`));
  },
});

export { expect } from '@playwright/test';
