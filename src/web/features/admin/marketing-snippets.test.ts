import { describe, expect, it } from "vitest";
import type { FleetHighlights } from "../../../contracts/fleet";
import { longDate, marketingSnippets, snippetNotes } from "./marketing-snippets";

const highlights = (over: Partial<FleetHighlights> = {}): FleetHighlights => ({
  year: 2026,
  ships: { total: 3, reporting: 3, newestRecordAt: "2026-12-02T01:00:00.000Z" },
  cii: {
    year: 2026,
    ratings: { A: 0, B: 1, C: 1, D: 1, E: 0 },
    rated: 3,
    compliant: 2,
    unrated: [],
    dataTo: "2026-12-02T01:00:00.000Z",
    stale: false,
  },
  co2: {
    year: 2026,
    tonnes: 123_456.7,
    from: "2026-01-01",
    dataTo: "2026-12-01T23:00:00.000Z",
    ships: [
      { shipId: 1, name: "Aurora", tonnes: 60_000, gaps: [] },
      { shipId: 2, name: "Boreas", tonnes: 63_456.7, gaps: [] },
      { shipId: 3, name: "Celeste", tonnes: 0, gaps: [] },
    ],
  },
  computedAt: "2026-12-02T02:00:00.000Z",
  ...over,
});

const text = (h: FleetHighlights, id: string) => marketingSnippets(h).snippets.find((s) => s.id === id)?.text;
const reason = (h: FleetHighlights, id: string) =>
  marketingSnippets(h).missing.find((s) => s.id === id)?.reason;

describe("marketing snippets", () => {
  it("quote each figure with the date of its newest data", () => {
    const h = highlights();
    expect(text(h, "ships")).toBe(
      "Our fleet of 3 ships is monitored with Sextant (data to 2 December 2026).",
    );
    expect(text(h, "cii")).toBe(
      "2 of our 3 ships rated A–C on the IMO Carbon Intensity Indicator for 2026 year to date (B: 1, C: 1, D: 1; data to 2 December 2026).",
    );
    expect(text(h, "co2")).toBe(
      "CO₂ emitted by our fleet in 2026: 123,457 t from 1 January to 1 December 2026 (2 ships, IMO DCS / EU MRV emission factors).",
    );
    expect(marketingSnippets(h).missing).toEqual([]);
  });

  it.each([
    [
      "no ships: the one reason is the first step, adding a ship",
      highlights({
        ships: { total: 0, reporting: 0, newestRecordAt: null },
        cii: {
          ...highlights().cii,
          ratings: { A: 0, B: 0, C: 0, D: 0, E: 0 },
          rated: 0,
          compliant: 0,
          dataTo: null,
        },
        co2: { ...highlights().co2, tonnes: 0, dataTo: null, ships: [] },
      }),
      ["ships"],
    ],
    [
      "ships without data: not 'monitored'",
      highlights({ ships: { total: 2, reporting: 0, newestRecordAt: null } }),
      ["ships"],
    ],
    [
      "no CII this year: no rating sentence",
      highlights({ cii: { ...highlights().cii, rated: 0, compliant: 0, dataTo: null } }),
      ["cii"],
    ],
    [
      "no fuel this year: no CO₂ sentence",
      highlights({ co2: { ...highlights().co2, dataTo: null } }),
      ["co2"],
    ],
  ])("%s", (_rule, h, missing) => {
    const answer = marketingSnippets(h);
    expect(answer.missing.map((m) => m.id)).toEqual(missing);
    expect(answer.snippets.map((s) => s.id).filter((id) => missing.includes(id))).toEqual([]);
  });

  it("says how many of the fleet report, and of whom the ratings are when some ship is unrated", () => {
    const h = highlights({
      ships: { total: 3, reporting: 2, newestRecordAt: "2026-12-02T01:00:00.000Z" },
      cii: {
        ...highlights().cii,
        ratings: { A: 1, B: 0, C: 0, D: 1, E: 0 },
        rated: 2,
        compliant: 1,
        unrated: [{ shipId: 3, name: "Celeste" }],
      },
    });
    expect(text(h, "ships")).toBe("2 of our 3 ships are monitored with Sextant (data to 2 December 2026).");
    expect(text(h, "cii")).toMatch(/^1 of the 2 ships rated so far rated A–C .*\(A: 1, D: 1;/);
    expect(snippetNotes(h)).toContain("Not rated for 2026 yet: Celeste.");
  });

  it("notes the gaps the annual figures state", () => {
    const h = highlights();
    h.co2.ships[0]!.gaps = ["days without records"];
    expect(snippetNotes(h)).toEqual([
      "The CO₂ covers the recorded days only: Aurora has days of 2026 without records.",
    ]);
    expect(reason(h, "co2")).toBeUndefined();
  });

  it("writes dates in UTC", () => {
    expect(longDate("2026-01-01T00:30:00+01:00")).toBe("31 December 2025");
  });
});
