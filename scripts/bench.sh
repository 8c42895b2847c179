#!/usr/bin/env bash
# Bundle-size bench (bench/bench.ts): builds the portal, serves it from the sandbox on a free port,
# and prints the gzipped JS/CSS of /login, of the shell and of every sidebar route; then times the
# report and dashboard interactions (bench/interactions.ts). Figures only.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx tsx bench/bench.ts "$@"
# Interactions of the reports and the dashboard (bench/interactions.ts).
exec npx tsx bench/interactions.ts
