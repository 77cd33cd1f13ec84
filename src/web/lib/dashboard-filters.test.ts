import { describe, expect, it } from "vitest";
import {
  apiQueryString,
  DEFAULT_FILTERS,
  filtersKey,
  isIsoDay,
  parseFilters,
  parseSection,
  voyageWonNote,
  withCustomBounds,
  withRange,
  withVoyage,
  writeFilters,
  writeSection,
} from "./dashboard-filters";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe("parseFilters (URL → filters)", () => {
  it.each([
    ["an empty query gives the defaults", "", DEFAULT_FILTERS],
    [
      "reads every filter",
      "voyage=12&range=30days&engine=auxiliary",
      { voyage: 12, range: "30days", engine: "auxiliary", from: null, to: null },
    ],
    [
      "reads a custom range",
      "range=custom&from=2026-01-01&to=2026-03-31&engine=all",
      { voyage: "all", range: "custom", engine: "all", from: "2026-01-01", to: "2026-03-31" },
    ],
    [
      "a custom range without bounds falls back to the default range",
      "range=custom&from=2026-01-01",
      { ...DEFAULT_FILTERS },
    ],
    [
      "a custom range with from after to falls back",
      "range=custom&from=2026-04-01&to=2026-03-31",
      { ...DEFAULT_FILTERS },
    ],
    ["an impossible day falls back", "range=custom&from=2026-02-30&to=2026-03-31", { ...DEFAULT_FILTERS }],
    [
      "bounds are ignored when the range is not custom",
      "range=7days&from=2026-01-01&to=2026-03-31",
      DEFAULT_FILTERS,
    ],
    ["an unknown range falls back", "range=fortnight", DEFAULT_FILTERS],
    ["an unknown engine falls back", "engine=steam", DEFAULT_FILTERS],
    ["a voyage that is not a positive integer means all", "voyage=-3", DEFAULT_FILTERS],
    ["a voyage with letters means all", "voyage=7abc", DEFAULT_FILTERS],
  ])("%s", (_rule, query, expected) => {
    expect(parse(query)).toEqual(expected);
  });
});

describe("writeFilters (filters → URL)", () => {
  it("round-trips through the URL", () => {
    const filters = {
      voyage: 4,
      range: "custom",
      engine: "all",
      from: "2025-12-01",
      to: "2026-01-15",
    } as const;
    expect(parseFilters(writeFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it("keeps other parameters such as the section", () => {
    const next = writeFilters(new URLSearchParams("section=fuel-fuel-cost"), DEFAULT_FILTERS);
    expect(next.get("section")).toBe("fuel-fuel-cost");
    expect(next.toString()).toBe("voyage=all&range=7days&engine=main&section=fuel-fuel-cost");
  });

  it("writes the parameters in a fixed order, others after them", () => {
    const next = writeFilters(
      new URLSearchParams("utm=x&engine=all&section=engine-engine-load&range=7days"),
      {
        voyage: 12,
        range: "custom",
        engine: "main",
        from: "2026-01-01",
        to: "2026-03-31",
      },
    );
    expect(next.toString()).toBe(
      "voyage=12&range=custom&from=2026-01-01&to=2026-03-31&engine=main&section=engine-engine-load&utm=x",
    );
  });

  it("drops custom bounds when the range is no longer custom", () => {
    const next = writeFilters(new URLSearchParams("range=custom&from=2026-01-01&to=2026-01-02"), {
      ...DEFAULT_FILTERS,
      range: "30days",
    });
    expect(next.has("from")).toBe(false);
    expect(next.has("to")).toBe(false);
  });
});

describe("API query and query keys", () => {
  it("sends from and to only for a custom range", () => {
    expect(apiQueryString(DEFAULT_FILTERS)).toBe("?voyage=all&range=7days&engine=main");
    expect(
      apiQueryString({ voyage: 2, range: "custom", engine: "all", from: "2026-01-01", to: "2026-01-31" }),
    ).toBe("?voyage=2&range=custom&engine=all&from=2026-01-01&to=2026-01-31");
  });

  it("gives different keys for different filters", () => {
    expect(filtersKey(DEFAULT_FILTERS)).not.toEqual(filtersKey({ ...DEFAULT_FILTERS, engine: "all" }));
  });
});

describe("range changes", () => {
  it("starts a custom range with the 30 days up to today", () => {
    expect(withRange(DEFAULT_FILTERS, "custom", "2026-03-31")).toEqual({
      ...DEFAULT_FILTERS,
      range: "custom",
      from: "2026-03-01",
      to: "2026-03-31",
    });
  });

  it("leaving a custom range drops its bounds", () => {
    const custom = withRange(DEFAULT_FILTERS, "custom", "2026-03-31");
    expect(withRange(custom, "voyage", "2026-03-31")).toEqual({ ...DEFAULT_FILTERS, range: "voyage" });
  });

  it.each([
    ["accepts two days in order", "2026-01-01", "2026-01-01", true],
    ["refuses from after to", "2026-01-02", "2026-01-01", false],
    ["refuses an empty day", "", "2026-01-01", false],
  ])("custom bounds: %s", (_rule, from, to, ok) => {
    expect(withCustomBounds(DEFAULT_FILTERS, from, to) !== null).toBe(ok);
  });

  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-1-1", false],
  ])("isIsoDay(%s) is %s", (value, ok) => {
    expect(isIsoDay(value)).toBe(ok);
  });
});

describe("section in the URL", () => {
  it("reads and writes the section", () => {
    const params = writeSection(new URLSearchParams("range=30days"), "engine-engine-load");
    expect(parseSection(params)).toBe("engine-engine-load");
    expect(parseSection(writeSection(params, null))).toBeNull();
  });

  it("ignores a malformed section", () => {
    expect(parseSection(new URLSearchParams("section=<script>"))).toBeNull();
  });
});

describe("choosing a voyage (issue 35: a past voyage under 'Last 7 Days' showed 'no fuel data')", () => {
  const now = new Date("2026-06-30T12:00:00Z");
  const past = { id: 7, departureDate: "2026-03-01T00:00:00Z", arrivalDate: "2026-03-20T00:00:00Z" };
  const current = { id: 8, departureDate: "2026-06-20T00:00:00Z", arrivalDate: null };
  const base = { ...DEFAULT_FILTERS, range: "7days" as const };
  it("a voyage outside the rolling range switches the range to This Voyage, and says so", () => {
    const r = withVoyage(base, past, now);
    expect(r.filters).toMatchObject({ voyage: 7, range: "voyage", from: null, to: null });
    expect(r.note).toBe("Date Range set to This Voyage: the voyage lies outside Last 7 Days.");
  });
  it("a voyage inside the range keeps it; 'All Voyages' keeps it too", () => {
    expect(withVoyage(base, current, now)).toEqual({ filters: { ...base, voyage: 8 }, note: null });
    expect(withVoyage({ ...base, voyage: 8 }, null, now)).toEqual({
      filters: { ...base, voyage: "all" },
      note: null,
    });
  });
  it("a custom range counts its last day in", () => {
    const custom = { ...base, range: "custom" as const, from: "2026-02-01", to: "2026-03-01" };
    expect(withVoyage(custom, past, now).filters.range).toBe("custom"); // 1 March is inside
    expect(withVoyage({ ...custom, to: "2026-02-27" }, past, now).filters.range).toBe("voyage");
  });
});

describe("a voyage the server let win over the range (a reload or a link with both)", () => {
  const filters = { ...DEFAULT_FILTERS, voyage: 7, range: "7days" as const };
  it("says so under the voyage control", () => {
    expect(voyageWonNote(filters, "voyage")).toBe("Showing the whole voyage: it lies outside Last 7 Days.");
  });
  it("says nothing when the range was used as asked", () => {
    expect(voyageWonNote(filters, "7days")).toBeNull();
    expect(voyageWonNote({ ...filters, voyage: "all" }, "voyage")).toBeNull();
    expect(voyageWonNote({ ...filters, range: "voyage" }, "voyage")).toBeNull();
  });
});
