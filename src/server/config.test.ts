import { describe, expect, it } from "vitest";
import { databaseTimeouts, loadConfig } from "./config";
import { DEFAULT_DATABASE_TIMEOUTS } from "./db/client";

describe("configuration of the timeouts", () => {
  it("defaults to the documented values and takes them from the environment", () => {
    const defaults = loadConfig({});
    expect(databaseTimeouts(defaults)).toEqual(DEFAULT_DATABASE_TIMEOUTS);
    expect([defaults.REQUEST_TIMEOUT_MS, defaults.SHUTDOWN_TIMEOUT_MS]).toEqual([300_000, 10_000]);
    const set = loadConfig({ DB_CONNECT_TIMEOUT_MS: "2000", DB_STATEMENT_TIMEOUT_MS: "3000" });
    expect(databaseTimeouts(set)).toMatchObject({ connectMs: 2000, statementMs: 3000 });
  });

  it("refuses a bad value, naming the variable", () => {
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: "soon", SHUTDOWN_TIMEOUT_MS: "0" })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS[\s\S]*SHUTDOWN_TIMEOUT_MS|SHUTDOWN_TIMEOUT_MS[\s\S]*DB_STATEMENT_TIMEOUT_MS/,
    );
  });
});
