import { describe, expect, it } from "vitest";
import { unexpectedErrors } from "./sextant-process";

/** A handled outage as Sextant logs it when the kill strikes during the COPY's write (seen at 1 M rows). */
const HANDLED_RESET =
  '{"level":50,"reqId":"req-5","err":{"type":"DatabaseUnavailableError","message":"The database connection was lost: write ECONNRESET","code":"08006"},"msg":"database unavailable"}';

describe("unexpectedErrors", () => {
  it("passes a handled outage whose cause is a connection reset", () => {
    expect(unexpectedErrors(`Sextant is running\n${HANDLED_RESET}\n`)).toEqual([]);
  });

  it("flags an uncaught reset, an unhandled rejection and the 500 handler's entry", () => {
    const lines = [
      "Error: read ECONNRESET",
      "[UnhandledPromiseRejection: This error originated either by throwing inside of an async function]",
      '{"level":50,"err":{"type":"TypeError"},"msg":"unhandled error"}',
    ];
    expect(unexpectedErrors([HANDLED_RESET, ...lines].join("\n"))).toEqual(lines);
  });
});
