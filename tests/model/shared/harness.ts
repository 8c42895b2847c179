import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { generateModelPaths, type ModelPath, type PathGenerationOptions } from './paths';
import { CoverageTracker, replayPath, type ReplayConfig, type ReplayOutcome } from './replay';
import { RESULTS_DIR_KEY, writeMachineResult, type MachineModelResult } from './results';

/** vitest glue: one test per generated path, then a 100% coverage test, then the result file. */

export interface ModelSpec extends ReplayConfig {
  name: string;
  machine: AnyStateMachine;
  /** One traversal per input (e.g. feature flag on and off); coverage is their union. */
  variants: Array<Omit<PathGenerationOptions, 'machine'>>;
  /** Extra assertions on a passed replay (recorded actions, actor inputs, ...). Throw to fail. */
  check?: (outcome: ReplayOutcome, path: ModelPath) => void;
}

export function modelPaths(spec: ModelSpec): ModelPath[] {
  return spec.variants.flatMap((variant) => generateModelPaths({ machine: spec.machine, ...variant }));
}

export function describeModel(spec: ModelSpec): void {
  const paths = modelPaths(spec);
  const coverage = new CoverageTracker(spec.machine);
  const results: MachineModelResult['paths'] = [];

  describe(`${spec.name} machine: generated paths`, () => {
    afterAll(() => {
      const { states, transitions } = coverage.summary();
      writeMachineResult(inject(RESULTS_DIR_KEY), { machine: spec.name, paths: results, states, transitions });
    });

    it('generates paths', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const path of paths) {
      it(path.description, async () => {
        const outcome = await replayPath(spec, path);
        coverage.add(outcome);
        let error = outcome.error;
        if (outcome.passed && spec.check) {
          try {
            spec.check(outcome, path);
          } catch (failure) {
            error = failure instanceof Error ? failure.message : String(failure);
          }
        }
        results.push(
          error === undefined ? { description: path.description, passed: true } : { description: path.description, passed: false, error },
        );
        if (error !== undefined) throw new Error(error);
      });
    }

    it('covers every state and every transition', () => {
      const { states, transitions } = coverage.summary();
      expect(states.notCovered, 'states never visited').toEqual([]);
      expect(transitions.notCovered, 'transitions never taken').toEqual([]);
    });
  });
}
