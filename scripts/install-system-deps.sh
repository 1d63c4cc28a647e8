#!/usr/bin/env bash
# The system parts the tests need, installed from Debian when missing. `.ci/run` runs this,
# and so does `npm test` before its checks, so a fresh machine needs no other step. Where it
# cannot install (not root, or no apt-get) it names what is missing and the command to run.
set -euo pipefail

missing=()
# The browser tests drive Debian's Chromium, or the build CHROMIUM_PATH names; the fonts
# draw the Nepali pages.
if [ -z "${CHROMIUM_PATH:-}" ] && ! [ -x /usr/bin/chromium ]; then
  missing+=(chromium fonts-noto-core)
fi
# The video-visit tests relay a call through a TURN server of their own.
if ! command -v turnserver >/dev/null; then
  missing+=(coturn)
fi
# The multi-server test balances two app servers behind an nginx of its own.
if ! command -v nginx >/dev/null && ! [ -x /usr/sbin/nginx ]; then
  missing+=(nginx)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$EUID" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The tests need these system packages: ${missing[*]}" >&2
  if command -v apt-get >/dev/null; then
    echo "Install them with: sudo bash scripts/install-system-deps.sh" >&2
  else
    echo "Install them with the machine's package manager (or set CHROMIUM_PATH to a Chromium)." >&2
  fi
  exit 1
fi

echo "Installing from Debian: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# The tests start coturn and nginx themselves, on loopback, with configurations of their own:
# the packages must not start them as services (nginx would take port 80). A policy-rc.d that
# answers 101 tells the packages' scripts not to; one already there is left as it is.
policy=/usr/sbin/policy-rc.d
if ! [ -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
fi
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
