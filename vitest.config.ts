import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Three projects: pure code (domain, contracts, simulator, web logic) needs nothing; the server project gets
// a real PostgreSQL from the global setup (TEST_DATABASE_URL, else 127.0.0.1:5432, else embedded), one
// database per file. Most server files spend their time waiting on PostgreSQL, so at least four workers
// run even on two cores (Vitest's default there is one: 587 s on this two-core machine, 285 s with three; four since
// the suite grew past 3,700 tests).
// The fault and contention tests time kills, freezes and lock waits against the clock: they run after the
// rest, one file at a time (with three workers beside them the kill -9 of the database landed after the
// upload had finished).
// The other files share their worker's modules (`isolate: false`): each server file imported the whole app
// afresh, 755 s of a 801 s run summed over the workers; shared, 98 s of 534 s. A module's state is then
// shared by the files of a worker, so state lives in the app (or per database), never in a module.
const server = {
  globalSetup: ["src/server/test/global-setup.ts"],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};
// The restore bounds measure the process' memory growth: alone, in a process of their own.
const alone = [
  "src/server/faults/**/*.test.ts",
  "src/server/rollups/concurrent-writes.test.ts",
  "src/server/database-admin/restore-bounds.test.ts",
];

export default defineConfig({
  test: {
    maxWorkers: Math.max(4, availableParallelism()),
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/domain/**/*.test.ts",
            "src/contracts/**/*.test.ts",
            "src/simulator/**/*.test.ts",
            "src/web/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          isolate: false,
          // correctness, not speed (speed lives in bench/): a simulation that takes 3 s alone takes 10 beside
          // four server workers on two cores
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts"],
          exclude: alone,
          ...server,
          isolate: false,
        },
      },
      {
        test: {
          name: "server (alone)",
          include: alone,
          ...server,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
