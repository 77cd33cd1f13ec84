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

/** Usual names per class, as written; the class names themselves (FUEL_TYPES) are accepted as well. */
export const FUEL_NAMES: Record<FuelType, readonly string[]> = {
  HFO: [
    "HFO",
    "HSFO",
    "VLSFO",
    "ULSFO",
    "IFO 180",
    "IFO 380",
    "IFO 500",
    "IFO 700",
    "RME",
    "RMG",
    "RMK",
    "Bunker C",
  ],
  LFO: ["LFO", "IFO 30", "IFO 40", "IFO 60", "IFO 80", "RMA", "RMB", "RMD"],
  MDO: ["MDO", "Marine diesel oil", "DMB", "Diesel"],
  MGO: ["MGO", "LSMGO", "ULSMGO", "Marine gas oil", "DMA", "DMZ", "DMX", "Gas oil"],
  LNG: ["LNG", "Liquefied natural gas"],
  LPG_PROPANE: ["LPG propane", "Propane"],
  LPG_BUTANE: ["LPG butane", "Butane"],
  ETHANE: ["Ethane"],
  METHANOL: ["Methanol", "MeOH"],
  ETHANOL: ["Ethanol", "EtOH"],
};

/** Bio-blend markers put before or after a base name: 'B24 VLSFO', 'VLSFO B30', 'Bio-MGO'. */
const BIO_BLEND = /^(?:bio|b\d{1,2})(.+)$|^(.+?)(?:bio|b\d{1,2})$/;

/** ISO 8217 grade with its viscosity ('RMG 380', 'DMA 20'): the grade letters decide the class. */
const GRADE_WITH_VISCOSITY = /^((?:rm|dm)[a-z])\d+$/;

const key = (name: string) => name.toLowerCase().replace(/[\s\-_./]+/g, "");

const CLASS_OF: ReadonlyMap<string, FuelType> = new Map(
  FUEL_TYPES.flatMap((type) => [type, ...FUEL_NAMES[type]].map((name) => [key(name), type] as const)),
);

/** The MEPC.364(79) fuel class of a reported fuel name, or undefined when the name is not known. */
export function fuelClassOf(name: string): FuelType | undefined {
  const k = key(name).replace(GRADE_WITH_VISCOSITY, "$1");
  if (k === "") return undefined;
  const direct = CLASS_OF.get(k);
  if (direct) return direct;
  const blend = BIO_BLEND.exec(k);
  const base = blend?.[1] ?? blend?.[2];
  return base ? CLASS_OF.get(base) : undefined;
}

/** The accepted names, for an error message: 'HFO, HSFO, VLSFO, …, and bio blends of these (B24 VLSFO)'. */
export const ACCEPTED_FUEL_NAMES = `${FUEL_TYPES.flatMap((t) => [...new Set([t, ...FUEL_NAMES[t]])]).join(", ")}, and bio blends of these named with their base (e.g. 'B24 VLSFO')`;
