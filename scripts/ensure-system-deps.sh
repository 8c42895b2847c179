#!/usr/bin/env bash
# System packages the end-to-end tests need beyond Chromium: LibreOffice Calc (headless), which
# opens the exported .xlsx files the way a merchant's office software would (e2e/reports/reports.spec.ts).
# Idempotent: does nothing when `libreoffice` is on PATH. Concurrent runs wait for one install
# (flock), and the downloaded packages stay in apt's cache, so a failed or repeated install does
# not download them again. Set SKIP_LIBREOFFICE=1 to skip (the export test then says why it skips).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

if [ "${SKIP_LIBREOFFICE:-0}" = "1" ] || command -v libreoffice >/dev/null 2>&1; then
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    echo "ensure-system-deps: need root (or sudo) to install LibreOffice Calc; the export check will skip" >&2
    exit 0
  fi
fi

LOCK=/tmp/portal-ensure-libreoffice.lock
exec 9>"$LOCK"
flock 9
# Another run may have finished the install while this one waited.
if command -v libreoffice >/dev/null 2>&1; then
  exit 0
fi

# One apt at a time: PostgreSQL's install (scripts/ensure-postgres.sh) may be running too.
exec 8>/tmp/portal-apt.lock
flock 8
export DEBIAN_FRONTEND=noninteractive
# Keep downloaded .deb files (some images clean the cache after every install).
APT_KEEP=(-o APT::Keep-Downloaded-Packages=true -o Binary::apt::APT::Keep-Downloaded-Packages=true)
package=libreoffice-calc-nogui
if ! apt-cache show "$package" >/dev/null 2>&1; then
  echo "ensure-system-deps: refreshing apt lists"
  "${SUDO[@]}" apt-get update -qq </dev/null
fi
apt-cache show "$package" >/dev/null 2>&1 || package=libreoffice-calc
echo "ensure-system-deps: installing $package (once; later runs find it installed)"
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${APT_KEEP[@]}" "$package" </dev/null
echo "ensure-system-deps: $(libreoffice --version 2>/dev/null | head -1 || echo "$package installed")"
