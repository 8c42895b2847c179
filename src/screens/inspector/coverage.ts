import { z } from '../../config/zod-classic';
import type { DiagramOverlay } from './diagram/scene';

/**
 * The model-test coverage report (reports/model-coverage.json, written by
 * tests/model/shared/coverage-report.ts), as the inspector reads it from a file the tester picks.
 */

const split = z.object({
  total: z.number().int().nonnegative(),
  covered: z.array(z.string().max(2000)),
  notCovered: z.array(z.string().max(2000)),
});

const machineReport = z.object({
  paths: z.array(z.object({ description: z.string(), passed: z.boolean(), error: z.string().optional() })),
  states: split,
  transitions: split,
});

export const coverageReportSchema = z.object({
  generatedAt: z.string().max(100),
  machines: z.record(z.string().max(200), machineReport),
});

export type CoverageReport = z.output<typeof coverageReportSchema>;
export type MachineCoverage = z.output<typeof machineReport>;

/** Far above any real report (all machines together are tens of kilobytes). */
export const MAX_REPORT_BYTES = 5 * 1024 * 1024;

export type ParseResult =
  { ok: true; report: CoverageReport } | { ok: false; error: 'invalidJson' | 'invalidShape' | 'tooLarge'; detail?: string };

export function parseCoverageReport(text: string): ParseResult {
  if (text.length > MAX_REPORT_BYTES) return { ok: false, error: 'tooLarge' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalidJson' };
  }
  const parsed = coverageReportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.map(String).join('.') : 'top level';
    return { ok: false, error: 'invalidShape', detail: `${where}: ${issue?.message ?? 'unexpected shape'}` };
  }
  return { ok: true, report: parsed.data };
}

export function coverageOverlay(machine: MachineCoverage): NonNullable<DiagramOverlay['coverage']> {
  const states = new Map<string, boolean>();
  const transitions = new Map<string, boolean>();
  machine.states.covered.forEach((id) => states.set(id, true));
  machine.states.notCovered.forEach((id) => states.set(id, false));
  machine.transitions.covered.forEach((id) => transitions.set(id, true));
  machine.transitions.notCovered.forEach((id) => transitions.set(id, false));
  return { states, transitions };
}
