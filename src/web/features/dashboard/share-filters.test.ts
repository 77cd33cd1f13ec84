import { describe, expect, it } from "vitest";
import { shareFilters } from "../../../contracts/shares";
import { DEFAULT_FILTERS } from "../../lib/dashboard-filters";
import { embedSnippet } from "../../lib/embed-snippet";
import { shareFiltersOf } from "./api/create-share";
import { formatMegabytes } from "./export-progress";

describe("a share link keeps the dashboard's filters", () => {
  it.each([
    [DEFAULT_FILTERS, { range: "7days", voyage: "all", engine: "main" }],
    [
      {
        ...DEFAULT_FILTERS,
        range: "custom",
        from: "2025-05-01",
        to: "2025-05-20",
        engine: "all",
        voyage: 12,
      },
      { range: "custom", voyage: 12, engine: "all", from: "2025-05-01", to: "2025-05-20" },
    ],
    // a custom range without both bounds is not sent (the page does not send it either)
    [
      { ...DEFAULT_FILTERS, range: "custom", from: "2025-05-01", to: null },
      { range: "custom", voyage: "all", engine: "main" },
    ],
  ] as const)("%j → %j, which the server's contract accepts when complete", (filters, expected) => {
    const kept = shareFiltersOf(filters);
    expect(kept).toEqual(expected);
    expect(shareFilters.safeParse(kept).success).toBe(kept.range !== "custom" || "from" in kept);
  });
});

describe("the card's texts", () => {
  it("megabytes to one decimal; the iframe snippet names the embed URL", () => {
    expect(formatMegabytes(3_565_158)).toBe("3.4 MB");
    expect(embedSnippet("https://x/embed/abc")).toContain('<iframe src="https://x/embed/abc"');
  });
});
