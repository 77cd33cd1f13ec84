#!/usr/bin/env bash
# `npm test`: lint, type check, unit and API tests against a real PostgreSQL, browser tests in Chromium.
# Installs what a fresh Debian machine lacks (Chromium); PostgreSQL is the local server on 127.0.0.1:5432
# when one answers, TEST_DATABASE_URL when set, else an embedded one started by the test setup.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null || exit 1
fi

# Reports live outside test-results/, which Playwright empties when it starts.
rm -rf reports && mkdir -p reports
failed_steps=()
step() {
  local name="$1"; shift
  echo "== $name"
  "$@" || failed_steps+=("$name")
}
step "lint (Biome)" npx biome check .
step "type check (tsc)" npx tsc --noEmit
step "unit and API tests (Vitest)" npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json
# Vitest's exit code alone is not trusted: a stray exit hook (embedded-postgres registered async-exit-hook until
# src/server/db/embedded-postgres.ts removed it) can end the process with 0. The JSON report says what happened.
step "unit and API tests (Vitest report)" node -e \
  'process.exit(JSON.parse(require("fs").readFileSync("reports/vitest.json", "utf8")).success ? 0 : 1)'
step "browser tests (Playwright, Chromium)" npx playwright test

node scripts/test-summary.mjs "${#failed_steps[@]}"
if [ ${#failed_steps[@]} -gt 0 ]; then
  printf 'failed step: %s\n' "${failed_steps[@]}"
  exit 1
fi
