/**
 * The sensor series the Real-time Monitoring section shows, one tile each, read from the stored records:
 * which record kind and field holds it (fuel records of one consumer), its unit, and the plausibility range
 * that flags a doubtful latest value (data-quality/plausibility.ts). A ship shows the series it has data for.
 */
import { PLAUSIBILITY_RANGES, type PlausibilityRange } from "../data-quality/plausibility.js";

export type LiveRecordKind = "fuel" | "environmental" | "trim";

export type LiveSeries = {
  key: string;
  label: string;
  unit: string;
  kind: LiveRecordKind;
  /** The record field (contracts/records.ts). */
  field: string;
  /** For fuel records: the consumer whose records hold it. */
  consumer?: "main" | "auxiliary";
  plausible?: PlausibilityRange;
  /**
   * Whether an unchanged value means a frozen sensor: true for continuous readings that always move a little
   * under way (fuel rate, SFOC, load, power, speeds, wind speed); false where a steady value is normal
   * (heading on a rhumb line, draughts and trim on a passage, whole-number sea state and wind direction,
   * position — checked by its change anyway — and sea temperature to 0.1 °C).
   */
  frozenCheck?: true;
  /** Digits shown. */
  digits: number;
};

const P = PLAUSIBILITY_RANGES;

export const LIVE_SERIES: readonly LiveSeries[] = [
  {
    key: "fuelRate",
    label: "Fuel rate, main engine",
    unit: "t/day",
    kind: "fuel",
    field: "fuelConsumptionRate",
    consumer: "main",
    plausible: P.fuelConsumptionRate,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "sfoc",
    label: "SFOC",
    unit: "g/kWh",
    kind: "fuel",
    field: "sfoc",
    consumer: "main",
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "engineLoad",
    label: "Engine load",
    unit: "% MCR",
    kind: "fuel",
    field: "engineLoadFactor",
    consumer: "main",
    plausible: P.engineLoadFactor,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "enginePower",
    label: "Engine power",
    unit: "kW",
    kind: "fuel",
    field: "enginePower",
    consumer: "main",
    plausible: P.enginePower,
    frozenCheck: true,
    digits: 0,
  },
  {
    key: "engineRpm",
    label: "Engine speed",
    unit: "rpm",
    kind: "fuel",
    field: "engineRpm",
    consumer: "main",
    plausible: P.engineRpm,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "shaftRpm",
    label: "Shaft speed",
    unit: "rpm",
    kind: "fuel",
    field: "shaftRpm",
    consumer: "main",
    plausible: P.shaftRpm,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "stw",
    label: "Speed through water",
    unit: "kn",
    kind: "fuel",
    field: "speedThroughWater",
    consumer: "main",
    plausible: P.speedThroughWater,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "sog",
    label: "Speed over ground",
    unit: "kn",
    kind: "fuel",
    field: "speedOverGround",
    consumer: "main",
    plausible: P.speedOverGround,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "auxFuelRate",
    label: "Fuel rate, auxiliaries",
    unit: "t/day",
    kind: "fuel",
    field: "fuelConsumptionRate",
    consumer: "auxiliary",
    plausible: P.fuelConsumptionRate,
    frozenCheck: true,
    digits: 2,
  },
  {
    key: "windSpeed",
    label: "Wind speed",
    unit: "kn",
    kind: "environmental",
    field: "windSpeed",
    plausible: P.windSpeed,
    frozenCheck: true,
    digits: 1,
  },
  {
    key: "windDirection",
    label: "Wind direction",
    unit: "° from",
    kind: "environmental",
    field: "windDirection",
    plausible: P.windDirection,
    digits: 0,
  },
  {
    key: "waveHeight",
    label: "Wave height",
    unit: "m",
    kind: "environmental",
    field: "waveHeight",
    plausible: P.waveHeight,
    digits: 1,
  },
  {
    key: "seaState",
    label: "Sea state",
    unit: "Douglas",
    kind: "environmental",
    field: "seaState",
    plausible: P.seaState,
    digits: 0,
  },
  { key: "heading", label: "Heading", unit: "° true", kind: "environmental", field: "heading", digits: 0 },
  { key: "latitude", label: "Latitude", unit: "°", kind: "environmental", field: "latitude", digits: 4 },
  { key: "longitude", label: "Longitude", unit: "°", kind: "environmental", field: "longitude", digits: 4 },
  {
    key: "airTemperature",
    label: "Air temperature",
    unit: "°C",
    kind: "environmental",
    field: "airTemperature",
    digits: 1,
  },
  {
    key: "seaTemperature",
    label: "Sea temperature",
    unit: "°C",
    kind: "environmental",
    field: "seaTemperature",
    digits: 1,
  },
  { key: "draughtFore", label: "Draught fore", unit: "m", kind: "trim", field: "draughtFore", digits: 2 },
  { key: "draughtAft", label: "Draught aft", unit: "m", kind: "trim", field: "draughtAft", digits: 2 },
  { key: "trim", label: "Trim", unit: "m", kind: "trim", field: "trim", digits: 2 },
];

/** The series a stored record feeds: its kind, and for fuel records its consumer. */
export function seriesOfRecord(kind: LiveRecordKind, consumer?: string): LiveSeries[] {
  return LIVE_SERIES.filter((s) => s.kind === kind && (s.consumer === undefined || s.consumer === consumer));
}
