// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under the folders the node project tests, but the tests themselves. */
function sharedTestModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sharedTestModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('D315: the unisolated node project', () => {
  it('D315: no shared module registers test hooks at its top level (they would run for the first file of a worker only)', () => {
    const offenders = ['sandbox', 'src', 'scripts']
      .flatMap(sharedTestModules)
      .filter((file) => /^(beforeAll|afterAll|beforeEach|afterEach)\(/m.test(readFileSync(file, 'utf8')));
    expect(offenders, 'wrap them in an exported use…Fixture() that each test file calls').toEqual([]);
  });
});
