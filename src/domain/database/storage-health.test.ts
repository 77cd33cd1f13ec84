import { describe, expect, it } from "vitest";
import { storageHealth } from "./storage-health";

describe("storageHealth", () => {
  it("is good for a small table whatever its dead rows", () => {
    expect(
      storageHealth({ liveTuples: 10, deadTuples: 500, modifiedSinceAnalyze: 0, analyzed: false }).tone,
    ).toBe("good");
  });
  it("warns above 20 % dead rows and is critical above half", () => {
    const m = { liveTuples: 10_000, modifiedSinceAnalyze: 0, analyzed: true };
    expect(storageHealth({ ...m, deadTuples: 1000 }).tone).toBe("good");
    expect(storageHealth({ ...m, deadTuples: 3000 }).tone).toBe("warning");
    expect(storageHealth({ ...m, deadTuples: 11_000 }).tone).toBe("critical");
  });
  it("warns when statistics are stale or missing", () => {
    expect(
      storageHealth({ liveTuples: 10_000, deadTuples: 0, modifiedSinceAnalyze: 2000, analyzed: true }).tone,
    ).toBe("warning");
    expect(
      storageHealth({ liveTuples: 10_000, deadTuples: 0, modifiedSinceAnalyze: 0, analyzed: false }).note,
    ).toBe("never analysed");
  });
});
