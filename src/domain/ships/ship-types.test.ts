import { describe, expect, test } from "vitest";
import { isCiiRated, parseShipType, SHIP_TYPE_LABELS, SHIP_TYPES } from "./ship-types.js";

describe("parseShipType reads keys, labels and aliases, case-insensitive (spec ship lists, MEPC.353(78) names)", () => {
  test.each(SHIP_TYPES.map((t) => [t, SHIP_TYPE_LABELS[t]]))(
    "%s from its key and its label '%s'",
    (type, label) => {
      expect(parseShipType(type)).toBe(type);
      expect(parseShipType(label)).toBe(type);
      expect(parseShipType(`  ${label.toUpperCase()} `)).toBe(type);
    },
  );
  test.each([
    ["Gas tanker", "gas_carrier"],
    ["LPG carrier", "gas_carrier"],
    ["Oil tanker", "tanker"],
    ["Chemical tanker", "tanker"],
    ["Bulker", "bulk_carrier"],
    ["PCTC", "ro_ro_cargo_ship_vehicle_carrier"],
    ["Ro-Pax", "ro_ro_passenger_ship"],
    ["HSC", "ro_ro_passenger_ship_hsc"],
    ["Ro-ro passenger high-speed craft", "ro_ro_passenger_ship_hsc"],
    ["Reefer", "refrigerated_cargo_carrier"],
    ["Cruise ship", "cruise_passenger_ship"],
    ["Submarine", undefined],
  ])("'%s' → %s", (name, type) => {
    expect(parseShipType(name)).toBe(type);
  });
  test("research vessels are not CII-rated (MARPOL Annex VI Reg. 28)", () => {
    expect(isCiiRated("research_vessel")).toBe(false);
    expect(SHIP_TYPES.filter(isCiiRated)).toHaveLength(13);
  });
});
