import { defineConfig } from "vitest/config";

// Two projects: pure code (domain, contracts, simulator, web logic) needs nothing; the server project
// gets a real PostgreSQL from the global setup (TEST_DATABASE_URL, else 127.0.0.1:5432, else embedded).
export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts"],
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
