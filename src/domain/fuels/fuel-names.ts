/**
 * The names fuels go by in noon reports, bunker delivery notes and spreadsheets, mapped to the fuel classes
 * of MEPC.364(79) whose Cf and LCV the emission figures use (FUEL_PROPERTIES). Matching ignores case,
 * spaces, hyphens, underscores, dots and slashes ('vlsfo', 'IFO-380', 'lng ', 'Bio VLSFO').
 *
 * Sources of the mapping:
 * - Residual grades (ISO 8217 RME–RMK: IFO 180/380/500/700, HSFO, VLSFO ≤ 0.50 % S and ULSFO ≤ 0.10 % S when
 *   sold as residual grades) are "Heavy fuel oil" in MEPC.364(79); `shared/reference/reference-data.md` §4
 *   lists VLSFO in RME–RMK grades under HFO.
 * - Distillates (ISO 8217 DMX–DMB: MGO, LSMGO, ULSMGO, MDO, DMA, DMB) are "Diesel/gas oil": MGO for the gas
 *   oils (DMX, DMA, DMZ), MDO for DMB (both classes have the same Cf and LCV).
 * - LFO is ISO 8217 RMA–RMD (IFO 30–80, RMA/RMB/RMD).
 * - LNG, LPG (propane, butane), ethane, methanol and ethanol are their own classes.
 * - Bio blends ('B24 VLSFO', 'Bio MGO'): MEPC.364(79) has no biofuel class and a reduced factor needs
 *   MEPC.1/Circ.905 evidence (reference-data.md §4) that a noon report does not carry, so a blend named with
 *   its fossil base counts as that base (the full fossil Cf: an upper bound, never an understatement).
 *   A bio fuel without its base ('B100', 'FAME', 'HVO') is not accepted.
 * - A bare 'LPG' is not accepted: propane and butane have different Cf; the report must say which.
 */
import { FUEL_TYPES, type FuelType } from "./fuel-types";

/**
 * The grades a fuel is reported as, each with its MEPC.364(79) class and the other names it goes by. A grade is
 * what the ship bunkered and burnt ('VLSFO', 'LSMGO'): the product keeps fuel apart per grade and sums grades
 * into their class only where a figure needs the class (Cf, LCV). Aliases are spellings of the same grade
 * ('Marine gas oil' is MGO), never another grade.
 */
export const FUEL_GRADES: readonly { grade: string; fuelType: FuelType; aliases?: readonly string[] }[] = [
  { grade: "HFO", fuelType: "HFO", aliases: ["Bunker C", "Heavy fuel oil", "IFO"] },
  { grade: "HSFO", fuelType: "HFO" },
  { grade: "VLSFO", fuelType: "HFO" },
  { grade: "ULSFO", fuelType: "HFO" },
  { grade: "IFO 180", fuelType: "HFO" },
  { grade: "IFO 380", fuelType: "HFO" },
  { grade: "IFO 500", fuelType: "HFO" },
  { grade: "IFO 700", fuelType: "HFO" },
  { grade: "RME", fuelType: "HFO" },
  { grade: "RMG", fuelType: "HFO" },
  { grade: "RMK", fuelType: "HFO" },
  { grade: "LFO", fuelType: "LFO", aliases: ["Light fuel oil"] },
  { grade: "IFO 30", fuelType: "LFO" },
  { grade: "IFO 40", fuelType: "LFO" },
  { grade: "IFO 60", fuelType: "LFO" },
  { grade: "IFO 80", fuelType: "LFO" },
  { grade: "RMA", fuelType: "LFO" },
  { grade: "RMB", fuelType: "LFO" },
  { grade: "RMD", fuelType: "LFO" },
  { grade: "MDO", fuelType: "MDO", aliases: ["Marine diesel oil", "Diesel"] },
  { grade: "DMB", fuelType: "MDO" },
  { grade: "MGO", fuelType: "MGO", aliases: ["Marine gas oil", "Gas oil"] },
  { grade: "LSMGO", fuelType: "MGO", aliases: ["Low sulphur MGO"] },
  { grade: "ULSMGO", fuelType: "MGO" },
  { grade: "DMA", fuelType: "MGO" },
  { grade: "DMZ", fuelType: "MGO" },
  { grade: "DMX", fuelType: "MGO" },
  { grade: "LNG", fuelType: "LNG", aliases: ["Liquefied natural gas"] },
  { grade: "LPG propane", fuelType: "LPG_PROPANE", aliases: ["Propane"] },
  { grade: "LPG butane", fuelType: "LPG_BUTANE", aliases: ["Butane"] },
  { grade: "Ethane", fuelType: "ETHANE" },
  { grade: "Methanol", fuelType: "METHANOL", aliases: ["MeOH"] },
  { grade: "Ethanol", fuelType: "ETHANOL", aliases: ["EtOH"] },
];

/** Usual names per class (grades and their aliases); the class names themselves are accepted as well. */
export const FUEL_NAMES: Readonly<Record<FuelType, readonly string[]>> = namesPerClass();

function namesPerClass(): Record<FuelType, readonly string[]> {
  const names = {} as Record<FuelType, readonly string[]>;
  for (const type of FUEL_TYPES)
    names[type] = FUEL_GRADES.filter((g) => g.fuelType === type).flatMap((g) => [
      g.grade,
      ...(g.aliases ?? []),
    ]);
  return names;
}

/** A fuel as reported: its grade (canonical spelling, 'VLSFO', 'IFO 380', 'B24 VLSFO') and its MEPC.364(79) class. */
export type FuelGrade = { grade: string; fuelType: FuelType };

/** Bio-blend markers put before or after a base name: 'B24 VLSFO', 'VLSFO B30', 'Bio-MGO'. */
const BIO_BLEND = /^(?:(bio|b\d{1,2})(.+)|(.+?)(bio|b\d{1,2}))$/;

/** ISO 8217 grade with its viscosity ('RMG 380', 'DMA 20'): the grade letters decide the class. */
const GRADE_WITH_VISCOSITY = /^((?:rm|dm)[a-z])(\d+)$/;

const key = (name: string) => name.toLowerCase().replace(/[\s\-_./]+/g, "");

const GRADE_OF: ReadonlyMap<string, FuelGrade> = new Map(
  FUEL_GRADES.flatMap(({ grade, fuelType, aliases }) =>
    [grade, ...(aliases ?? [])].map((name) => [key(name), { grade, fuelType }] as const),
  ).concat(
    // A class's own short name not listed as a grade ('LPG_PROPANE' is, 'ETHANE' is 'Ethane') names its first grade.
    FUEL_TYPES.map(
      (t) => [key(t), { grade: FUEL_GRADES.find((g) => g.fuelType === t)!.grade, fuelType: t }] as const,
    ),
  ),
);

function plainGrade(k: string): FuelGrade | undefined {
  const direct = GRADE_OF.get(k);
  if (direct) return direct;
  const viscosity = GRADE_WITH_VISCOSITY.exec(k);
  const base = viscosity ? GRADE_OF.get(viscosity[1]!) : undefined;
  return base && viscosity ? { grade: `${base.grade} ${viscosity[2]}`, fuelType: base.fuelType } : undefined;
}

/**
 * The grade and class of a reported fuel name, or undefined when the name is not known. Bio blends keep their
 * marker in the grade ('B24 VLSFO', 'Bio MGO') and count as their fossil base's class (module comment).
 */
export function fuelGradeOf(name: string): FuelGrade | undefined {
  const k = key(name);
  if (k === "") return undefined;
  const plain = plainGrade(k);
  if (plain) return plain;
  const blend = BIO_BLEND.exec(k);
  if (!blend) return undefined;
  const marker = blend[1] ?? blend[4]!;
  const base = plainGrade(blend[2] ?? blend[3]!);
  if (!base) return undefined;
  const label = marker === "bio" ? "Bio" : marker.toUpperCase();
  return { grade: `${label} ${base.grade}`, fuelType: base.fuelType };
}

/** The MEPC.364(79) fuel class of a reported fuel name, or undefined when the name is not known. */
export function fuelClassOf(name: string): FuelType | undefined {
  return fuelGradeOf(name)?.fuelType;
}

/** The accepted names, for an error message: 'HFO, HSFO, VLSFO, …, and bio blends of these (B24 VLSFO)'. */
export const ACCEPTED_FUEL_NAMES = `${FUEL_TYPES.flatMap((t) => [...new Set([t, ...FUEL_NAMES[t]])]).join(", ")}, and bio blends of these named with their base (e.g. 'B24 VLSFO')`;
