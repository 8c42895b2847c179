import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS_KB, buildPortal, measure, ROOTS } from './size-budget';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe('size budgets (issue 29 §5, D362)', () => {
  // SIZE_BUDGET_DIST: an existing `vite build` (with its manifest) instead of a fresh one.
  let work: string | null = null;
  let dist = process.env.SIZE_BUDGET_DIST ?? '';
  beforeAll(() => {
    if (dist) return;
    work = mkdtempSync(join(tmpdir(), 'size-budget-'));
    dist = buildPortal(join(work, 'dist'));
  }, 300_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(`issue 29 §1: /login's form needs at most ${BUDGETS_KB.login} KB of gzipped JS (goal 150)`, () => {
    const login = measure(dist, ROOTS.login);
    expect(kb(login.gzip), login.files.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n')).toBeLessThanOrEqual(BUDGETS_KB.login);
  });

  it(`issue 29 §2: the shell loads at most ${BUDGETS_KB.shell} KB of gzipped JS (goal 250)`, () => {
    const shell = measure(dist, ROOTS.shell);
    expect(kb(shell.gzip), shell.files.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n')).toBeLessThanOrEqual(BUDGETS_KB.shell);
  });

  it('/login draws without the signed-in code: no shell, realtime or outbox chunk in its closure', () => {
    const login = new Set(measure(dist, ROOTS.login).files.map((f) => f.file));
    const shellOnly = ['src/app/shared/ShellFrame.tsx', 'src/app/notifications/RealtimeSlot.tsx'].map((root) => measure(dist, [root]));
    const own = shellOnly
      .flatMap((m) => m.files.map((f) => f.file))
      .filter((file) => /ShellFrame|RealtimeSlot|realtime-runtime|OutboxSlot/.test(file));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((file) => login.has(file))).toEqual([]);
  });
});

describe('measure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'size-measure-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'a.js'), 'a'.repeat(5000));
  writeFileSync(join(dir, 'assets', 'b.js'), 'export const b = 1;');
  writeFileSync(join(dir, 'assets', 'c.js'), 'export const c = 2;');
  writeFileSync(join(dir, 'assets', 'a.css'), 'body{}');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/a.js', imports: ['_b.js'], css: ['assets/a.css'] },
      '_b.js': { file: 'assets/b.js', imports: ['index.html'] },
      '_c.js': { file: 'assets/c.js', name: 'texts-vi' },
    }),
  );

  it('sums the gzipped JS of the static-import closure once per file, CSS left out, chunks named by their group found', () => {
    const measured = measure(dir, ['index.html', 'name:texts-vi']);
    expect(measured.files.map((f) => f.file).sort()).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.js']);
    expect(measured.gzip).toBe(measured.files.reduce((total, f) => total + f.gzip, 0));
    expect(measured.files[0]!.gzip).toBeLessThan(5000);
  });

  it('refuses a root the build does not have, so a renamed page cannot make a budget measure nothing', () => {
    expect(() => measure(dir, ['src/app/auth/LoginRoute.tsx'])).toThrow(/not in .*manifest/);
  });
});
