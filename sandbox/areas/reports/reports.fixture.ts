/** What the reports sandbox tests share (reports.*.test.ts): one sandbox per file, phoco and colan signed in, faults reset before each test. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DAY_MS, vnDayStart } from '../../platform/vn-time';
import { startTestSandbox, type TestSandbox } from '../../platform/test/harness';

export let t: TestSandbox;
export let phoco: string;
export let colan: string;
/** Signs phoco and colan in (again after a sandbox reset, which ends their sessions). */
export async function signIn() {
  phoco = (await t.login('phoco', 'Phoco@2026')).access_token;
  colan = (await t.login('colan', 'Colan@2026')).access_token;
}
/** Registers the file's sandbox hooks; called at the top of each test file, since a fixture module is
 * evaluated once per worker when files share it (vitest.config.ts: the node project runs unisolated). */
export function useReportsFixture(): void {
  beforeAll(async () => {
    t = await startTestSandbox();
    await signIn();
  });
  afterAll(() => t.close());
  beforeEach(() => t.sandbox.faults.reset());
}

/** The longest range the server takes (core §5): today and the 29 days before, to today's last second. */
export const month = () => {
  const today = vnDayStart(t.sandbox.clock.now());
  return `start_time=${(today - 29 * DAY_MS) / 1000}&end_time=${(today + DAY_MS) / 1000 - 1}`;
};
export const list = (channel: string, query: string, token = phoco) => t.api('GET', `/api/portal/transaction/${channel}?${query}`, { token });
