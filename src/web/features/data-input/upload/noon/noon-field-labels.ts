/**
 * How the noon-report fields (domain/noon-reports/headers.ts) are named in the mapping step: a plain field by
 * its name, a fuel, remaining-on-board or bunker field by what, which consumer and which grade.
 */
import {
  canonicalUnit,
  isNoonField,
  NOON_FIELDS,
  type PlainNoonField,
} from "../../../../../domain/noon-reports/headers";

const PLAIN: Record<PlainNoonField, string> = {
  ship: "Ship name",
  imo: "IMO number",
  voyage: "Voyage number",
  reportType: "Report type (Noon, COSP, EOSP…)",
  reportTimeUtc: "Report time (UTC)",
  reportDateUtc: "Report date (UTC)",
  reportDate: "Report date (ship's local)",
  localTime: "Report time (ship's local)",
  utcOffset: "UTC offset",
  steamingHours: "Steaming hours",
  periodHours: "Hours since last report",
  distanceOverGround: "Distance over ground",
  distanceThroughWater: "Distance through water",
  speedOverGround: "Speed over ground",
  speedThroughWater: "Speed through water",
  mePower: "Main engine power",
  meLoad: "Main engine load",
  sfoc: "Main engine SFOC (reported)",
  fuelGrade: "Fuel grade",
  windForce: "Wind force (Beaufort)",
  windSpeed: "Wind speed",
  windDirection: "Wind direction",
  seaState: "Sea state (Douglas)",
  waveHeight: "Wave height",
  airTemperature: "Air temperature",
  seaTemperature: "Sea temperature",
  latitude: "Latitude",
  longitude: "Longitude",
  position: "Position (latitude and longitude)",
  latitudeDegrees: "Latitude, degrees",
  latitudeMinutes: "Latitude, minutes",
  latitudeHemisphere: "Latitude, N or S",
  longitudeDegrees: "Longitude, degrees",
  longitudeMinutes: "Longitude, minutes",
  longitudeHemisphere: "Longitude, E or W",
  heading: "Heading",
  draughtFore: "Draught fore",
  draughtAft: "Draught aft",
  displacement: "Displacement",
  cargo: "Cargo on board",
  port: "Port",
  voyageFrom: "Voyage from (port)",
  voyageTo: "Voyage to (port)",
};

const CONSUMERS: Record<string, string> = {
  main: "main engine",
  auxiliary: "auxiliary engines",
  boiler: "boiler",
};

/** The label of a noon field ('Fuel consumed, main engine, HFO'); an unknown name is shown as it is. */
export function noonFieldLabel(field: string): string {
  if (Object.hasOwn(PLAIN, field)) return PLAIN[field as PlainNoonField];
  const [kind, a, b] = field.split(".");
  if (kind === "fuel" && a)
    return `Fuel consumed, ${CONSUMERS[a] ?? a}${b ? `, ${b}` : ", grade of the row's fuel grade column"}`;
  if (kind === "rob") return `Remaining on board${a ? `, ${a}` : ", all grades"}`;
  if (kind === "bunkered") return `Bunkers received${a ? `, ${a}` : ", all grades"}`;
  return field;
}

/** The field's unit as the records keep it ('t', 'nm', 'kn'), or null. */
export function noonFieldUnit(field: string): string | null {
  return isNoonField(field) ? canonicalUnit(field) : null;
}

/** The value of the 'not used' choice of a column's field select. */
export const UNMAPPED = "";

/** Every choice of a column's field select: 'Not used', then every noon field by its label. */
export const NOON_FIELD_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: UNMAPPED, label: "Not used" },
  ...NOON_FIELDS.map((f) => ({ value: f, label: noonFieldLabel(f) })),
];

/** The choices for one column: the list, plus the column's own field when the list lacks it ('B24 VLSFO'). */
export function fieldOptionsFor(field: string | null): ReadonlyArray<{ value: string; label: string }> {
  if (field === null || NOON_FIELD_OPTIONS.some((o) => o.value === field)) return NOON_FIELD_OPTIONS;
  return [...NOON_FIELD_OPTIONS, { value: field, label: noonFieldLabel(field) }];
}
