import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatCoverageTable, readMachineResults, RESULTS_DIR_KEY } from './results';

declare module 'vitest' {
  export interface ProvidedContext {
    [RESULTS_DIR_KEY]: string;
  }
}

/**
 * Vitest globalSetup for the model tests. Test files run in separate workers, so each writes its
 * machine's result to a run directory; teardown merges them into the table and the JSON report.
 */
export default function setup(project: TestProject) {
  const reportsDir = resolve(project.config.root, 'reports');
  const runDir = join(reportsDir, '.model-runs');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  project.provide(RESULTS_DIR_KEY, runDir);

  return () => {
    const results = readMachineResults(runDir);
    if (results.length === 0) return;
    const report = {
      generatedAt: new Date().toISOString(),
      machines: Object.fromEntries(results.map(({ machine, ...rest }) => [machine, rest])),
    };
    writeFileSync(join(reportsDir, 'model-coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nModel path coverage (reports/model-coverage.json)\n${formatCoverageTable(results)}\n`);
  };
}
