#!/usr/bin/env bash
# `npm test`: lint, type check, unit and API tests against a real PostgreSQL, browser tests in Chromium.
# Installs what a fresh Debian machine lacks (Chromium); PostgreSQL is the local server on 127.0.0.1:5432
# when one answers, TEST_DATABASE_URL when set, else an embedded one started by the test setup.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

mkdir -p test-results
echo "== lint (Biome)"; npx biome check .
echo "== type check (tsc)"; npx tsc --noEmit
echo "== unit and API tests (Vitest)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json || status=$?
echo "== browser tests (Playwright, Chromium)"
npx playwright test || status=$?
node scripts/test-summary.mjs
exit $status
