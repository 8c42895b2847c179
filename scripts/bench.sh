#!/usr/bin/env bash
# Bundle-size bench (bench/bench.ts): builds the portal, serves it from the sandbox on a free port,
# and prints the gzipped JS/CSS of /login, of the shell and of every sidebar route. Figures only.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
exec npx tsx bench/bench.ts "$@"
