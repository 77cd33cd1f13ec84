import { describe, expect, it, vi } from "vitest";
import { lineChart } from "./pdf-charts";
import { createPdf } from "./pdf-document";

const SERIES_COLOUR = "#123456";

/** How many separate strokes (moveTo) the series starts: the moves made after its colour is set. */
function strokesOfSeries(x: number[], y: number[], xKind: "time" | "number"): number {
  const doc = createPdf({ title: "t", subject: "s" });
  const moveTo = vi.spyOn(doc, "moveTo");
  const strokeColor = vi.spyOn(doc, "strokeColor");
  lineChart(doc, { title: "c", yLabel: "u", xKind }, [{ label: "s", x, y, colour: SERIES_COLOUR }], "");
  doc.end();
  const i = strokeColor.mock.calls.findIndex(([c]) => c === SERIES_COLOUR);
  const from = strokeColor.mock.invocationCallOrder[i]!;
  return moveTo.mock.invocationCallOrder.filter((order) => order > from).length;
}

describe("PDF line charts", () => {
  it("a line over time breaks where the data has a gap (a port stay), as the screen's charts do", () => {
    const hourly = [0, 3600, 7200, 10_800];
    const afterPort = [8 * 86_400, 8 * 86_400 + 3600, 8 * 86_400 + 7200];
    expect(strokesOfSeries([...hourly, ...afterPort], [180, 181, 182, 181, 184, 185, 184], "time")).toBe(2);
    expect(strokesOfSeries(hourly, [180, 181, 182, 181], "time")).toBe(1);
  });
  it("a line over a number axis (a fitted curve) is never broken by its spacing", () => {
    expect(strokesOfSeries([10, 10.1, 10.2, 14], [1, 2, 3, 4], "number")).toBe(1);
  });
});
