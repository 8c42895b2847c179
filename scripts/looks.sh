#!/usr/bin/env bash
# The "every page looks the same" check of a refactor: builds the portal at REV (default HEAD~1) and
# at the working tree, starts a sandbox for each (small seed), screenshots every menu page in the four
# looks (scripts/looks/capture.ts) and compares them (scripts/looks/compare.ts). Figures only.
# Usage: npm run looks -- [REV]
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-HEAD~1}"
work="$(mktemp -d)"
pids=()
# Each sandbox runs in its own process group (setsid), so stopping it stops tsx's node child too.
cleanup() { for pid in "${pids[@]:-}"; do kill -- "-$pid" 2>/dev/null || true; done; git worktree remove --force "$work/before" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
git worktree add --detach -q "$work/before" "$rev"
ln -s "$(pwd)/node_modules" "$work/before/node_modules"
port_before=5471
port_after=5472
for side in before after; do
  if [ "$side" = before ]; then tree="$work/before"; port=$port_before; else tree="$(pwd)"; port=$port_after; fi
  (cd "$tree" && npx vite build --outDir "$work/dist-$side" --emptyOutDir --logLevel warn)
  setsid bash -c "cd '$tree' && PORT=$port HOST=127.0.0.1 SANDBOX_DATA_DIR='$work/db-$side' PORTAL_DIST='$work/dist-$side' \
    SANDBOX_SEED_VOLUME=small exec npx tsx sandbox/main.ts" > "$work/sandbox-$side.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/portal/config.json" > /dev/null && break; sleep 2; done
  npx tsx scripts/looks/capture.ts "http://127.0.0.1:$port" "reports/looks/$side"
done
npx tsx scripts/looks/compare.ts reports/looks/before reports/looks/after
