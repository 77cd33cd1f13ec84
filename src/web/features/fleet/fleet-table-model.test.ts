import { describe, expect, it } from "vitest";
import type { FleetShip } from "../../../contracts/fleet";
import { filterShips, needsAttention, sortShips } from "./fleet-table-model";

const ship = (id: number, over: Partial<FleetShip> = {}): FleetShip => ({
  id,
  name: `Ship ${id}`,
  imo: `90000${id}`,
  shipType: "bulk_carrier",
  typeLabel: "Bulk Carrier",
  deadweight: 80_000,
  sizeBand: null,
  lastSeenAt: null,
  position: null,
  dataQualityPercent: 95,
  dataQualityEmptyReason: null,
  sfoc: null,
  fuelRateTPerDay: null,
  loadPercent: null,
  cii: null,
  speedLossPercent: null,
  excessPowerPercent: null,
  eeoi: null,
  costPerNm: null,
  currency: "USD",
  openAlerts: 0,
  charterParty: null,
  computedAt: "2026-11-24T00:00:00Z",
  stale: false,
  pending: false,
  ...over,
});

describe("fleet table", () => {
  it("sorts by a figure either way, ships without it last", () => {
    const ships = [ship(1, { speedLossPercent: 4 }), ship(2), ship(3, { speedLossPercent: 9 })];
    expect(sortShips(ships, { column: "speedLoss", descending: true }).map((s) => s.id)).toEqual([3, 1, 2]);
    expect(sortShips(ships, { column: "speedLoss", descending: false }).map((s) => s.id)).toEqual([1, 3, 2]);
  });

  it("sorts CP performance worst first, ships without an active voyage with terms last", () => {
    const cp = (status: NonNullable<FleetShip["charterParty"]>["status"]) => ({
      voyageId: 1,
      voyageNumber: "V1",
      status,
    });
    const ships = [
      ship(1, { charterParty: cp("on_warranty") }),
      ship(2),
      ship(3, { charterParty: cp("under_performing") }),
      ship(4, { charterParty: cp("insufficient_good_weather") }),
      ship(5, { charterParty: cp("at_risk") }),
    ];
    expect(sortShips(ships, { column: "charterParty", descending: true }).map((s) => s.id)).toEqual([
      3, 5, 4, 1, 2,
    ]);
    expect(sortShips(ships, { column: "charterParty", descending: false }).map((s) => s.id)).toEqual([
      1, 4, 5, 3, 2,
    ]);
  });

  it("sorts CII by the projected rating, else the year to date's", () => {
    const cii = (rating: "A" | "D", projectedRating: "B" | "E" | null) => ({
      year: 2026,
      attained: 5,
      required: 5,
      rating,
      projectedAttained: null,
      projectedRating,
    });
    const ships = [ship(1, { cii: cii("A", "E") }), ship(2, { cii: cii("D", null) }), ship(3)];
    expect(sortShips(ships, { column: "cii", descending: true }).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it("filters by name or IMO, type, and what needs attention", () => {
    const ships = [
      ship(1, { name: "Aurora" }),
      ship(2, { name: "Boreas", openAlerts: 2 }),
      ship(3, { name: "Celeste", shipType: "tanker", dataQualityPercent: 60 }),
    ];
    expect(filterShips(ships, { text: "bor", shipType: "", attention: false }).map((s) => s.id)).toEqual([2]);
    expect(filterShips(ships, { text: "900003", shipType: "", attention: false }).map((s) => s.id)).toEqual([
      3,
    ]);
    expect(filterShips(ships, { text: "", shipType: "tanker", attention: false }).map((s) => s.id)).toEqual([
      3,
    ]);
    expect(filterShips(ships, { text: "", shipType: "", attention: true }).map((s) => s.id)).toEqual([2, 3]);
    expect(needsAttention(ships[0]!)).toBe(false);
  });
});
