#!/usr/bin/env bash
# `npm test`: lint, type check, unit and API tests against a real PostgreSQL, browser tests in Chromium.
# Installs what a fresh Debian machine lacks (Chromium); PostgreSQL is the local server on 127.0.0.1:5432
# when one answers, TEST_DATABASE_URL when set, else an embedded one started by the test setup.
set -uo pipefail
cd "$(dirname "$0")/.."

# Sextant runs on Node 24 (LTS). `npm ci` installs it into node_modules (the npm registry's `node` package) and
# npm puts node_modules/.bin first on the PATH of its scripts, whatever Node the machine has.
node scripts/check-node.mjs || exit 1

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null || exit 1
fi

# The exports are read back by LibreOffice and the PDF report's pages drawn by pdftoppm (poppler): real
# programs other than the libraries that wrote the files. Installed when missing (about 20 s); if apt cannot,
# those two tests say they were skipped and why.
if ! command -v soffice >/dev/null || ! command -v pdftoppm >/dev/null; then
  echo "Installing Debian's libreoffice-calc-nogui and poppler-utils for the export and report read-back tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    libreoffice-calc-nogui poppler-utils >/dev/null || echo "(could not install them: those tests will be skipped)"
fi

# MQTT ingestion is tested through a real Mosquitto: the one on 127.0.0.1:1883 when it answers, else one
# started here (installed with apt when missing) on a free port for this run. Only when neither works are
# those tests skipped, with the reason printed by Vitest (SEXTANT_SKIP_MQTT).
mqtt_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
MOSQUITTO_PID=""
# The delivery tests start a Mosquitto of their own (its default queue limits): the binary is needed even when
# one answers on 1883.
if ! command -v mosquitto >/dev/null && [ ! -x /usr/sbin/mosquitto ]; then
  echo "Installing Debian's mosquitto for the MQTT delivery tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq mosquitto >/dev/null || true
fi
if [ -z "${MQTT_TEST_URL:-}" ] && ! mqtt_answers 1883; then
  if ! command -v mosquitto >/dev/null && [ ! -x /usr/sbin/mosquitto ]; then
    echo "Installing Debian's mosquitto for the MQTT ingestion tests…"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq mosquitto >/dev/null
  fi
  if command -v mosquitto >/dev/null || [ -x /usr/sbin/mosquitto ]; then
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    conf=$(mktemp); printf 'listener %s 127.0.0.1\nallow_anonymous true\n' "$port" > "$conf"
    PATH="$PATH:/usr/sbin" mosquitto -c "$conf" >/dev/null 2>&1 &
    MOSQUITTO_PID=$!
    trap '[ -n "$MOSQUITTO_PID" ] && kill "$MOSQUITTO_PID" 2>/dev/null' EXIT
    for _ in $(seq 50); do mqtt_answers "$port" && break; sleep 0.1; done
    if mqtt_answers "$port"; then export MQTT_TEST_URL="mqtt://127.0.0.1:$port"
    else export SEXTANT_SKIP_MQTT="(skipped: Mosquitto did not start on port $port)"; fi
  else
    export SEXTANT_SKIP_MQTT="(skipped: Mosquitto is not installed and could not be installed)"
  fi
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
