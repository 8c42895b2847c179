import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * `npx tsx scripts/slowest-tests.ts <playwright json report> [count]`: the slowest end-to-end tests of
 * a run (title, project, seconds), slowest first, from the JSON reporter's file (playwright.config.ts).
 * scripts/test-all.sh prints the 15 slowest at the end of every run, so a test that grows slow is seen.
 * A test's time is the sum of its attempts (retries and --repeat-each runs count
 * separately, each as its own entry); skipped tests took no time and are left out. A first line
 * gives the sum of all test durations and the part the accessibility scans took.
 */

interface JsonAnnotation {
  type: string;
  description?: string;
}
interface JsonResult {
  duration?: number;
  status?: string;
  annotations?: JsonAnnotation[];
}
interface JsonTest {
  projectName?: string;
  status?: string;
  results?: JsonResult[];
  annotations?: JsonAnnotation[];
}
interface JsonSpec {
  title: string;
  file?: string;
  tests?: JsonTest[];
}
interface JsonSuite {
  title: string;
  file?: string;
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
export interface JsonReport {
  suites?: JsonSuite[];
}

export interface TestTime {
  /** File, describe blocks and test title, joined by ›. */
  title: string;
  project: string;
  seconds: number;
}

/** Every test run of the report with its time, slowest first. */
export function testTimes(report: JsonReport): TestTime[] {
  const times: TestTime[] = [];
  const walk = (suite: JsonSuite, path: string[]) => {
    // The top suite of a file is titled by the file; describe blocks below it by their names.
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        if (test.status === 'skipped' || results.length === 0) continue;
        const ms = results.reduce((sum, r) => sum + (r.duration ?? 0), 0);
        times.push({ title: [...here, spec.title].join(' › '), project: test.projectName ?? '', seconds: ms / 1000 });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return times.sort((a, b) => b.seconds - a.seconds || a.title.localeCompare(b.title));
}

export interface RunTotals {
  tests: number;
  seconds: number;
  /** Accessibility scans (e2e/support/axe.ts notes each as an `a11y-scan` annotation: "<ms> ms: <screen>"). */
  scans: number;
  scanSeconds: number;
}

const SCAN_TIME = /^(\d+) ms: /;

/** The run's test time in all and the part of it the accessibility scans took. */
export function runTotals(report: JsonReport): RunTotals {
  const totals: RunTotals = { tests: 0, seconds: 0, scans: 0, scanSeconds: 0 };
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        if (test.status === 'skipped' || results.length === 0) continue;
        totals.tests += 1;
        for (const result of results) {
          totals.seconds += (result.duration ?? 0) / 1000;
          for (const note of result.annotations ?? []) {
            const ms = note.type === 'a11y-scan' ? SCAN_TIME.exec(note.description ?? '') : null;
            if (!ms) continue;
            totals.scans += 1;
            totals.scanSeconds += Number(ms[1]) / 1000;
          }
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return totals;
}

/** One line: how many tests, their time in all, and the scans' share of it. */
export function formatTotals(totals: RunTotals): string {
  const minutes = (seconds: number) => (seconds / 60).toFixed(1);
  return (
    `${totals.tests} tests took ${minutes(totals.seconds)} min in all (the sum of their durations); ` +
    `${totals.scans} accessibility scans took ${minutes(totals.scanSeconds)} min of it`
  );
}

/** The `count` slowest as aligned lines: seconds, project, title. */
export function formatSlowest(times: TestTime[], count: number): string {
  const top = times.slice(0, count);
  if (top.length === 0) return 'no test ran';
  const width = Math.max(...top.map((t) => t.project.length), 'project'.length);
  return top.map((t) => `${t.seconds.toFixed(1).padStart(7)} s  ${t.project.padEnd(width)}  ${t.title}`).join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, countArg] = process.argv.slice(2);
  if (!file) {
    console.error('usage: tsx scripts/slowest-tests.ts <playwright-report.json> [count]');
    process.exit(2);
  }
  const count = Number(countArg ?? 15);
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  } catch (error) {
    console.error(`slowest-tests: cannot read ${file}: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(formatTotals(runTotals(report)));
  console.log(`The ${count} slowest end-to-end tests (${file}):`);
  console.log(formatSlowest(testTimes(report), count));
}
