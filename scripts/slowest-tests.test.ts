import { describe, expect, it } from 'vitest';
import { formatSlowest, formatTotals, runTotals, testTimes, type JsonReport } from './slowest-tests';

const report: JsonReport = {
  suites: [
    {
      title: 'shell/shell.spec.ts',
      specs: [
        {
          title: 'quick',
          tests: [
            {
              projectName: 'main',
              status: 'expected',
              results: [
                {
                  duration: 1200,
                  annotations: [
                    { type: 'a11y-scan', description: '450 ms: shell (vi, 1366 px)' },
                    { type: 'a11y-scan', description: '150 ms: shell (en, 375 px)' },
                    { type: 'issue', description: '12 ms: not a scan' },
                  ],
                },
              ],
            },
          ],
        },
        { title: 'not run', tests: [{ projectName: 'main', status: 'skipped', results: [{ duration: 0 }] }] },
      ],
      suites: [
        {
          title: 'Foundation: shell',
          specs: [
            {
              title: 'retried',
              tests: [{ projectName: 'main', status: 'flaky', results: [{ duration: 9000 }, { duration: 4000 }] }],
            },
          ],
        },
      ],
    },
    {
      title: 'auth/expiry.clock.spec.ts',
      specs: [{ title: 'slow', tests: [{ projectName: 'clock', status: 'expected', results: [{ duration: 30_500 }] }] }],
    },
  ],
};

describe('slowest end-to-end tests (issue 26 §6)', () => {
  it('issue 26 §6: lists every test run with its project and the time of all its attempts, slowest first, skipped ones left out', () => {
    expect(testTimes(report)).toEqual([
      { title: 'auth/expiry.clock.spec.ts › slow', project: 'clock', seconds: 30.5 },
      { title: 'shell/shell.spec.ts › Foundation: shell › retried', project: 'main', seconds: 13 },
      { title: 'shell/shell.spec.ts › quick', project: 'main', seconds: 1.2 },
    ]);
  });

  it('prints the first N as aligned lines, and says so when nothing ran', () => {
    expect(formatSlowest(testTimes(report), 2).split('\n')).toEqual([
      '   30.5 s  clock    auth/expiry.clock.spec.ts › slow',
      '   13.0 s  main     shell/shell.spec.ts › Foundation: shell › retried',
    ]);
    expect(formatSlowest([], 15)).toBe('no test ran');
  });

  it('issue 26 §6: sums every attempt of every test run, and the accessibility scans noted in them', () => {
    const totals = runTotals(report);
    expect(totals.tests).toBe(3);
    expect(totals.seconds).toBeCloseTo(44.7, 6);
    expect(totals.scans).toBe(2);
    expect(totals.scanSeconds).toBeCloseTo(0.6, 6);
    expect(formatTotals(totals)).toBe('3 tests took 0.7 min in all (the sum of their durations); 2 accessibility scans took 0.0 min of it');
  });
});
