/**
 * The maintained list of noon-report column names: what ships' reporting systems and fleet spreadsheets call
 * each quantity, with the units they write in brackets or in a second header row. A header is normalised
 * (case, spacing, punctuation, 'M/E' = 'ME', the unit taken out of brackets) and then looked up here; fuel,
 * remaining-on-board and bunker columns are recognised by pattern (consumer + grade + 'cons').
 *
 * A noon field is a string: a plain name ('steamingHours'), or for fuel `fuel.<consumer>[.<grade>]`,
 * `rob[.<grade>]`, `bunkered[.<grade>]` with the grade a MEPC.364(79) fuel class (HFO, MGO…).
 */
import { fuelClassOf } from "../fuels/fuel-names.js";
import { FUEL_TYPES, type FuelType } from "../fuels/fuel-types.js";

export const NOON_CONSUMERS = ["main", "auxiliary", "boiler"] as const;
export type NoonConsumer = (typeof NOON_CONSUMERS)[number];

/** The plain noon fields, their canonical unit and the names they go by (normalised, see `normaliseHeader`). */
export const NOON_FIELD_NAMES = {
  ship: { unit: null, names: ["vessel", "vessel name", "ship", "ship name", "ship id", "name of vessel"] },
  imo: { unit: null, names: ["imo", "imo no", "imo number", "imo nr"] },
  voyage: { unit: null, names: ["voyage", "voyage no", "voyage number", "voy no", "voy", "voyage id"] },
  reportType: { unit: null, names: ["report type", "type", "report", "event", "status", "report event"] },
  reportTimeUtc: {
    unit: null,
    names: [
      "utc time",
      "time utc",
      "date utc",
      "utc date time",
      "utc",
      "gmt",
      "date time utc",
      "report time utc",
      "timestamp utc",
    ],
  },
  reportDate: { unit: null, names: ["date", "report date", "local date", "date lt", "date local"] },
  localTime: {
    unit: null,
    names: [
      "local time",
      "time",
      "time lt",
      "lt",
      "ship time",
      "ships time",
      "report time",
      "time local",
      "local date time",
    ],
  },
  utcOffset: {
    unit: "h",
    names: ["utc offset", "time zone", "timezone", "tz", "zone", "gmt offset", "utc diff", "offset"],
  },
  steamingHours: {
    unit: "h",
    names: [
      "steaming hrs",
      "steaming hours",
      "steaming time",
      "hours steaming",
      "sailing hours",
      "hrs under way",
      "hours underway",
      "me running hours",
      "me hrs",
      "me running hrs",
      "steaming",
    ],
  },
  periodHours: {
    unit: "h",
    names: [
      "report period",
      "period",
      "hours since last report",
      "hrs since last report",
      "time since last report",
      "report hours",
      "period hours",
      "duration",
    ],
  },
  distanceOverGround: {
    unit: "nm",
    names: [
      "dist og",
      "distance og",
      "distance over ground",
      "dog",
      "distance",
      "dist",
      "distance sailed",
      "dist run",
      "distance run",
      "observed distance",
      "obs distance",
    ],
  },
  distanceThroughWater: {
    unit: "nm",
    names: [
      "dist tw",
      "distance tw",
      "distance through water",
      "dtw",
      "log distance",
      "engine distance",
      "dist log",
    ],
  },
  speedOverGround: {
    unit: "kn",
    names: [
      "sog",
      "speed og",
      "avg speed",
      "average speed",
      "speed",
      "speed over ground",
      "avg sog",
      "obs speed",
    ],
  },
  speedThroughWater: {
    unit: "kn",
    names: ["stw", "speed tw", "speed through water", "log speed", "avg stw"],
  },
  mePower: {
    unit: "kW",
    names: ["me power", "me output", "shaft power", "me kw", "main engine power", "power"],
  },
  meLoad: { unit: "%", names: ["me load", "engine load", "me load mcr", "load"] },
  sfoc: { unit: "g/kWh", names: ["sfoc", "me sfoc"] },
  fuelGrade: { unit: null, names: ["fuel grade", "fuel type", "grade", "fuel"] },
  windForce: { unit: "Bft", names: ["wind bft", "wind force", "beaufort", "bf", "bft", "wind scale"] },
  windSpeed: { unit: "kn", names: ["wind speed", "true wind speed", "wind"] },
  windDirection: { unit: "°", names: ["wind dir", "wind direction", "wind from", "true wind direction"] },
  seaState: { unit: "Douglas", names: ["sea state", "sea state douglas", "douglas", "sea", "sea scale"] },
  waveHeight: {
    unit: "m",
    names: ["wave height", "sea height", "swell height", "significant wave height", "waves"],
  },
  airTemperature: { unit: "°C", names: ["air temp", "air temperature", "air t"] },
  seaTemperature: {
    unit: "°C",
    names: ["sea temp", "sea temperature", "sea water temp", "sw temp", "seawater temp"],
  },
  latitude: { unit: "°", names: ["lat", "latitude", "position lat", "pos lat"] },
  longitude: { unit: "°", names: ["lon", "long", "longitude", "position lon", "pos lon", "position long"] },
  position: {
    unit: "°",
    names: ["position", "pos", "noon position", "ship position", "lat lon", "lat long", "latitude longitude"],
  },
  heading: { unit: "°", names: ["heading", "course", "hdg", "cog"] },
  draughtFore: {
    unit: "m",
    names: [
      "fwd draft",
      "fwd draught",
      "draft fwd",
      "draught fwd",
      "draft fore",
      "draught fore",
      "fore draft",
      "fore draught",
      "df",
      "draft f",
    ],
  },
  draughtAft: { unit: "m", names: ["aft draft", "aft draught", "draft aft", "draught aft", "da", "draft a"] },
  displacement: { unit: "t", names: ["displacement", "displ"] },
  cargo: {
    unit: "t",
    names: ["cargo", "cargo on board", "cargo qty", "cargo quantity", "cargo weight", "cargo mt"],
  },
  port: { unit: null, names: ["port", "location", "port name", "place", "current port"] },
} as const satisfies Record<string, { unit: string | null; names: readonly string[] }>;

export type PlainNoonField = keyof typeof NOON_FIELD_NAMES;
export type FuelField = `fuel.${NoonConsumer}` | `fuel.${NoonConsumer}.${FuelType}`;
export type StockField = "rob" | "bunkered" | `rob.${FuelType}` | `bunkered.${FuelType}`;
export type NoonField = PlainNoonField | FuelField | StockField;

/** Every noon field, for the Column Mapping tab's choices and the contract's check. */
export const NOON_FIELDS: readonly NoonField[] = [
  ...(Object.keys(NOON_FIELD_NAMES) as PlainNoonField[]),
  ...NOON_CONSUMERS.flatMap((c) => [
    `fuel.${c}` as const,
    ...FUEL_TYPES.map((g) => `fuel.${c}.${g}` as const),
  ]),
  ...(["rob", "bunkered"] as const).flatMap((s) => [s, ...FUEL_TYPES.map((g) => `${s}.${g}` as const)]),
];

export function isNoonField(value: string): value is NoonField {
  return (NOON_FIELDS as readonly string[]).includes(value);
}

/** The unit a field's figures are stored in (t for fuel and stocks). */
export function canonicalUnit(field: NoonField): string | null {
  if (field.startsWith("fuel.") || field.startsWith("rob") || field.startsWith("bunkered")) return "t";
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
    .replace(/\b([mab])\s*\/\s*([eg])\b/g, "$1$2") // M/E, A/E, A/B (aux boiler), B/G
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9%]+/g, " ")
    .trim();
  return { name, unit };
}

const CONSUMER_WORDS: [RegExp, NoonConsumer][] = [
  [/^(me|main engine|main eng|main|m e|propulsion)\b/, "main"],
  [
    /^(ae|aux engine|aux engines|aux|auxiliary|auxiliary engine|auxiliary engines|ge|gen|generator|generators|dg|d g|a e)\b/,
    "auxiliary",
  ],
  [/^(boiler|boilers|blr|aux boiler|ab|composite boiler)\b/, "boiler"],
];
/** Grade words short enough to be ambiguous to the fuel-name list: FO fuel oil, DO diesel oil, GO gas oil. */
const SHORT_GRADES: Record<string, FuelType> = {
  fo: "HFO",
  do: "MDO",
  go: "MGO",
  ifo: "HFO",
  hs: "HFO",
  ls: "HFO",
};
const CONSUMPTION_WORDS =
  /^(fo |fuel |)?(cons|consumption|consumed|fuel cons|fuel consumption|fuel|burnt|foc|rob cons|)$/;

function gradeOf(word: string): FuelType | undefined {
  return SHORT_GRADES[word] ?? fuelClassOf(word);
}

/** Splits 'vlsfo cons' / 'hfo' / 'cons' into an optional grade and the rest. */
function splitGrade(rest: string): { grade: FuelType | undefined; rest: string } {
  const words = rest.split(" ").filter(Boolean);
  // Longest grade name first: 'ifo 380', 'marine gas oil'.
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const grade = gradeOf(words.slice(i, i + n).join(" "));
      if (grade) return { grade, rest: [...words.slice(0, i), ...words.slice(i + n)].join(" ") };
    }
  }
  return { grade: undefined, rest: words.join(" ") };
}

/** The field a normalised header name means, or undefined. */
export function fieldOfName(name: string): NoonField | undefined {
  for (const [field, spec] of Object.entries(NOON_FIELD_NAMES)) {
    if ((spec.names as readonly string[]).includes(name)) return field as PlainNoonField;
  }
  for (const [pattern, consumer] of CONSUMER_WORDS) {
    const m = pattern.exec(name);
    if (!m) continue;
    const { grade, rest } = splitGrade(name.slice(m[0].length).trim());
    if (CONSUMPTION_WORDS.test(rest) && (grade !== undefined || rest !== "")) {
      return grade ? `fuel.${consumer}.${grade}` : `fuel.${consumer}`;
    }
  }
  const stock =
    /^(rob|remaining on board|bunkered|bunkers received|bunker received|bunkers|bunkering|received)\b(.*)$|^(.*)\b(rob|bunkered|received)$/.exec(
      name,
    );
  if (stock) {
    const word = stock[1] ?? stock[4]!;
    const kind = /rob|remaining/.test(word) ? "rob" : "bunkered";
    const { grade, rest } = splitGrade((stock[2] ?? stock[3] ?? "").trim());
    if (rest === "" || rest === "qty" || rest === "quantity") return grade ? `${kind}.${grade}` : kind;
  }
  return undefined;
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
};

/**
 * Recognises a header row (and the units row under it, when there is one): each column's field from the
 * list above; a field is taken by the first column that names it. A wind column in Bft is a force.
 */
export function matchHeaders(headers: readonly string[], units: readonly string[] = []): MatchedColumn[] {
  const taken = new Set<NoonField>();
  return headers.map((header, index) => {
    const { name, unit: bracketUnit } = normaliseHeader(header);
    const rowUnit =
      units[index]
        ?.trim()
        .replace(/^[([]|[)\]]$/g, "")
        .toLowerCase() || null;
    const unit = bracketUnit ?? rowUnit;
    let field = fieldOfName(name) ?? null;
    if (field === "windSpeed" && unit && /^(bft|bf|beaufort|force)$/.test(unit)) field = "windForce";
    if (field === "windForce" && unit && /^(kn|kt|kts|knots|m\/s)$/.test(unit)) field = "windSpeed";
    if (field && taken.has(field)) field = null;
    if (field) taken.add(field);
    const factor = field ? (unitFactor(field, unit) ?? Number.NaN) : 1;
    return { index, header: header.trim(), unit, field, factor };
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
