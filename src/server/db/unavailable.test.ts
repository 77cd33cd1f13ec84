import { EventEmitter } from "node:events";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable, watchConnection } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("reads the driver's error inside Drizzle's wrapper (the cause), not only the wrapper", () => {
    const wrapped = new DrizzleQueryError("select 1", [], withCode("ECONNREFUSED"));
    expect((wrapped as { code?: string }).code).toBeUndefined();
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("knows socket errors, connection and shutdown SQLSTATEs, and node-postgres' timeouts", () => {
    for (const code of ["ECONNRESET", "57P01", "57P03", "08006", "57014"]) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
    for (const message of [
      "Connection terminated unexpectedly",
      "Query read timeout",
      "timeout exceeded when trying to connect",
      "Client has encountered a connection error and is not queryable",
    ]) {
      expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    }
    expect(isDatabaseUnavailable(new DatabaseUnavailableError("lost"))).toBe(true);
  });

  it("leaves bugs and constraint errors alone (they stay 500 or their own status)", () => {
    const unique = new pg.DatabaseError("duplicate key", 1, "error");
    unique.code = "23505";
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of null"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("watchConnection", () => {
  it("remembers the first error or end of a client, and lets go of it", () => {
    const client = new EventEmitter();
    const watch = watchConnection(client);
    expect(watch.lost()).toBeUndefined();
    const first = new Error("Connection terminated unexpectedly");
    client.emit("error", first);
    client.emit("end");
    expect(watch.lost()).toBe(first);
    watch.stop();
    expect(client.listenerCount("error") + client.listenerCount("end")).toBe(0);
  });
});
