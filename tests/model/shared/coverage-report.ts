import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatCoverageTable, percent, readMachineResults, RESULTS_DIR_KEY, type MachineModelResult } from './results';

declare module 'vitest' {
  export interface ProvidedContext {
    [RESULTS_DIR_KEY]: string;
  }
}

/**
 * Vitest globalSetup for the model tests. Test files run in separate workers, so each writes its
 * machine's result to a run directory; teardown merges them into the table, the JSON report and
 * a standalone HTML page for testers.
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
    writeFileSync(join(reportsDir, 'model-coverage.html'), formatCoverageHtml(results, report.generatedAt));
    console.log(`\nModel path coverage (reports/model-coverage.json, reports/model-coverage.html)\n${formatCoverageTable(results)}\n`);
  };
}

/**
 * reports/model-coverage.html: the same results as the JSON report, as a standalone page a tester
 * can open from disk (no scripts, no external files). Every text is escaped: path descriptions
 * carry sample payloads and error messages.
 */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;margin:0 auto;max-width:1200px;padding:16px 24px}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:2px solid #dee2e6;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0 16px;width:100%}th,td{border:1px solid #ced4da;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f1f3f5}code{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
.pass{color:#2b8a3e;font-weight:700}.fail{color:#c92a2a;font-weight:700}
.missing{background:repeating-linear-gradient(45deg,#fff5f5,#fff5f5 6px,#ffe3e3 6px,#ffe3e3 12px)}
details{margin:8px 0}summary{cursor:pointer;font-weight:600}pre{white-space:pre-wrap;margin:4px 0 0;color:#c92a2a}
`;

function list(title: string, items: string[], covered: boolean): string {
  if (items.length === 0) return `<p>${escapeHtml(title)}: <em>none</em></p>`;
  const mark = covered ? '<span class="pass">✓ covered</span>' : '<span class="fail">✗ not covered</span>';
  const rows = items
    .map((item) => `<tr${covered ? '' : ' class="missing"'}><td>${mark}</td><td><code>${escapeHtml(item)}</code></td></tr>`)
    .join('\n');
  return `<table><caption style="text-align:left;font-weight:600">${escapeHtml(title)} (${items.length})</caption><thead><tr><th scope="col">coverage</th><th scope="col">name</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function machineSection(result: MachineModelResult): string {
  const id = `machine-${result.machine.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const passed = result.paths.filter((path) => path.passed).length;
  const failed = result.paths.length - passed;
  const paths = result.paths
    .map((path) => {
      const status = path.passed ? '<span class="pass">✓ pass</span>' : '<span class="fail">✗ fail</span>';
      const error = path.error ? `<pre>${escapeHtml(path.error)}</pre>` : '';
      return `<tr><td>${status}</td><td>${escapeHtml(path.description)}${error}</td></tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(result.machine)}</h2>
<p>Paths: ${passed} passed${failed ? `, <span class="fail">${failed} failed</span>` : ''} of ${result.paths.length}.
States: ${result.states.covered.length}/${result.states.total} (${percent(result.states.covered.length, result.states.total)}).
Transitions: ${result.transitions.covered.length}/${result.transitions.total} (${percent(result.transitions.covered.length, result.transitions.total)}).</p>
${list('States not covered', result.states.notCovered, false)}
${list('Transitions not covered', result.transitions.notCovered, false)}
<details><summary>States covered (${result.states.covered.length})</summary>${list('States covered', result.states.covered, true)}</details>
<details><summary>Transitions covered (${result.transitions.covered.length})</summary>${list('Transitions covered', result.transitions.covered, true)}</details>
<details${failed ? ' open' : ''}><summary>Paths (${result.paths.length})</summary>
<table><thead><tr><th scope="col">result</th><th scope="col">path</th></tr></thead><tbody>
${paths}
</tbody></table></details>
</section>`;
}

export function formatCoverageHtml(results: MachineModelResult[], generatedAt: string): string {
  const summary = results
    .map(
      (r) =>
        `<tr><th scope="row"><a href="#machine-${escapeHtml(r.machine.replace(/[^A-Za-z0-9_-]/g, '_'))}">${escapeHtml(r.machine)}</a></th><td>${r.paths.length}</td><td>${r.paths.filter((p) => p.passed).length}</td><td>${r.states.covered.length}/${r.states.total} ${percent(r.states.covered.length, r.states.total)}</td><td>${r.transitions.covered.length}/${r.transitions.total} ${percent(r.transitions.covered.length, r.transitions.total)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Model path coverage</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Model path coverage</h1>
<p>Generated ${escapeHtml(generatedAt)} by <code>npm run test:model</code>. The same data is in <code>reports/model-coverage.json</code>; load that file in the portal's machine inspector (<code>/portal/inspector</code>) to see it on each statechart.</p>
<table><thead><tr><th scope="col">machine</th><th scope="col">paths</th><th scope="col">passed</th><th scope="col">states</th><th scope="col">transitions</th></tr></thead><tbody>
${summary}
</tbody></table>
${results.map(machineSection).join('\n')}
</main>
</body>
</html>
`;
}
