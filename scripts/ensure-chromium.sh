#!/usr/bin/env bash
# Make sure Debian's Chromium and fonts with Vietnamese glyphs are installed (bench and the look
# captures use /usr/bin/chromium, the e2e suite Debian's chromium-headless-shell of the same version,
# D324; Playwright's own browser downloads are not reachable from these machines), and
# zbar-tools, whose zbarimg decodes the QR codes the e2e tests capture from the screen (issue 4), and
# poppler-utils, whose pdftotext reads back the invoices the e-invoice emulators draw (unit and e2e).
# Idempotent and quiet when everything is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
HEADLESS_SHELL=/usr/bin/chromium-headless-shell
[ -x "$HEADLESS_SHELL" ] || missing+=(chromium-headless-shell)
ZBARIMG=/usr/bin/zbarimg
[ -x "$ZBARIMG" ] || missing+=(zbar-tools)
PDFTOTEXT=/usr/bin/pdftotext
[ -x "$PDFTOTEXT" ] || missing+=(poppler-utils)

# Any of these families has the Vietnamese glyphs (ă â đ ê ô ơ ư and the tone marks).
if ! dpkg-query -W -f='${Status}\n' fonts-noto-core 2>/dev/null | grep -q 'install ok installed' \
  && ! dpkg-query -W -f='${Status}\n' fonts-dejavu-core 2>/dev/null | grep -q 'install ok installed'; then
  missing+=(fonts-noto-core fonts-dejavu-core)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    echo "ensure-chromium: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

# Concurrent runs (two terminals, test-all beside a bench) wait for one install.
exec 9>/tmp/portal-ensure-chromium.lock
flock 9
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ] && [ -x "$ZBARIMG" ] && [ -x "$PDFTOTEXT" ] && [[ " ${missing[*]} " != *" fonts-noto-core "* ]]; then
  exit 0
fi

echo "ensure-chromium: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# One apt at a time: scripts/test-all.sh may be installing PostgreSQL or LibreOffice in the background.
exec 8>/tmp/portal-apt.lock
flock 8
"${SUDO[@]}" apt-get update -qq </dev/null
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null

for required in "$CHROMIUM" "$HEADLESS_SHELL" "$ZBARIMG" "$PDFTOTEXT"; do
  if [ ! -x "$required" ]; then
    echo "ensure-chromium: $required still missing after install" >&2
    exit 1
  fi
done
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium installed)"
