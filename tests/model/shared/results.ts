import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One machine's model-test results, written by each test file and merged by coverage-report.ts. */
export interface MachineModelResult {
  machine: string;
  paths: Array<{ description: string; passed: boolean; error?: string }>;
  states: { total: number; covered: string[]; notCovered: string[] };
  transitions: { total: number; covered: string[]; notCovered: string[] };
}

export const RESULTS_DIR_KEY = 'modelResultsDir';

export function writeMachineResult(dir: string, result: MachineModelResult): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${result.machine}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

export function readMachineResults(dir: string): MachineModelResult[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as MachineModelResult);
}

export function percent(covered: number, total: number): string {
  return total === 0 ? '100.0%' : `${((covered / total) * 100).toFixed(1)}%`;
}

export function formatCoverageTable(results: MachineModelResult[]): string {
  const header = ['machine', 'paths', 'passed', 'states', 'transitions'];
  const rows = results.map((result) => [
    result.machine,
    String(result.paths.length),
    String(result.paths.filter((path) => path.passed).length),
    `${result.states.covered.length}/${result.states.total} ${percent(result.states.covered.length, result.states.total)}`,
    `${result.transitions.covered.length}/${result.transitions.total} ${percent(result.transitions.covered.length, result.transitions.total)}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
