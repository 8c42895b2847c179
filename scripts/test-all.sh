#!/usr/bin/env bash
# Every test layer, in order: types, lint and format, unit, model paths, PostgreSQL path, end-to-end.
# Stops at the first failing layer (non-zero exit). Always ends with one line `N passed, N failed`:
# the sum of the test counts of every runner that ran (vitest and Playwright through their JSON
# reports; scripts/test-postgres.sh through its own summary line). A typecheck counts as one check
# per TypeScript project; lint, format check and the planted-violation check count one each. A layer that fails without a readable count counts as 1 failed.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/reports/test-all"
rm -rf "$OUT"
mkdir -p "$OUT"

PASSED=0
FAILED=0
START=$(date +%s)

summary() {
  local elapsed=$(( $(date +%s) - START ))
  echo
  echo "test-all: finished in $((elapsed / 60)) min $((elapsed % 60)) s; reports in reports/test-all/"
  echo "${PASSED} passed, ${FAILED} failed"
}

step() { echo; echo "=== test-all: $* ==="; }

# add_counts PASSED FAILED
add_counts() { PASSED=$((PASSED + $1)); FAILED=$((FAILED + $2)); }

# vitest_counts FILE → "passed failed" from a vitest JSON report (empty if unreadable)
vitest_counts() {
  node -e '
    const fs = require("fs");
    try {
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      console.log(`${r.numPassedTests ?? 0} ${(r.numFailedTests ?? 0)}`);
    } catch { process.exit(0); }
  ' "$1"
}

# playwright_counts FILE → "passed failed" from a Playwright JSON report (empty if unreadable)
playwright_counts() {
  node -e '
    const fs = require("fs");
    try {
      const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).stats;
      console.log(`${s.expected ?? 0} ${(s.unexpected ?? 0) + (s.flaky ?? 0)}`);
    } catch { process.exit(0); }
  ' "$1"
}

# finish_layer NAME RC COUNTS — adds counts; on failure prints the summary and exits.
finish_layer() {
  local name=$1 rc=$2 counts=$3
  local p=0 f=0
  if [ -n "$counts" ]; then
    read -r p f <<<"$counts"
  fi
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1
  fi
  add_counts "$p" "$f"
  if [ "$rc" -ne 0 ]; then
    echo "test-all: ${name} FAILED (exit ${rc}); stopping here."
    summary
    exit 1
  fi
  echo "test-all: ${name} ok (${p} passed)"
}

# The system packages the later stages need (PostgreSQL for stage 5, LibreOffice for the e2e export
# check) install in the background while the first stages run: on a fresh machine that is a minute or
# two of downloading and unpacking that no longer waits in line. Each stage calls its script again,
# which waits for this install (flock) or finds the package there; a failed install shows there.
if [ "${TEST_ALL_PREINSTALL:-1}" = "1" ]; then
  ( bash scripts/ensure-postgres.sh; bash scripts/ensure-system-deps.sh ) >"$OUT/system-deps.log" 2>&1 &
fi

# --- 1–2. types, lint and format --------------------------------------------------------------
# One check each: both TypeScript projects, ESLint (with the import boundaries), Prettier, and the
# boundary rules proving on planted violations that they still fire (scripts/check-lint-boundaries.sh).
# Each of these is one single-threaded process, so they run two at a time, one per core (about 3 min
# in a row, 1.5 side by side); each one's output is printed whole, in this order, once it is done.
CHECKS=(
  "typecheck tsconfig.app.json|npx tsc -p tsconfig.app.json --noEmit"
  "typecheck tsconfig.node.json|npx tsc -p tsconfig.node.json --noEmit"
  "lint|npm run --silent lint"
  "format check|npm run --silent format:check"
  "lint boundaries fixture|bash scripts/check-lint-boundaries.sh"
)
CHECK_JOBS=${TEST_ALL_CHECK_JOBS:-2}
run_check() {
  local i=$1 cmd=${CHECKS[$1]#*|}
  bash -c "$cmd" >"$OUT/check-$i.log" 2>&1
  echo $? >"$OUT/check-$i.rc"
}
# The checks' own process ids: the system packages install in the background too and is not waited for here.
CHECK_PIDS=()
for i in "${!CHECKS[@]}"; do
  if [ "${#CHECK_PIDS[@]}" -ge "$CHECK_JOBS" ]; then
    wait "${CHECK_PIDS[0]}"
    CHECK_PIDS=("${CHECK_PIDS[@]:1}")
  fi
  run_check "$i" &
  CHECK_PIDS+=($!)
done
for pid in "${CHECK_PIDS[@]}"; do wait "$pid"; done
for i in "${!CHECKS[@]}"; do
  step "${CHECKS[$i]%%|*} (${CHECKS[$i]#*|})"
  cat "$OUT/check-$i.log"
  rc=$(cat "$OUT/check-$i.rc")
  if [ "$rc" -eq 0 ]; then finish_layer "${CHECKS[$i]%%|*}" 0 "1 0"; else finish_layer "${CHECKS[$i]%%|*}" "$rc" "0 1"; fi
done

# --- 3. unit --------------------------------------------------------------------------------
# Chromium's packages first: the e-invoice adapter tests read their PDFs back with pdftotext
# (poppler-utils). LibreOffice, for the e2e stage only, goes on installing in the background.
step "system packages (scripts/ensure-chromium.sh)"
if ! bash scripts/ensure-chromium.sh; then
  finish_layer "system packages" 1 "0 1"
fi
# The portal is built once, here: the unit stage's size budgets (scripts/size-budget.test.ts, D362)
# read this build instead of making their own, and the end-to-end stage serves it.
step "build (vite build)"
npm run --silent build -- --logLevel warn
rc=$?
if [ "$rc" -ne 0 ]; then finish_layer "build" "$rc" "0 1"; fi
export SIZE_BUDGET_DIST="$ROOT/dist"
step "unit (vitest run)"
npx vitest run --passWithNoTests --reporter=default --reporter=json --outputFile.json="$OUT/unit.json"
rc=$?
counts=$(vitest_counts "$OUT/unit.json")
[ "${counts%% *}" = "0" ] && echo "test-all: warning: no unit tests ran"
finish_layer "unit" $rc "$counts"

# --- 4. model paths ------------------------------------------------------------------------
step "model paths (npm run test:model)"
npm run --silent test:model -- --passWithNoTests --reporter=default --reporter=json --outputFile.json="$OUT/model.json"
rc=$?
counts=$(vitest_counts "$OUT/model.json")
[ "${counts%% *}" = "0" ] && echo "test-all: warning: no model path tests ran"
finish_layer "model" $rc "$counts"

# --- 5. PostgreSQL path --------------------------------------------------------------------
step "PostgreSQL path (scripts/test-postgres.sh)"
if [ -f scripts/test-postgres.sh ]; then
  bash scripts/test-postgres.sh 2>&1 | tee "$OUT/postgres.log"
  rc=${PIPESTATUS[0]}
  # Its own "N passed, N failed" line, else vitest's "Tests  N passed | N failed (M)", else 1 check.
  counts=$(node -e '
    const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
    const own = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
    if (own) { console.log(`${own[1]} ${own[2]}`); process.exit(0); }
    const vt = [...text.matchAll(/^\s*Tests\s+(.*)$/gm)].pop();
    if (vt) {
      const p = /(\d+) passed/.exec(vt[1]); const f = /(\d+) failed/.exec(vt[1]);
      console.log(`${p ? p[1] : 0} ${f ? f[1] : 0}`); process.exit(0);
    }
  ' "$OUT/postgres.log")
  if [ -z "$counts" ]; then
    if [ "$rc" -eq 0 ]; then counts="1 0"; else counts="0 1"; fi
  fi
  finish_layer "PostgreSQL path" "$rc" "$counts"
else
  echo "test-all: scripts/test-postgres.sh does not exist; skipping the PostgreSQL path"
fi

# --- 6. end-to-end --------------------------------------------------------------------------
# What `npm run test:e2e` does, less its build: dist/ was built before the unit stage.
step "end-to-end (scripts/ensure-system-deps.sh, playwright test)"
bash scripts/ensure-system-deps.sh && E2E_JSON_REPORT="$OUT/e2e.json" npx playwright test
rc=$?
# Each test's duration is in the report: the 15 slowest, so a test that grows slow is seen.
if [ -f "$OUT/e2e.json" ]; then
  echo
  npx tsx scripts/slowest-tests.ts "$OUT/e2e.json" 15 || true
fi
finish_layer "e2e" $rc "$(playwright_counts "$OUT/e2e.json")"

summary
exit 0
