#!/usr/bin/env bash
# Debian's PostgreSQL server for the PostgreSQL path of the tests (scripts/test-postgres.sh).
# Idempotent: does nothing when a server is installed. Concurrent runs wait for one install (flock),
# so scripts/test-all.sh can start it in the background at the beginning and the PostgreSQL stage
# finds it done (or waits for it). Needs root when it has to install.
set -euo pipefail

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
installed() { local bin; bin="$(pg_bin || true)"; [ -n "$bin" ] && [ -x "$bin/initdb" ]; }

installed && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "PostgreSQL is not installed; run as root (or: apt-get install -y postgresql)." >&2
  exit 2
fi

exec 9>/tmp/portal-ensure-postgres.lock
flock 9
# Another run may have finished the install while this one waited.
installed && exit 0
echo "Installing Debian's postgresql…"
# One apt at a time: LibreOffice's install (scripts/ensure-system-deps.sh) may be running too.
exec 8>/tmp/portal-apt.lock
flock 8
apt-get update -qq </dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql </dev/null
