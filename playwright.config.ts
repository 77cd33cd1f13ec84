import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The browser tests run against Sextant started exactly as a user starts it (`npm start`), on a fresh
// embedded database in a temporary DATA_DIR, in Debian's Chromium (no browser download).
const port = Number(process.env.E2E_PORT ?? 3917);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `sextant-e2e-${process.pid}`);

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
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
    stdout: "pipe",
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", SEXTANT_DEMO: "on" },
  },
});
