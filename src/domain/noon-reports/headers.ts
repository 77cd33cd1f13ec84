/**
 * Noon-report headers matched to fields: a header is normalised (case, spacing, punctuation, 'M/E' = 'ME',
 * the unit taken out of brackets) and looked up in the vocabulary (header-names.ts); fuel, remaining-on-board
 * and bunker columns are read by their grammar (fuel-headers.ts). A date or time column whose unit says UTC
 * ('Date/Time (UTC)', 'Time' over a 'UTC' units cell) is a UTC column.
 *
 * A noon field is a string: a plain name ('steamingHours'), or for fuel `fuel.<consumer>[.<grade>]`,
 * `rob[.<grade>]`, `bunkered[.<grade>]` with the grade as reported, in its canonical spelling ('VLSFO',
 * 'IFO 380', fuels/fuel-names.ts): two grades of one CO2 class are two fields.
 */
import { FUEL_GRADES, fuelGradeOf } from "../fuels/fuel-names.js";
import { fuelHeaderOf, NOON_CONSUMERS, type NoonConsumer } from "./fuel-headers.js";
import { LOCAL_UNITS, NOON_FIELD_NAMES, type PlainNoonField, UTC_UNITS } from "./header-names.js";

export { NOON_CONSUMERS, type NoonConsumer } from "./fuel-headers.js";
export { NOON_FIELD_NAMES, type PlainNoonField } from "./header-names.js";

export type FuelField = `fuel.${NoonConsumer}` | `fuel.${NoonConsumer}.${string}`;
export type StockField = "rob" | "bunkered" | `rob.${string}` | `bunkered.${string}`;
export type NoonField = PlainNoonField | FuelField | StockField;

/** Every noon field with each listed grade, for the Column Mapping tab's choices. */
export const NOON_FIELDS: readonly NoonField[] = [
  ...(Object.keys(NOON_FIELD_NAMES) as PlainNoonField[]),
  ...NOON_CONSUMERS.flatMap((c) => [
    `fuel.${c}` as const,
    ...FUEL_GRADES.map((g) => `fuel.${c}.${g.grade}` as const),
  ]),
  ...(["rob", "bunkered"] as const).flatMap((s) => [
    s,
    ...FUEL_GRADES.map((g) => `${s}.${g.grade}` as const),
  ]),
];

const FUEL_FIELD = /^(fuel\.(?:main|auxiliary|boiler)|rob|bunkered)(?:\.(.+))?$/;

/** Whether a string is a noon field: a plain one, or fuel/stock with a known grade in its canonical spelling. */
export function isNoonField(value: string): value is NoonField {
  if (Object.hasOwn(NOON_FIELD_NAMES, value)) return true;
  const m = FUEL_FIELD.exec(value);
  if (!m) return false;
  return m[2] === undefined || fuelGradeOf(m[2])?.grade === m[2];
}

/** A fuel or stock field's parts: its kind, consumer (fuel) and grade (undefined when it names none). */
export function fuelFieldParts(
  field: NoonField,
):
  | { kind: "fuel"; consumer: NoonConsumer; grade: string | undefined }
  | { kind: "rob" | "bunkered"; grade: string | undefined }
  | null {
  const m = FUEL_FIELD.exec(field);
  if (!m || Object.hasOwn(NOON_FIELD_NAMES, field)) return null;
  if (m[1]!.startsWith("fuel."))
    return { kind: "fuel", consumer: m[1]!.slice(5) as NoonConsumer, grade: m[2] };
  return { kind: m[1] as "rob" | "bunkered", grade: m[2] };
}

/** The unit a field's figures are stored in (t for fuel and stocks). */
export function canonicalUnit(field: NoonField): string | null {
  if (fuelFieldParts(field)) return "t";
  return NOON_FIELD_NAMES[field as PlainNoonField].unit;
}

/** A header split into its name (normalised) and the unit written in brackets, if any. */
export function normaliseHeader(header: string): { name: string; unit: string | null } {
  let text = header.replace(/\s+/g, " ").trim();
  let unit: string | null = null;
  const bracket = /[([]([^)\]]*)[)\]]/g;
  for (const m of text.matchAll(bracket)) unit = m[1]!.trim().toLowerCase() || unit;
  text = text.replace(bracket, " ").toLowerCase();
  const name = text
    // One letter, a slash, one letter: M/E, A/E, G/E, D/G, A/B (aux boiler)
    .replace(/(^|[^a-z])([a-z])\s*\/\s*([a-z])(?![a-z])/g, "$1$2$3")
    .replace(/['’.#]/g, "")
    .replace(/[^a-z0-9%]+/g, " ")
    .trim();
  return { name, unit };
}

/** What a header name means: a field, or a grade's total for the ship (a fuel column without a consumer). */
type Meaning = { field: NoonField } | { total: string | undefined } | null;

/** Each normalised name of the vocabulary → its field (a name belongs to one field: header-names.test.ts). */
const FIELD_OF_NAME: ReadonlyMap<string, PlainNoonField> = new Map(
  Object.entries(NOON_FIELD_NAMES).flatMap(([field, spec]) =>
    (spec.names as readonly string[]).map((name) => [name, field as PlainNoonField] as const),
  ),
);

function meaningOf(name: string): Meaning {
  const plain = FIELD_OF_NAME.get(name);
  if (plain) return { field: plain };
  const fuel = fuelHeaderOf(name);
  if (!fuel) return null;
  if (fuel.kind !== "fuel") return { field: fuel.grade ? `${fuel.kind}.${fuel.grade}` : fuel.kind };
  if (fuel.consumer === "total") return { total: fuel.grade };
  return { field: fuel.grade ? `fuel.${fuel.consumer}.${fuel.grade}` : `fuel.${fuel.consumer}` };
}

/** The field a normalised header name means, or undefined (a total fuel column means the main engine's). */
export function fieldOfName(name: string): NoonField | undefined {
  const m = meaningOf(name);
  if (!m) return undefined;
  return "field" in m ? m.field : m.total ? `fuel.main.${m.total}` : "fuel.main";
}

/** A date or time field as the unit of its header says: 'Date/Time (UTC)' is a UTC date-time. */
function zoned(field: NoonField, unit: string | null): NoonField {
  if (!unit) return field;
  if (UTC_UNITS.has(unit)) {
    if (field === "localTime") return "reportTimeUtc";
    if (field === "reportDate") return "reportDateUtc";
  }
  if (LOCAL_UNITS.has(unit) && field === "reportDateUtc") return "reportDate";
  return field;
}

/** Unit factors to the canonical unit: a column in kg of fuel is divided by 1,000, in m/s multiplied by 1.944. */
const UNIT_FACTORS: Record<string, Record<string, number>> = {
  t: { t: 1, mt: 1, tonnes: 1, tons: 1, ton: 1, tonne: 1, kg: 0.001, m3: Number.NaN },
  nm: { nm: 1, nmi: 1, miles: 1, nautical: 1, "n miles": 1, km: 1 / 1.852 },
  // 1 kn = 1852 m / 3600 s (definition of the international nautical mile).
  kn: { kn: 1, kt: 1, kts: 1, knots: 1, knot: 1, "m/s": 3600 / 1852, "km/h": 1 / 1.852 },
  h: { h: 1, hr: 1, hrs: 1, hours: 1, min: 1 / 60 },
  m: { m: 1, meters: 1, metres: 1, cm: 0.01 },
  kW: { kw: 1, mw: 1000 },
};

/**
 * The factor that turns a column's figures into the field's canonical unit: 1 when no unit is written or it
 * is the canonical one; undefined when the unit is known to be incompatible (m³ of fuel needs a density).
 * Bft for a wind column makes it a force, handled by the matcher.
 */
export function unitFactor(field: NoonField, unit: string | null): number | undefined {
  const canonical = canonicalUnit(field);
  if (!unit || !canonical) return 1;
  const table = UNIT_FACTORS[canonical];
  if (!table) return 1;
  const factor = table[unit.toLowerCase().replace(/\.$/, "")];
  if (factor === undefined) return 1;
  return Number.isNaN(factor) ? undefined : factor;
}

/** One column of a sheet matched to a field (or not), with the unit read from its header(s). */
export type MatchedColumn = {
  index: number;
  header: string;
  unit: string | null;
  field: NoonField | null;
  /** Figures × factor = the field's canonical unit. */
  factor: number;
  /** The field its header names when an earlier column took it (the reader may prefer this one's data). */
  alsoNames?: NoonField;
  /** How the column was read, when that is not plain from its header (a total stored as the main engine's). */
  note?: string;
};

const isPerConsumerFuel = (f: NoonField | null) => f !== null && /^fuel\.(main|auxiliary|boiler)/.test(f);

/**
 * Recognises a header row (and the units row under it, when there is one): each column's field from the
 * vocabulary; a plain field is taken by the first column that names it (a later one keeps `alsoNames`), a
 * fuel or stock field by every column that names it (their figures add up: the sheet then names one figure
 * twice, which the upload asks to confirm). A wind column in Bft is a force. A grade's total without a
 * consumer ('VLSFO Cons') is the ship's consumption of that grade: stored as the main engine's when no
 * column splits fuel by consumer, left out beside columns that do (it would count the fuel twice).
 */
export function matchHeaders(headers: readonly string[], units: readonly string[] = []): MatchedColumn[] {
  const taken = new Set<NoonField>();
  const read = headers.map((header, index) => {
    const { name, unit: bracketUnit } = normaliseHeader(header);
    const rowUnit =
      units[index]
        ?.trim()
        .replace(/^[([]|[)\]]$/g, "")
        .toLowerCase() || null;
    const unit = bracketUnit ?? rowUnit;
    return { index, header: header.trim(), unit, meaning: meaningOf(name) };
  });
  const perConsumer = read.some(
    (r) => r.meaning && "field" in r.meaning && isPerConsumerFuel(r.meaning.field),
  );
  return read.map(({ index, header, unit, meaning }): MatchedColumn => {
    let field: NoonField | null = null;
    let note: string | undefined;
    if (meaning && "field" in meaning) field = zoned(meaning.field, unit);
    else if (meaning) {
      const grade = meaning.total ?? "(the row's fuel grade)";
      if (perConsumer)
        note = `the ship's total of ${grade} beside columns per consumer: left out, not counted twice`;
      else {
        field = meaning.total ? `fuel.main.${meaning.total}` : "fuel.main";
        note = `the ship's total of ${grade}, stored as the main engine's: no column splits fuel by consumer`;
      }
    }
    if (field === "windSpeed" && unit && /^(bft|bf|beaufort|force)$/.test(unit)) field = "windForce";
    if (field === "windForce" && unit && /^(kn|kt|kts|knots|m\/s)$/.test(unit)) field = "windSpeed";
    let alsoNames: NoonField | undefined;
    if (field && taken.has(field) && !fuelFieldParts(field)) {
      alsoNames = field;
      field = null;
    }
    if (field) taken.add(field);
    const factor = field ? (unitFactor(field, unit) ?? Number.NaN) : 1;
    return {
      index,
      header: header.trim(),
      unit,
      field,
      factor,
      ...(alsoNames ? { alsoNames } : {}),
      ...(note ? { note } : {}),
    };
  });
}

/** The number of recognised columns: how header-like a row is (the header row is the row with most). */
export function recognisedCount(cells: readonly string[]): number {
  return matchHeaders(cells).filter((c) => c.field !== null).length;
}

/**
 * The signature of a header row, under which an organisation's mapping is remembered: the normalised
 * headers in order, so that a later file with the same headers (whatever their case and spacing) matches.
 */
export function headerSignature(headers: readonly string[]): string {
  return headers
    .map((h) => normaliseHeader(h).name + (normaliseHeader(h).unit ? `(${normaliseHeader(h).unit})` : ""))
    .join("|");
}
