import { describe, expect, test } from "vitest";
import { ACCEPTED_FUEL_NAMES, FUEL_GRADES, FUEL_NAMES, fuelClassOf, fuelGradeOf } from "./fuel-names";
import { FUEL_PROPERTIES, FUEL_TYPES } from "./fuel-types";

describe("fuel names → MEPC.364(79) fuel classes", () => {
  test.each([
    ["VLSFO", "HFO"],
    ["vlsfo", "HFO"],
    [" Vlsfo ", "HFO"],
    ["ULSFO", "HFO"],
    ["HSFO", "HFO"],
    ["IFO 380", "HFO"],
    ["ifo380", "HFO"],
    ["IFO-180", "HFO"],
    ["RMG 380", "HFO"],
    ["RMK700", "HFO"],
    ["hfo", "HFO"],
    ["RMD 80", "LFO"],
    ["IFO 80", "LFO"],
    ["LSMGO", "MGO"],
    ["ls mgo", "MGO"],
    ["ULSMGO", "MGO"],
    ["MGO", "MGO"],
    ["DMA", "MGO"],
    ["DMA 80", "MGO"],
    ["Marine gas oil", "MGO"],
    ["MDO", "MDO"],
    ["mdo", "MDO"],
    ["DMB", "MDO"],
    ["LNG", "LNG"],
    ["lng", "LNG"],
    ["Methanol", "METHANOL"],
    ["METHANOL", "METHANOL"],
    ["MeOH", "METHANOL"],
    ["ethanol", "ETHANOL"],
    ["LPG_PROPANE", "LPG_PROPANE"],
    ["LPG propane", "LPG_PROPANE"],
    ["butane", "LPG_BUTANE"],
    ["Ethane", "ETHANE"],
    ["B24 VLSFO", "HFO"],
    ["VLSFO B30", "HFO"],
    ["Bio-VLSFO", "HFO"],
    ["B30 MGO", "MGO"],
    ["bio lng", "LNG"],
  ])("%s is %s", (name, fuelClass) => {
    expect(fuelClassOf(name)).toBe(fuelClass);
  });

  test.each(["", "  ", "COAL", "LPG", "B100", "FAME", "HVO", "bio", "B24", "VLSFOX", "diesel oil 2"])(
    "%j is not accepted",
    (name) => {
      expect(fuelClassOf(name)).toBeUndefined();
    },
  );

  test("every class accepts its own short name, and every alias maps to a class with a Cf and an LCV", () => {
    for (const type of FUEL_TYPES) {
      expect(fuelClassOf(type)).toBe(type);
      for (const name of FUEL_NAMES[type]) expect(FUEL_PROPERTIES[fuelClassOf(name)!].cf).toBeGreaterThan(0);
    }
  });

  test("no name is listed under two classes", () => {
    const seen = new Map<string, string>();
    for (const type of FUEL_TYPES) {
      for (const name of FUEL_NAMES[type]) {
        const k = name.toLowerCase().replace(/[\s\-_./]+/g, "");
        expect(seen.get(k), name).toBeUndefined();
        seen.set(k, type);
        expect(fuelClassOf(name)).toBe(type);
      }
    }
  });

  test("the message lists the accepted names", () => {
    for (const name of ["VLSFO", "LSMGO", "IFO 380", "LNG", "Methanol", "B24 VLSFO"]) {
      expect(ACCEPTED_FUEL_NAMES).toContain(name);
    }
  });
});

describe("fuel names → grades as reported", () => {
  test.each([
    ["vlsfo", "VLSFO", "HFO"],
    ["HSFO", "HSFO", "HFO"],
    ["IFO-380", "IFO 380", "HFO"],
    ["RMG 380", "RMG 380", "HFO"],
    ["hfo", "HFO", "HFO"],
    ["Bunker C", "HFO", "HFO"],
    ["ls mgo", "LSMGO", "MGO"],
    ["Marine gas oil", "MGO", "MGO"],
    ["DMA 80", "DMA 80", "MGO"],
    ["Diesel", "MDO", "MDO"],
    ["LPG_PROPANE", "LPG propane", "LPG_PROPANE"],
    ["ETHANE", "Ethane", "ETHANE"],
    ["MeOH", "Methanol", "METHANOL"],
    ["B24 VLSFO", "B24 VLSFO", "HFO"],
    ["VLSFO B30", "B30 VLSFO", "HFO"],
    ["Bio-MGO", "Bio MGO", "MGO"],
  ])("%s is the grade %s of class %s", (name, grade, fuelType) => {
    expect(fuelGradeOf(name)).toEqual({ grade, fuelType });
  });

  test("two grades of one class stay two grades", () => {
    expect(fuelGradeOf("HSFO")!.grade).not.toBe(fuelGradeOf("VLSFO")!.grade);
    expect(fuelGradeOf("HSFO")!.fuelType).toBe(fuelGradeOf("VLSFO")!.fuelType);
  });

  test("every grade is its own name's grade", () => {
    for (const g of FUEL_GRADES)
      expect(fuelGradeOf(g.grade)).toEqual({ grade: g.grade, fuelType: g.fuelType });
  });
});
