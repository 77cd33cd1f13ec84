/**
 * How a layout names the fuel the simulator burns by class (HFO, MGO, MDO): as a real ship's reports name
 * the grades it bunkered. The truth of a layout follows the names it writes; each name's MEPC.364(79) class
 * is the class of what was burnt (the auxiliaries' MDO written as 'MGO' is a gas oil of the same Cf).
 */
import type { FuelType } from "../../src/domain/fuels/fuel-types";
import type { GradeOf } from "../../src/simulator/noon-reports";

export type Naming = {
  gradeOf: GradeOf;
  /** The class of each grade the layout writes. */
  classOf: Record<string, FuelType>;
  /** The grades of each consumer's columns, in the layout's order. */
  main: string[];
  auxiliary: string[];
  /** Remaining-on-board tanks per grade, t. */
  tanks: Record<string, number>;
};

/** The residual grade changes at 2025-05-01 00:00 UTC in the layouts that burn HSFO first. */
export const HSFO_UNTIL_MS = Date.parse("2025-05-01T00:00:00Z");

/** Main engine VLSFO, LSMGO in ECAs; generators MDO, LSMGO in ECAs. */
export const STANDARD: Naming = {
  gradeOf: (consumer, t) => (t === "HFO" ? "VLSFO" : t === "MGO" ? "LSMGO" : consumer === "main" ? t : "MDO"),
  classOf: { VLSFO: "HFO", LSMGO: "MGO", MDO: "MDO" },
  main: ["VLSFO", "LSMGO"],
  auxiliary: ["MDO", "LSMGO"],
  tanks: { VLSFO: 2600, LSMGO: 420, MDO: 420 },
};

/** HSFO (a scrubber ship's residual) burnt January–April, VLSFO after; distillates as STANDARD. */
export const HSFO_THEN_VLSFO: Naming = {
  ...STANDARD,
  gradeOf: (consumer, t, ms) =>
    t === "HFO" ? (ms <= HSFO_UNTIL_MS ? "HSFO" : "VLSFO") : STANDARD.gradeOf(consumer, t, ms),
  classOf: { ...STANDARD.classOf, HSFO: "HFO" },
  main: ["HSFO", "VLSFO", "LSMGO"],
  tanks: { HSFO: 2600, VLSFO: 2600, LSMGO: 420, MDO: 420 },
};

/** DNV OVD names classes, not grades: HFO, MGO, MDO. */
export const CLASSES: Naming = {
  gradeOf: (_c, t) => t,
  classOf: { HFO: "HFO", MGO: "MGO", MDO: "MDO" },
  main: ["HFO", "MGO"],
  auxiliary: ["MDO", "MGO"],
  tanks: { HFO: 2600, MGO: 420, MDO: 420 },
};

/** Generators on gas oil only ('D/G MGO'), the main engine as STANDARD. */
export const GENERATORS_ON_MGO: Naming = {
  gradeOf: (consumer, t, ms) => (consumer === "auxiliary" ? "MGO" : STANDARD.gradeOf(consumer, t, ms)),
  classOf: { VLSFO: "HFO", LSMGO: "MGO", MGO: "MGO" },
  main: ["VLSFO", "LSMGO"],
  auxiliary: ["MGO"],
  tanks: { VLSFO: 2600, LSMGO: 420, MGO: 420 },
};
