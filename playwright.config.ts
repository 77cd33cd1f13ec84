import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The browser tests run against Sextant started exactly as a user starts it (`npm start`), on a fresh
// embedded database in a temporary DATA_DIR, in Debian's Chromium (no browser download).
const port = Number(process.env.E2E_PORT ?? 3917);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `sextant-e2e-${process.pid}`);

// The temporary DATA_DIR (about 250 MB: a whole PostgreSQL cluster with the demo fleet) goes when the run
// ends, once its PostgreSQL has stopped (no postmaster.pid left). A DATA_DIR given in E2E_DATA_DIR is kept.
if (!process.env.E2E_DATA_DIR) {
  process.on("exit", () => {
    if (!fs.existsSync(path.join(dataDir, "pg", "postmaster.pid")))
      fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  // A first answer after a reload can wait on a busy two-core machine (CI ran a reload's KPI cards past 5 s,
  // 15 s for a test that takes 6 s here); assertions wait up to 10 s before they fail.
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // They run beside the API tests (scripts/test.sh): a test that fails once on the loaded machine runs again,
  // and is reported as flaky.
  retries: 1,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "npm start",
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Without this Playwright SIGKILLs the server's process group: Sextant dies without its shutdown, and the
    // embedded PostgreSQL, which runs in its own process group (postgres-supervisor.ts), is left running with
    // parent pid 1. SIGTERM runs the product's shutdown (HTTP, pool, then PostgreSQL; SHUTDOWN_TIMEOUT_MS is
    // 10 s); SIGKILL only if that has not ended within 30 s.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEXTANT_DEMO: "on",
      // Alert delivery (e2e/alert-delivery.spec.ts): its own SMTP server on the next port, webhooks to loopback.
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      WEBHOOK_ALLOW_PRIVATE: "on",
      // MQTT ingestion (e2e/live-mqtt.spec.ts): the broker `npm test` found or started (scripts/test.sh), in a
      // share group of this run's own so that no other Sextant on the same broker takes its messages.
      ...(process.env.SEXTANT_SKIP_MQTT
        ? {}
        : {
            MQTT_URL: process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883",
            MQTT_SHARE_GROUP: `e2e-${process.pid}`,
            // Sessions are persistent (decision record 013): the broker forgets this run's within a minute.
            MQTT_SESSION_EXPIRY_S: "60",
          }),
    },
  },
});
