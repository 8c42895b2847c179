#!/usr/bin/env bash
# Runs the sandbox tests against a real PostgreSQL server instead of embedded PGlite, proving the
# same SQL works on the path past one machine. Starts a throwaway cluster in a temp dir on a free
# loopback port, runs `vitest run sandbox` with DATABASE_URL set, then stops and removes the cluster.
# Installs Debian's postgresql first if it is missing (needs root). Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

bash scripts/ensure-postgres.sh
PGBIN="$(pg_bin)"

# initdb and postgres refuse to run as root: use the postgres account then, and a dir it owns.
if [ "$(id -u)" -eq 0 ]; then
  as_db() { runuser -u postgres -- "$@"; }
else
  as_db() { "$@"; }
fi

WORK="$(mktemp -d /tmp/sandbox-pg.XXXXXX)"
[ "$(id -u)" -eq 0 ] && chown postgres: "$WORK"
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  as_db "$PGBIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (cluster in $WORK)"
as_db "$PGBIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
# Loopback only, socket in the temp dir: nothing outside this machine (or this run) can reach it.
as_db "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
  -o "-p $PORT -c listen_addresses=127.0.0.1 -k $WORK -c fsync=off" start >/dev/null ||
  { cat "$WORK/server.log" >&2; exit 1; }
as_db "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres -E UTF8 sandbox_test

set +e
# PG_TEST_FILTER narrows the run to some files (e.g. sandbox/areas/reports); all sandbox tests by default.
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/sandbox_test" npx vitest run ${PG_TEST_FILTER:-sandbox} "$@"
status=$?
set -e
echo "sandbox tests on PostgreSQL: exit $status"
exit "$status"
