/**
 * The sinks wait for the client: a batch's promise stays pending while the answer's buffer is full, goes on
 * once the client reads, and fails with ExportAborted when the client goes away (the reads then stop).
 */
import { PassThrough } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { SERIES_SHEETS } from "./export-sheets";
import { csvSink, ExportAborted, type ExportSink, xlsxSink } from "./export-sink";
import type { ExportCell } from "./spreadsheet-cell";

const columns = SERIES_SHEETS.fuel.columns;
const batch = (n: number, offset: number): ExportCell[][] =>
  Array.from({ length: n }, (_, i) => [
    new Date(Date.UTC(2025, 0, 1) + (offset + i) * 900_000),
    "Test Vessel",
    ...columns
      .slice(2, -1)
      .map((c, j) => (c.kind === "text" ? `text ${i} ${j} ${Math.random()}` : i * 1.5 - j)),
    `V-${i}`,
  ]);

async function settled(p: Promise<void>, ms = 300): Promise<"done" | "pending"> {
  return Promise.race([p.then(() => "done" as const), sleep(ms).then(() => "pending" as const)]);
}

describe.each([
  ["csv", (out: PassThrough) => csvSink(out)],
  ["xlsx", (out: PassThrough) => xlsxSink(out)],
] as const)("the %s sink", (_name, make: (out: PassThrough) => ExportSink) => {
  it("waits while the client does not read, and goes on when it does", async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const sink = make(out);
    sink.sheet("Fuel", columns);
    let offset = 0;
    let state: "done" | "pending" = "done";
    // batches until one waits: a client that reads nothing holds the export after a bounded amount
    for (let i = 0; i < 50 && state === "done"; i += 1) {
      const p = sink.rows(batch(2000, offset));
      offset += 2000;
      state = await settled(p);
      if (state === "pending") {
        out.resume();
        expect(await settled(p, 10_000)).toBe("done");
      }
    }
    expect(state).toBe("pending");
    expect(offset).toBeLessThan(50 * 2000);
    // each wait removes its listeners
    expect(out.listenerCount("close")).toBeLessThan(4);
    await sink.finish();
  }, 60_000);

  it("fails the waiting batch with ExportAborted when the client goes away", async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const sink = make(out);
    sink.sheet("Fuel", columns);
    let failure: unknown = null;
    for (let i = 0; i < 50 && failure === null; i += 1) {
      const p = sink.rows(batch(2000, i * 2000)).catch((e: unknown) => {
        failure = e;
      });
      if ((await settled(p)) === "pending") {
        out.destroy();
        await p;
      }
    }
    expect(failure).toBeInstanceOf(ExportAborted);
  }, 60_000);
});
