#!/usr/bin/env bash
# The boundary rules check themselves: ESLint, with the real eslint.config.js, must report exactly the
# violations planted in scripts/lint-fixture/ (lines marked `// lint-expect: (x)`), with the rule
# letter each marker names, and nothing else. A rule that stops firing, fires on an allowed import, or
# a config that stops linting the fixture at all makes this exit non-zero.
set -uo pipefail

cd "$(dirname "$0")/.."
FIXTURE=scripts/lint-fixture
REPORT=$(mktemp)
trap 'rm -f "$REPORT"' EXIT

# --no-ignore: `npm run lint` ignores the fixture; here it is the only thing linted.
npx eslint --no-ignore --format json --output-file "$REPORT" "$FIXTURE"
rc=$?
if [ "$rc" -gt 1 ]; then
  echo "check-lint-boundaries: eslint crashed (exit $rc)"
  exit 1
fi

node - "$REPORT" "$FIXTURE" <<'EOF'
const fs = require('fs');
const path = require('path');
const [report, fixture] = process.argv.slice(2);
// Every planted rule must stay planted: deleting a marker together with its line must not pass.
const REQUIRED = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? walk(p) : /\.tsx?$/.test(d.name) ? [p] : [];
  });

const expected = new Set();
for (const file of walk(fixture)) {
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /\/\/ lint-expect: \(([a-i])\)/.exec(line);
      if (m) expected.add(`${file}:${i + 1} (${m[1]})`);
    });
}

const actual = new Set();
const results = JSON.parse(fs.readFileSync(report, 'utf8'));
for (const r of results) {
  const file = path.relative(process.cwd(), r.filePath);
  for (const m of r.messages) {
    const letter = m.ruleId === 'boundaries/imports' ? /^\(([a-i])\)/.exec(m.message)?.[1] : null;
    actual.add(letter ? `${file}:${m.line} (${letter})` : `${file}:${m.line} ${m.ruleId ?? 'fatal'}: ${m.message}`);
  }
}

const missing = [...expected].filter((e) => !actual.has(e));
const extra = [...actual].filter((a) => !expected.has(a));
const letters = new Set([...expected].map((e) => e.slice(-2, -1)));
const unplanted = REQUIRED.filter((l) => !letters.has(l));

if (results.length === 0) console.log('check-lint-boundaries: ESLint linted no fixture file');
for (const m of missing) console.log(`check-lint-boundaries: NOT reported: ${m}`);
for (const e of extra) console.log(`check-lint-boundaries: unexpected: ${e}`);
for (const l of unplanted) console.log(`check-lint-boundaries: no planted violation of rule (${l}) left in ${fixture}`);
if (results.length === 0 || missing.length || extra.length || unplanted.length) process.exit(1);
console.log(`check-lint-boundaries: ok, exactly the ${expected.size} planted violations reported (${[...letters].sort().join(', ')})`);
EOF
