import { CAPACITY_BASIS, CII_SHIP_TYPES, type CiiShipType } from "../../../domain/cii/capacity-basis";
import { CII_CALCULATOR_DEFAULTS } from "../../../domain/cii/cii-calculator";
import { parseShipType, SHIP_TYPE_LABELS } from "../../../domain/ships/ship-types";

/** The CII calculator form as typed (spec §3 inputs, plus gross tonnage for GT-rated types). */
export type CiiFormValues = {
  shipType: CiiShipType;
  deadweight: string;
  grossTonnage: string;
  fuelConsumption: string;
  distanceTravelled: string;
  calculationYear: string;
};

/** The specification's defaults: Bulk carrier, 50000 DWT, 6570 MT, 120000 nm, 2024 (spec §9). */
export const CII_FORM_DEFAULTS: CiiFormValues = {
  shipType: parseShipType(CII_CALCULATOR_DEFAULTS.shipType) as CiiShipType,
  deadweight: String(CII_CALCULATOR_DEFAULTS.deadweight),
  grossTonnage: "",
  fuelConsumption: String(CII_CALCULATOR_DEFAULTS.fuelConsumption),
  distanceTravelled: String(CII_CALCULATOR_DEFAULTS.distanceTravelled),
  calculationYear: String(CII_CALCULATOR_DEFAULTS.calculationYear),
};

export const CII_SHIP_TYPE_OPTIONS = CII_SHIP_TYPES.map((type) => ({
  value: type,
  label: SHIP_TYPE_LABELS[type],
}));

/** Whether the type is rated on gross tonnage (then GT is asked instead of deadweight). */
export const usesGrossTonnage = (type: CiiShipType) => CAPACITY_BASIS[type] === "GT";

/** A whole number as the specification parses CII inputs (leading digits count); undefined when none. */
export function wholeNumber(text: string): number | undefined {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : undefined;
}

/** The POST /api/calculate-cii body of the form; the contract's schema then checks it. */
export function ciiBody(values: CiiFormValues): Record<string, unknown> {
  const gt = usesGrossTonnage(values.shipType);
  return {
    shipType: values.shipType,
    ...(gt
      ? { grossTonnage: wholeNumber(values.grossTonnage) }
      : { deadweight: wholeNumber(values.deadweight) }),
    fuelConsumption: wholeNumber(values.fuelConsumption),
    distanceTravelled: wholeNumber(values.distanceTravelled),
    calculationYear: wholeNumber(values.calculationYear),
  };
}
