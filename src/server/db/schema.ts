/**
 * The database schema (Drizzle, pg-core). Row types stay inside the server's repositories; the HTTP
 * contract lives in src/contracts.
 *
 * Tenancy: every fleet-owned table carries `org_id`, and keys that reference a ship include it
 * (`(org_id, ship_id) -> ships(org_id, id)`), so a row can never point at another organisation's ship and
 * the schema is ready for Citus (`create_distributed_table(..., 'org_id')`).
 * Time series have a unique key `(org_id, ship_id, ts)` (fuel adds the consumer and fuel grade), so re-sent data is
 * an upsert, never a duplicate.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DELIVERY_CHANNELS, DELIVERY_OUTCOMES } from "../../contracts/alert-delivery";
import { API_KEY_SCOPES } from "../../contracts/api-keys";
import { ROLES } from "../../contracts/auth";
import type { CharterPartyTermsBody } from "../../contracts/charter-party";
import type { StoredNoonCheckResult } from "../../contracts/noon-check-result";
import { ENGINE_CONSUMERS } from "../../contracts/records";
import { REPORT_DELIVERY_OUTCOMES } from "../../contracts/report-schedule";
import { VOYAGE_STATUSES } from "../../contracts/voyages";
import { ALERT_SEVERITIES, ALERT_TYPES, NOTIFICATION_METHODS } from "../../domain/alerts/alert-types";
import { CP_CONDITIONS } from "../../domain/charter-party/terms";
import { CII_RATINGS } from "../../domain/cii/rating";
import { MAINTENANCE_EVENT_TYPES, MAINTENANCE_STATUSES } from "../../domain/maintenance/maintenance-events";
import { REPORT_EVENTS } from "../../domain/noon-reports/events";

/** `'a', 'b'` for a CHECK constraint over a list the code owns (one list per rule: the CHECK is generated from it). */
const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => tstz("created_at").notNull().defaultNow();

export const organizations = pgTable("organizations", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  "memberships",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    /** The member opted in to alert e-mails (set by themselves or an owner/admin; alerts/delivery). */
    alertEmails: boolean("alert_emails").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index("memberships_user_idx").on(t.userId),
    check("memberships_role_check", sql`${t.role} in (${sql.raw(inList(ROLES))})`),
  ],
);

/** Server-side sessions. `id` is the SHA-256 of the cookie token, so a leaked table cannot sign anyone in. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
    /**
     * Until when this session is elevated: its user re-entered their password at /admin (POST /api/auth/step-up,
     * PRODUCT.md D3); destructive actions require it (auth/step-up.ts). Null: not elevated.
     */
    elevatedUntil: tstz("elevated_until"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed password checks per account-and-address pair, per account and per address, and the addresses each
 * account signed in from (`known:` keys), shared by every app process (auth/sign-in-throttle.ts).
 */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: tstz("window_started_at").notNull().defaultNow(),
  /** A slowed account's or address's next free turn to have a password checked (decision record 023). */
  nextTurnAt: tstz("next_turn_at"),
});

export const ships = pgTable(
  "ships",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    imoNumber: text("imo_number").notNull(),
    shipType: text("ship_type").notNull(),
    deadweight: doublePrecision("deadweight"),
    grossTonnage: doublePrecision("gross_tonnage"),
    /** Main engine maximum continuous rating, kW (the specification's enginePower). */
    enginePowerKw: doublePrecision("engine_power_kw"),
    designSpeedKn: doublePrecision("design_speed_kn"),
    lengthM: doublePrecision("length_m"),
    beamM: doublePrecision("beam_m"),
    designDraughtM: doublePrecision("design_draught_m"),
    yearBuilt: integer("year_built"),
    /** Main engine shop-test SFOC curve: points of load (% MCR) and SFOC (g/kWh at ISO conditions). */
    shopTestSfoc: jsonb("shop_test_sfoc").$type<{ loadPercent: number; sfoc: number }[]>(),
    /** Speed–power reference curve (sea trial or model test) at `referenceDisplacementT`, ISO 19030-2. */
    speedPowerCurve: jsonb("speed_power_curve").$type<{ speedKn: number; powerKw: number }[]>(),
    referenceDisplacementT: doublePrecision("reference_displacement_t"),
    propellerPitchM: doublePrecision("propeller_pitch_m"),
    /** When the shop-test and speed–power baselines were last set ('Needs Refresh' after 90 days, spec §4). */
    baselineUpdatedAt: tstz("baseline_updated_at"),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique("ships_id_key").on(t.id),
    uniqueIndex("ships_org_imo_key").on(t.orgId, t.imoNumber),
    uniqueIndex("ships_org_name_key").on(t.orgId, t.name),
  ],
);

export const voyages = pgTable(
  "voyages",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    voyageNumber: text("voyage_number").notNull(),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    departureDate: tstz("departure_date").notNull(),
    arrivalDate: tstz("arrival_date"),
    status: text("status", { enum: VOYAGE_STATUSES }).notNull().default("active"),
    /** Cargo carried, tonnes (0 for a ballast leg); used by EEOI (MEPC.1/Circ.684). */
    cargoTonnes: doublePrecision("cargo_tonnes"),
    /** EU ETS / FuelEU scope set by a user, over the one computed from the ports (domain EU_VOYAGE_SCOPES). */
    euScopeOverride: text("eu_scope_override"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique("voyages_id_key").on(t.id),
    uniqueIndex("voyages_org_ship_number_key").on(t.orgId, t.shipId, t.voyageNumber),
    foreignKey({ columns: [t.orgId, t.shipId], foreignColumns: [ships.orgId, ships.id] }).onDelete("cascade"),
    check("voyages_status_check", sql`${t.status} in (${sql.raw(inList(VOYAGE_STATUSES))})`),
  ],
);

/** Columns every time series shares: tenant, ship, optional voyage and the instant. */
function seriesColumns() {
  return {
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    voyageId: integer("voyage_id"),
    ts: tstz("ts").notNull(),
    createdAt: createdAt(),
  };
}

type SeriesColumns = {
  orgId: AnyPgColumn;
  id: AnyPgColumn;
  shipId: AnyPgColumn;
  voyageId: AnyPgColumn;
  ts: AnyPgColumn;
};

/**
 * PK, ship FK and voyage FK every series table has (the unique key `(org_id, ship_id, ts)` is the index
 * that range queries use). The voyage FK is on the
 * voyage id alone so that deleting a voyage can null it (a composite FK would null org_id too); the
 * services check that a referenced voyage belongs to the same organisation and ship.
 */
function seriesConstraints(name: string, t: SeriesColumns) {
  return [
    primaryKey({ name: `${name}_pkey`, columns: [t.orgId, t.id] }),
    foreignKey({
      name: `${name}_ship_fk`,
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
    foreignKey({ name: `${name}_voyage_fk`, columns: [t.voyageId], foreignColumns: [voyages.id] }).onDelete(
      "set null",
    ),
  ];
}

export const fuelData = pgTable(
  "fuel_data",
  {
    ...seriesColumns(),
    /** Which consumer the record belongs to: the main engine, the auxiliary engines or the boilers. */
    consumer: text("consumer", { enum: ENGINE_CONSUMERS }).notNull().default("main"),
    sfoc: doublePrecision("sfoc"),
    fuelConsumptionRate: doublePrecision("fuel_consumption_rate"),
    engineLoadFactor: doublePrecision("engine_load_factor"),
    speedThroughWater: doublePrecision("speed_through_water"),
    speedOverGround: doublePrecision("speed_over_ground"),
    enginePower: doublePrecision("engine_power"),
    /** Revolutions per minute of the engine and of the propeller shaft (negative astern), as measured. */
    engineRpm: doublePrecision("engine_rpm"),
    shaftRpm: doublePrecision("shaft_rpm"),
    /**
     * The grade burnt as reported, in its canonical spelling ('VLSFO', 'LSMGO', 'IFO 380', 'B24 VLSFO';
     * domain fuel-names.ts `fuelGradeOf`).
     */
    fuelGrade: text("fuel_grade").notNull(),
    /** The grade's MEPC.364(79) class ('HFO' for VLSFO), whose Cf and LCV the figures use; always the grade's. */
    fuelType: text("fuel_type").notNull().default("HFO"),
    co2Emissions: doublePrecision("co2_emissions"),
    /** Distance sailed since the previous record, nm. */
    distanceNm: doublePrecision("distance_nm"),
    /** Hours the record covers (24 for a noon report); inferred from the cadence when null. */
    periodHours: doublePrecision("period_hours"),
  },
  (t) => [
    ...seriesConstraints("fuel_data", t),
    // One record per consumer, fuel grade (as reported: HSFO and VLSFO are two, though both are of class HFO) and
    // instant: a noon report's consumer that burnt two grades gives two records of one instant (decision 008,
    // "Grades"); writers replace an instant's other grades, so that a re-sent record with another grade is not
    // kept twice.
    uniqueIndex("fuel_data_key").on(t.orgId, t.shipId, t.consumer, t.fuelGrade, t.ts),
    // Range queries over both consumers ('All Engines') cannot use the key above without a skip scan.
    index("fuel_data_ship_ts_idx").on(t.orgId, t.shipId, t.ts),
    check("fuel_data_consumer_check", sql`${t.consumer} in (${sql.raw(inList(ENGINE_CONSUMERS))})`),
  ],
);

export const environmentalData = pgTable(
  "environmental_data",
  {
    ...seriesColumns(),
    windSpeed: doublePrecision("wind_speed"),
    waveHeight: doublePrecision("wave_height"),
    windDirection: integer("wind_direction"),
    seaState: integer("sea_state"),
    weatherImpact: doublePrecision("weather_impact"),
    airTemperature: doublePrecision("air_temperature"),
    seaTemperature: doublePrecision("sea_temperature"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Ship's heading, degrees true; with the wind direction it gives the relative wind (ISO 15016). */
    heading: doublePrecision("heading"),
  },
  (t) => [
    ...seriesConstraints("environmental_data", t),
    uniqueIndex("environmental_data_key").on(t.orgId, t.shipId, t.ts),
  ],
);

export const hullCondition = pgTable(
  "hull_condition",
  {
    ...seriesColumns(),
    roughnessIndex: doublePrecision("roughness_index"),
    propellerSlip: doublePrecision("propeller_slip"),
    hullEfficiency: doublePrecision("hull_efficiency"),
    daysSinceLastCleaning: integer("days_since_last_cleaning"),
    lastCleaningDate: date("last_cleaning_date", { mode: "string" }),
    currentTrim: doublePrecision("current_trim"),
  },
  (t) => [
    ...seriesConstraints("hull_condition", t),
    uniqueIndex("hull_condition_key").on(t.orgId, t.shipId, t.ts),
  ],
);

/**
 * Maintenance events per ship (hull cleanings, propeller polishes, dry-dockings with their coating, engine
 * overhauls): dated calendar days, done or planned. Unique per (org, ship, type, date) so a re-sent event is
 * an upsert, never a duplicate. Types and statuses are the domain's (src/domain/maintenance).
 */
export const maintenanceEvents = pgTable(
  "maintenance_events",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    type: text("type", { enum: MAINTENANCE_EVENT_TYPES }).notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    status: text("status", { enum: MAINTENANCE_STATUSES }).notNull().default("done"),
    notes: text("notes"),
    coating: text("coating"),
    coatingType: text("coating_type"),
    createdAt: createdAt(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique("maintenance_events_id_key").on(t.id),
    uniqueIndex("maintenance_events_key").on(t.orgId, t.shipId, t.type, t.eventDate),
    foreignKey({ columns: [t.orgId, t.shipId], foreignColumns: [ships.orgId, ships.id] }).onDelete("cascade"),
    check("maintenance_events_type_check", sql.raw(`type in (${inList(MAINTENANCE_EVENT_TYPES)})`)),
    check("maintenance_events_status_check", sql`${t.status} in (${sql.raw(inList(MAINTENANCE_STATUSES))})`),
  ],
);

export const trimData = pgTable(
  "trim_data",
  {
    ...seriesColumns(),
    draughtForeM: doublePrecision("draught_fore_m"),
    draughtAftM: doublePrecision("draught_aft_m"),
    /** Trim in metres, aft draught minus fore draught (positive = by the stern). */
    trimM: doublePrecision("trim_m"),
    displacementT: doublePrecision("displacement_t"),
  },
  (t) => [...seriesConstraints("trim_data", t), uniqueIndex("trim_data_key").on(t.orgId, t.shipId, t.ts)],
);

export const auxiliaryData = pgTable(
  "auxiliary_data",
  {
    ...seriesColumns(),
    hvacPower: doublePrecision("hvac_power"),
    pumpsPower: doublePrecision("pumps_power"),
    lightingPower: doublePrecision("lighting_power"),
    navigationPower: doublePrecision("navigation_power"),
    cargoHandlingPower: doublePrecision("cargo_handling_power"),
  },
  (t) => [
    ...seriesConstraints("auxiliary_data", t),
    uniqueIndex("auxiliary_data_key").on(t.orgId, t.shipId, t.ts),
  ],
);

export const complianceData = pgTable(
  "compliance_data",
  {
    ...seriesColumns(),
    eeoiValue: doublePrecision("eeoi_value"),
    eeoiTarget: doublePrecision("eeoi_target"),
    ciiRating: text("cii_rating"),
    ciiAttained: doublePrecision("cii_attained"),
  },
  (t) => [
    ...seriesConstraints("compliance_data", t),
    uniqueIndex("compliance_data_key").on(t.orgId, t.shipId, t.ts),
    check(
      "compliance_data_rating_check",
      sql`${t.ciiRating} is null or ${t.ciiRating} in (${sql.raw(inList(CII_RATINGS))})`,
    ),
  ],
);

/**
 * Daily rollup of fuel records per ship, day (UTC), consumer and fuel grade (with the grade's class in
 * `fuel_type`: a figure per class sums its grades), kept up to date as data arrives
 * (src/server/rollups/daily-rollup.ts) so that dashboards over years read a few hundred rows, not millions.
 * Sums, not averages, so that any range can be aggregated exactly: SFOC = fuel_g / energy_kwh over the range.
 */
export const fuelDaily = pgTable(
  "fuel_daily",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    consumer: text("consumer", { enum: ENGINE_CONSUMERS }).notNull(),
    fuelGrade: text("fuel_grade").notNull(),
    /** The class of `fuel_grade` (MEPC.364(79)). */
    fuelType: text("fuel_type").notNull(),
    records: integer("records").notNull(),
    /** Hours covered by the records. */
    hours: doublePrecision("hours").notNull(),
    /** Hours at sea: speed through water above 1 kn, else speed over ground (or distance ÷ hours) above 1 kn. */
    hoursAtSea: doublePrecision("hours_at_sea").notNull(),
    /** The part of `hours_at_sea` decided over ground (records without a speed through water). */
    hoursAtSeaOverGround: doublePrecision("hours_at_sea_over_ground").notNull().default(0),
    /** Fuel burnt, tonnes (rate × hours / 24). */
    fuelT: doublePrecision("fuel_t").notNull(),
    /** Fuel burnt while the engine power was recorded, tonnes (numerator of SFOC). */
    fuelTWithEnergy: doublePrecision("fuel_t_with_energy").notNull(),
    /** Engine energy, kWh (power × hours). */
    energyKwh: doublePrecision("energy_kwh").notNull(),
    /** Σ load × hours and the hours it covers (time-weighted mean load = ratio). */
    loadPctHours: doublePrecision("load_pct_hours").notNull(),
    loadHours: doublePrecision("load_hours").notNull(),
    /** Distance, nm: reported, else speed over ground × hours (domain `recordDistanceNm`). */
    distanceNm: doublePrecision("distance_nm").notNull(),
    /** The part of `distance_nm` derived from speed over ground × hours, nm. */
    distanceDerivedNm: doublePrecision("distance_derived_nm").notNull().default(0),
    /** Σ speed through water × hours and its hours. */
    stwKnHours: doublePrecision("stw_kn_hours").notNull(),
    stwHours: doublePrecision("stw_hours").notNull(),
    co2T: doublePrecision("co2_t").notNull(),
    /** Σ reported SFOC × energy / 10⁶ over the records reporting an SFOC and a power, t; and that energy, kWh. */
    reportedSfocFuelT: doublePrecision("reported_sfoc_fuel_t").notNull().default(0),
    reportedSfocEnergyKwh: doublePrecision("reported_sfoc_energy_kwh").notNull().default(0),
    /**
     * Hours with a recorded load in each load band (% of rating): < 25, 25–40, 40–55, 55–70, 70–85 (85
     * included), 85–100, above 100. The engine-load section's time in bands.
     */
    loadH0: doublePrecision("load_h_0").notNull().default(0),
    loadH25: doublePrecision("load_h_25").notNull().default(0),
    loadH40: doublePrecision("load_h_40").notNull().default(0),
    loadH55: doublePrecision("load_h_55").notNull().default(0),
    loadH70: doublePrecision("load_h_70").notNull().default(0),
    loadH85: doublePrecision("load_h_85").notNull().default(0),
    loadH100: doublePrecision("load_h_100").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.day, t.consumer, t.fuelGrade] }),
    foreignKey({
      name: "fuel_daily_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

export const UPLOAD_STATUSES = ["completed", "completed_with_errors", "failed"] as const;

/** Every upload, recorded with its file, checksum, user, counts and (the first) rejected rows. */
export const uploads = pgTable(
  "uploads",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** One of the upload data types, or 'bulk' for a workbook with one sheet per type. */
    dataType: text("data_type").notNull(),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull(),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsNew: integer("rows_new").notNull().default(0),
    rowsUpdated: integer("rows_updated").notNull().default(0),
    rowsUnchanged: integer("rows_unchanged").notNull().default(0),
    rowsRejected: integer("rows_rejected").notNull().default(0),
    /** Counts per data type, for bulk workbooks. */
    countsByType:
      jsonb("counts_by_type").$type<
        Record<string, { new: number; updated: number; unchanged: number; rejected: number }>
      >(),
    /** The first rejected rows (row, column, value, reason); `rowsRejected` has the full count. */
    errors:
      jsonb("errors").$type<
        { row: number; column: string; value: string; reason: string; sheet?: string }[]
      >(),
    message: text("message"),
    /** Report checks of a noon-report upload: per check the sheet rows that fail it (decision 008). */
    checks: jsonb("checks").$type<StoredNoonCheckResult[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("uploads_org_created_idx").on(t.orgId, t.createdAt),
  ],
);

/** Fuel prices per organisation and fuel type, each in force from its date (cost per nautical mile). */
export const fuelPrices = pgTable(
  "fuel_prices",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    fuelType: text("fuel_type").notNull(),
    /** Price per tonne in the organisation's currency. */
    pricePerTonne: doublePrecision("price_per_tonne").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("fuel_prices_key").on(t.orgId, t.fuelType, t.validFrom),
  ],
);

/** Per-organisation settings that the analytics use (targets, currency). */
export const orgSettings = pgTable("org_settings", {
  orgId: integer("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** EEOI target, g CO2 per tonne-nautical-mile. */
  eeoiTarget: doublePrecision("eeoi_target"),
  /** Price of one EU ETS allowance (EUA, 1 t CO2) in `currency`; null until the organisation sets one. */
  euaPrice: doublePrecision("eua_price"),
  currency: text("currency").notNull().default("USD"),
  /** Cost of one in-water hull cleaning in `currency`; null = the documented default (domain cleaning-decision). */
  hullCleaningCost: doublePrecision("hull_cleaning_cost"),
  /**
   * Leave the records of noon reports failing an error-severity check out of every figure (decision 008).
   * Off by default: leaving a report out drops its fuel and CO2, which understates emissions.
   */
  excludeFlaggedReports: boolean("exclude_flagged_reports").notNull().default(false),
  /** Origins allowed to frame the embeddable share view (CSP frame-ancestors); none by default. */
  embedOrigins: text("embed_origins").array().notNull().default(sql`'{}'::text[]`),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/** The sums per consumer and fuel grade (with its class) that `fuel_voyage_daily` and `fuel_voyage` hold. */
function voyageFuelColumns() {
  return {
    consumer: text("consumer", { enum: ENGINE_CONSUMERS }).notNull(),
    fuelGrade: text("fuel_grade").notNull(),
    /** The class of `fuel_grade` (MEPC.364(79)). */
    fuelType: text("fuel_type").notNull(),
    records: integer("records").notNull(),
    hours: doublePrecision("hours").notNull(),
    /** Fuel burnt, tonnes. */
    fuelT: doublePrecision("fuel_t").notNull(),
    /** Distance, nm: reported, else speed over ground × hours (domain `recordDistanceNm`). */
    distanceNm: doublePrecision("distance_nm").notNull(),
    /** The part of `distance_nm` derived from speed over ground × hours, nm. */
    distanceDerivedNm: doublePrecision("distance_derived_nm").notNull().default(0),
    co2T: doublePrecision("co2_t").notNull(),
  };
}

/**
 * Fuel rollup per ship, voyage, day (UTC), consumer and fuel grade: the fuel records linked to a voyage
 * (`voyage_id`), so per-voyage figures (EEOI, cost per mile by voyage) read a few rows per voyage. Kept by
 * refreshDailyRollup beside `fuel_daily`, with the same per-record hours and sums.
 */
export const fuelVoyageDaily = pgTable(
  "fuel_voyage_daily",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    voyageId: integer("voyage_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ...voyageFuelColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.voyageId, t.day, t.consumer, t.fuelGrade] }),
    foreignKey({
      name: "fuel_voyage_daily_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * `fuel_voyage_daily` summed over each voyage's days, per consumer and fuel grade: the whole-voyage figures
 * (EEOI) read a row or two per voyage however long the range. Kept by refreshDailyRollup for the voyages
 * whose days it recomputes.
 */
export const fuelVoyage = pgTable(
  "fuel_voyage",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    voyageId: integer("voyage_id").notNull(),
    ...voyageFuelColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.voyageId, t.consumer, t.fuelGrade] }),
    foreignKey({
      name: "fuel_voyage_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Daily rollup of the environmental, auxiliary and trim series per ship and UTC day: sums and counts of
 * each field (mean = sum / n over any range of days), kept by refreshDailyRollup.
 */
export const seriesDaily = pgTable(
  "series_daily",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** Environmental: air and sea temperature °C, wind speed kn, wave height m. */
    airTempSum: doublePrecision("air_temp_sum").notNull(),
    airTempN: integer("air_temp_n").notNull(),
    seaTempSum: doublePrecision("sea_temp_sum").notNull(),
    seaTempN: integer("sea_temp_n").notNull(),
    windSpeedSum: doublePrecision("wind_speed_sum").notNull(),
    windSpeedN: integer("wind_speed_n").notNull(),
    waveHeightSum: doublePrecision("wave_height_sum").notNull(),
    waveHeightN: integer("wave_height_n").notNull(),
    /** Auxiliary power per consumer, kW. */
    hvacSum: doublePrecision("hvac_sum").notNull(),
    hvacN: integer("hvac_n").notNull(),
    pumpsSum: doublePrecision("pumps_sum").notNull(),
    pumpsN: integer("pumps_n").notNull(),
    lightingSum: doublePrecision("lighting_sum").notNull(),
    lightingN: integer("lighting_n").notNull(),
    navigationSum: doublePrecision("navigation_sum").notNull(),
    navigationN: integer("navigation_n").notNull(),
    cargoHandlingSum: doublePrecision("cargo_handling_sum").notNull(),
    cargoHandlingN: integer("cargo_handling_n").notNull(),
    /** Trim m (aft − fore) and mean draught m ((fore + aft) / 2). */
    trimSum: doublePrecision("trim_sum").notNull(),
    trimN: integer("trim_n").notNull(),
    draughtSum: doublePrecision("draught_sum").notNull(),
    draughtN: integer("draught_n").notNull(),
    /** Displacement, t (trim records). */
    displacementSum: doublePrecision("displacement_sum").notNull().default(0),
    displacementN: integer("displacement_n").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.day] }),
    foreignKey({
      name: "series_daily_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Per ship and UTC day, the main-engine record at sea the trim analysis judges the day's weather by (the
 * first from noon, else the last before it; metrics/trim-weather.ts) with the environmental record of its
 * instant: a long range reads one row a day instead of probing the records. The inputs are kept, not the
 * correction, so the ISO 15016 rule stays the domain's and follows edits of the ship's particulars.
 */
export const trimWeatherDaily = pgTable(
  "trim_weather_daily",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    /** The record's hours (its period, else 0: weight 1 in the domain). */
    hours: doublePrecision("hours").notNull(),
    enginePower: doublePrecision("engine_power").notNull(),
    speedThroughWater: doublePrecision("speed_through_water").notNull(),
    windSpeed: doublePrecision("wind_speed"),
    windDirection: integer("wind_direction"),
    waveHeight: doublePrecision("wave_height"),
    seaState: integer("sea_state"),
    heading: doublePrecision("heading"),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.day] }),
    foreignKey({
      name: "trim_weather_daily_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The sums `trim_hourly` and `trim_daily` share: per consumer (main, auxiliary) the hours covered, hours at
 * sea, fuel burnt (t) and Σ speed through water × hours (with its hours); and sums and counts of trim m
 * (aft − fore), mean draught m ((fore + aft) / 2) and displacement t from the trim records.
 */
function trimPoolColumns() {
  return {
    mainHours: doublePrecision("main_hours").notNull().default(0),
    mainHoursAtSea: doublePrecision("main_hours_at_sea").notNull().default(0),
    mainFuelT: doublePrecision("main_fuel_t").notNull().default(0),
    mainStwKnHours: doublePrecision("main_stw_kn_hours").notNull().default(0),
    mainStwHours: doublePrecision("main_stw_hours").notNull().default(0),
    auxHours: doublePrecision("aux_hours").notNull().default(0),
    auxHoursAtSea: doublePrecision("aux_hours_at_sea").notNull().default(0),
    auxFuelT: doublePrecision("aux_fuel_t").notNull().default(0),
    auxStwKnHours: doublePrecision("aux_stw_kn_hours").notNull().default(0),
    auxStwHours: doublePrecision("aux_stw_hours").notNull().default(0),
    trimSum: doublePrecision("trim_sum").notNull().default(0),
    trimN: integer("trim_n").notNull().default(0),
    draughtSum: doublePrecision("draught_sum").notNull().default(0),
    draughtN: integer("draught_n").notNull().default(0),
    displacementSum: doublePrecision("displacement_sum").notNull().default(0),
    displacementN: integer("displacement_n").notNull().default(0),
  };
}

/**
 * Hourly rollup of what the trim analysis joins, per ship and UTC hour (`hour` = the hour's start): per
 * consumer (main, auxiliary) the hours covered, hours at sea, fuel burnt and Σ speed through water × hours
 * with the same per-record hours as `fuel_daily`, and sums and counts of trim, mean draught and
 * displacement from the trim records. Kept by refreshDailyRollup, so that the trim section samples hours
 * over any range (a day rarely holds more than one trim, an hour holds one).
 */
export const trimHourly = pgTable(
  "trim_hourly",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    ...trimPoolColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.hour] }),
    foreignKey({
      name: "trim_hourly_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A table of pooled sailing conditions per ship and period (a UTC day, or a calendar month as its first
 * day): draught bin, speed bin and trim class, the hours pooled, and the sums of `trim_hourly`.
 */
const periodColumn = (period: string) => date(period, { mode: "string" }).notNull();

function trimConditionPool<P extends "day" | "month">(name: string, period: P) {
  return pgTable(
    name,
    {
      orgId: integer("org_id").notNull(),
      shipId: integer("ship_id").notNull(),
      ...({ [period]: periodColumn(period) } as { [K in P]: ReturnType<typeof periodColumn> }),
      draughtBin: integer("draught_bin").notNull(),
      speedBin: integer("speed_bin").notNull(),
      trimClass: integer("trim_class").notNull(),
      hoursPooled: integer("hours_pooled").notNull(),
      ...trimPoolColumns(),
    },
    (t) => [
      primaryKey({ columns: [t.orgId, t.shipId, t[period], t.draughtBin, t.speedBin, t.trimClass] }),
      foreignKey({
        name: `${name}_ship_fk`,
        columns: [t.orgId, t.shipId],
        foreignColumns: [ships.orgId, ships.id],
      }).onDelete("cascade"),
    ],
  );
}

/**
 * The hours of `trim_hourly` pooled per ship, UTC day and sailing condition: the hour's draught bin
 * (0.5 m), speed-through-water bin (1 kn, both consumers' records) and trim class (0.1 m), each hour
 * classified by its own means. Kept by refreshDailyRollup; long ranges read these at their edges.
 */
export const trimDaily = trimConditionPool("trim_daily", "day");

/**
 * The rows of `trim_daily` pooled per UTC calendar month (`month` = its first day) and the same sailing
 * condition; kept by refreshDailyRollup. Ranges of years read whole months here and only the days at their
 * edges from `trim_daily`, so that ten years cost about what one month does.
 */
export const trimMonthly = trimConditionPool("trim_monthly", "month");

/**
 * Daily rollup of the hull analysis per ship and UTC day (src/server/metrics/hull-record-sql.ts): the
 * day's main-engine records, how many the ISO 19030-2 reference-condition filter rejected and why (each
 * record under its first failing reason), and for the accepted ones the sums of y = ln STW and
 * u = ln P − ⅔·ln Δ (domain hull/performance-value.ts). Curve-free, so a reference entered or changed later
 * applies to the stored days at once. Kept by refreshDailyRollup.
 */
export const hullDaily = pgTable(
  "hull_daily",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    records: integer("records").notNull(),
    missingData: integer("missing_data").notNull(),
    notSailing: integer("not_sailing").notNull(),
    seaTemperature: integer("sea_temperature").notNull(),
    wind: integer("wind").notNull(),
    waves: integer("waves").notNull(),
    /** Records whose speed log disagrees with speed over ground, or whose weather impact is too large (decision 042). */
    speedLog: integer("speed_log").notNull().default(0),
    weatherImpact: integer("weather_impact").notNull().default(0),
    n: integer("n").notNull(),
    su: doublePrecision("su").notNull(),
    sy: doublePrecision("sy").notNull(),
    suu: doublePrecision("suu").notNull(),
    suy: doublePrecision("suy").notNull(),
    syy: doublePrecision("syy").notNull(),
    /** Accepted records with trim and both draughts, and their sums of trim and mean draught (m). */
    nTrim: integer("n_trim").notNull().default(0),
    sTrim: doublePrecision("s_trim").notNull().default(0),
    sDraught: doublePrecision("s_draught").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.day] }),
    foreignKey({
      name: "hull_daily_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Data quality per ship, consumer and UTC day of `fuel_data` (issue 20; server/system-status/
 * data-quality-daily.ts): for each record of the day, in time order, its time (milliseconds after midnight) and the
 * tally of its value checks (domain checkValues: fields present, implausible, stuck, outliers, flagged; packed
 * 4 bits each). The checks look at neighbours across days, so a day is tallied with its neighbours' records
 * around it. Completeness and the cadence need the window's own times, which is why they are kept, not summed.
 * Kept by refreshDailyRollup for the last DATA_QUALITY_STORE_DAYS days.
 */
export const dataQualityDaily = pgTable(
  "data_quality_daily",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    consumer: text("consumer", { enum: ENGINE_CONSUMERS }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ms: integer("ms").array().notNull(),
    tallies: integer("tallies").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId, t.consumer, t.day] }),
    foreignKey({
      name: "data_quality_daily_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Noon reports as received (decision 008): one per ship and report time (UTC), with the report event, the
 * period quantities as the sheet gave them (fuel in t per consumer and grade, boiler included, stocks and
 * bunkers) and the report checks the row failed. Its fuel, environmental and draught figures are stored as
 * records too (fuel_data, environmental_data, trim_data at the same instant); the checks mark those
 * records' report, so that a figure can leave the marked ones out.
 */
export const noonReports = pgTable(
  "noon_reports",
  {
    ...seriesColumns(),
    /** noon, departure, arrival, anchor, drifting, port, bunkering (domain/noon-reports/events.ts). */
    event: text("event").notNull(),
    /** The ship's UTC offset when the sheet gave local time, h. */
    utcOffsetHours: doublePrecision("utc_offset_hours"),
    steamingHours: doublePrecision("steaming_hours"),
    /** Hours the report covers (its own figure, else since the previous report). */
    periodHours: doublePrecision("period_hours"),
    distanceOverGroundNm: doublePrecision("distance_over_ground_nm"),
    distanceThroughWaterNm: doublePrecision("distance_through_water_nm"),
    /** Fuel consumed since the previous report, t: { main: { HFO: 30.1 }, auxiliary: {…}, boiler: {…} }. */
    fuel: jsonb("fuel").$type<Record<string, Record<string, number>>>().notNull(),
    /** Remaining on board, t per grade ('any' when not split by grade). */
    rob: jsonb("rob").$type<Record<string, number>>().notNull(),
    /** Bunkers received since the previous report, t per grade. */
    bunkered: jsonb("bunkered").$type<Record<string, number>>().notNull(),
    port: text("port"),
    /** Report checks the row failed (domain/report-checks/noon-checks.ts ids); empty when clean. */
    checks: text("checks").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Fails an error-severity check (domain `failsErrorCheck`): the fuel, environmental and trim records of
     * the same ship and instant are left out of the figures while the organisation's
     * `exclude_flagged_reports` is on (metrics/flagged-reports-sql.ts).
     */
    flagged: boolean("flagged").notNull().default(false),
    /** The upload that last wrote the report. */
    uploadId: integer("upload_id"),
  },
  (t) => [
    ...seriesConstraints("noon_reports", t),
    uniqueIndex("noon_reports_key").on(t.orgId, t.shipId, t.ts),
    check("noon_reports_event_check", sql`${t.event} in (${sql.raw(inList(REPORT_EVENTS))})`),
  ],
);

/**
 * Column mappings of noon-report sheets remembered per organisation, keyed by the header signature
 * (domain/noon-reports/headers.ts `headerSignature`): a later file with the same headers is mapped alike.
 */
export const noonMappings = pgTable(
  "noon_mappings",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    signature: text("signature").notNull(),
    /** The headers as last seen, for the Column Mapping tab. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    /** Header → noon field ('' = column ignored). */
    columnMappings: jsonb("column_mappings").$type<Record<string, string>>().notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.signature] })],
);

/**
 * The fleet page's line per ship (server/fleet/ship-snapshot.ts), kept so that a page of a hundred ships reads
 * one table instead of computing a hundred dashboards. A write to the ship sets `written_at` (data-written
 * notification) and a job computes the line again; a line is stale while `written_at > computed_at`, both on
 * the database's clock (`computed_at` is when its computation started, so a write during it leaves it stale).
 * The page serves a stale line, marked, until the new one is in. Derived data: not part of a backup.
 */
/**
 * Charter-party terms (issue 33): a voyage's own (voyage_id set) or a ship's default for a condition (voyage_id
 * null), stored as the API's body (contracts/charter-party.ts); the domain's defaults are filled in when read, so
 * a changed default reaches terms that did not set it.
 */
export const charterPartyTerms = pgTable(
  "charter_party_terms",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    voyageId: integer("voyage_id"),
    condition: text("condition", { enum: CP_CONDITIONS }).notNull(),
    terms: jsonb("terms").$type<CharterPartyTermsBody>().notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    foreignKey({ columns: [t.orgId, t.shipId], foreignColumns: [ships.orgId, ships.id] }).onDelete("cascade"),
    // with org_id, as Citus needs (a voyage's terms go with it; a ship default has no voyage: not checked)
    foreignKey({ columns: [t.orgId, t.voyageId], foreignColumns: [voyages.orgId, voyages.id] }).onDelete(
      "cascade",
    ),
    uniqueIndex("charter_party_terms_voyage_key").on(t.orgId, t.voyageId).where(sql`voyage_id is not null`),
    uniqueIndex("charter_party_terms_ship_key")
      .on(t.orgId, t.shipId, t.condition)
      .where(sql`voyage_id is null`),
    check("charter_party_terms_condition_check", sql.raw(`condition in (${inList(CP_CONDITIONS)})`)),
  ],
);

export const fleetSnapshots = pgTable(
  "fleet_snapshots",
  {
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    computedAt: tstz("computed_at").notNull(),
    writtenAt: tstz("written_at"),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.shipId] }),
    foreignKey({
      name: "fleet_snapshots_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * API keys of an organisation (issue 19): machines authenticate with `Authorization: Bearer <key>` or, over
 * MQTT, with the key in the message. Only the SHA-256 of the key is stored (a key is 190 random bits, so a
 * fast hash is enough: nothing to guess from a leaked table); `prefix` is the key's visible start, shown in
 * the list so a user can tell keys apart. `shipIds` null = every ship of the organisation. A revoked key is
 * deleted; the trigger of migration `api_keys` then empties every process's key cache (sextant_auth).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes", { enum: API_KEY_SCOPES }).array().notNull(),
    shipIds: integer("ship_ids").array(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: tstz("last_used_at"),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    check(
      "api_keys_scopes_check",
      sql`${t.scopes} <@ array[${sql.raw(inList(API_KEY_SCOPES))}]::text[] and cardinality(${t.scopes}) > 0`,
    ),
  ],
);

/**
 * Share links (issue 17): a read-only view of one ship's dashboard with fixed filters, without signing in.
 * `token_hash` is the SHA-256 of the link's random token (the token itself is shown once, at creation), so a
 * leaked table opens nothing. A link is never served once `revoked_at` is set or `expires_at` has passed.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id").notNull(),
    shipId: integer("ship_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The dashboard's filters (contract shareFilters). */
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at"),
    views: integer("views").notNull().default(0),
    lastViewedAt: tstz("last_viewed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    unique("share_links_id_key").on(t.id),
    uniqueIndex("share_links_token_key").on(t.tokenHash),
    foreignKey({ columns: [t.orgId, t.shipId], foreignColumns: [ships.orgId, ships.id] }).onDelete("cascade"),
  ],
);

/**
 * The audit trail: one entry per write (who, when, what, before/after for edits), append-only for the application
 * (a trigger refuses UPDATE, DELETE and TRUNCATE: audit/audit-log.ts). `user_id` and `actor_email` are snapshots,
 * not foreign keys: a removed member's entries stay, naming them.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer("org_id").notNull(),
    userId: integer("user_id"),
    actorEmail: text("actor_email"),
    at: tstz("at").notNull().defaultNow(),
    /** What was done: `ship.update`, `record.create`, `member.remove`, `upload`, or `<resource>.<verb>` (generic). */
    kind: text("kind").notNull(),
    method: text("method"),
    /** The route's pattern (`/api/ships/:id`). */
    route: text("route"),
    status: integer("status"),
    /** Ids of what was written (`{shipId: 3}`), the route's parameters for a generic entry. */
    target: jsonb("target").$type<Record<string, unknown>>(),
    before: jsonb("before"),
    after: jsonb("after"),
    /** Anything else worth keeping: an upload's counts, a cleanup's totals. */
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    // Read newest first by id (keyset pages, GET /api/audit), filtered by time, actor or kind.
    index("audit_log_org_id_idx").on(t.orgId, t.id),
    index("audit_log_org_kind_idx").on(t.orgId, t.kind, t.id),
  ],
);

/**
 * Each backup taken of an organisation (GET /api/database/backup), recorded once its archive was streamed
 * whole: the self-tests' 'last backup age' reads it. Not part of the backup itself (a restored organisation
 * has taken no backup yet).
 */
export const databaseBackups = pgTable(
  "database_backups",
  {
    id: integer("id").generatedAlwaysAsIdentity().notNull(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** Rows written into the archive, all tables together. */
    rows: bigint("rows", { mode: "number" }).notNull(),
    /** Size of the archive sent, bytes (compressed). */
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("database_backups_org_created_idx").on(t.orgId, t.createdAt),
  ],
);

/**
 * Alert configuration (issue 16 item 1): one row per organisation and alert type (`ship_id` null), and per
 * ship where a ship overrides it. A type without a row has the specification's defaults (domain alert-types).
 */
export const alertConfigs = pgTable(
  "alert_configs",
  {
    id: integer("id").generatedAlwaysAsIdentity().primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    shipId: integer("ship_id"),
    type: text("type", { enum: ALERT_TYPES }).notNull(),
    enabled: boolean("enabled").notNull(),
    threshold: doublePrecision("threshold").notNull(),
    severity: text("severity", { enum: ALERT_SEVERITIES }).notNull(),
    notificationMethod: text("notification_method", { enum: NOTIFICATION_METHODS }).notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_configs_org_type_key").on(t.orgId, t.type).where(sql`ship_id is null`),
    uniqueIndex("alert_configs_ship_type_key").on(t.orgId, t.shipId, t.type).where(sql`ship_id is not null`),
    foreignKey({
      name: "alert_configs_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
    check("alert_configs_type_check", sql.raw(`type in (${inList(ALERT_TYPES)})`)),
    check("alert_configs_severity_check", sql.raw(`severity in (${inList(ALERT_SEVERITIES)})`)),
    check("alert_configs_method_check", sql.raw(`notification_method in (${inList(NOTIFICATION_METHODS)})`)),
    check("alert_configs_threshold_check", sql`${t.threshold} >= 0`),
  ],
);

export const ALERT_STATUSES = ["open", "acknowledged", "resolved"] as const;

/**
 * Alerts raised by the evaluation (issue 16 item 4): open → acknowledged → resolved, kept after resolving
 * (history). At most one unresolved alert per ship and type, enforced by the partial unique index, so two
 * processes evaluating at once insert one (ON CONFLICT DO NOTHING).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: integer("id").generatedAlwaysAsIdentity().primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    shipId: integer("ship_id").notNull(),
    type: text("type", { enum: ALERT_TYPES }).notNull(),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("open"),
    severity: text("severity", { enum: ALERT_SEVERITIES }).notNull(),
    /** The figure that opened the alert (unit `%` or `days`), and the threshold it crossed. */
    figure: doublePrecision("figure"),
    unit: text("unit").notNull(),
    threshold: doublePrecision("threshold").notNull(),
    /** The latest evaluation's figure and sentence while the alert is unresolved. */
    latestFigure: doublePrecision("latest_figure"),
    message: text("message").notNull(),
    latestMessage: text("latest_message").notNull(),
    /** Path of the section that explains the figure. */
    link: text("link").notNull(),
    openedAt: tstz("opened_at").notNull().defaultNow(),
    evaluatedAt: tstz("evaluated_at").notNull().defaultNow(),
    acknowledgedAt: tstz("acknowledged_at"),
    acknowledgedBy: integer("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: tstz("resolved_at"),
    /** Null with a `resolved_at`: resolved automatically when the condition cleared. */
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
  },
  (t) => [
    uniqueIndex("alerts_one_unresolved_key")
      .on(t.orgId, t.shipId, t.type)
      .where(sql`status in ('open', 'acknowledged')`),
    index("alerts_org_status_idx").on(t.orgId, t.status, t.openedAt),
    foreignKey({
      name: "alerts_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
    check("alerts_type_check", sql.raw(`type in (${inList(ALERT_TYPES)})`)),
    check("alerts_status_check", sql.raw(`status in (${inList(ALERT_STATUSES)})`)),
  ],
);

/**
 * Where an organisation's alerts go beyond the dashboard (alerts/delivery): extra e-mail addresses, SMS
 * numbers, and a webhook whose calls are signed with `webhook_secret` (never sent back to the browser).
 */
export const alertChannels = pgTable("alert_channels", {
  orgId: integer("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  emailRecipients: text("email_recipients").array().notNull().default(sql`'{}'::text[]`),
  smsRecipients: text("sms_recipients").array().notNull().default(sql`'{}'::text[]`),
  webhookUrl: text("webhook_url"),
  webhookSecret: text("webhook_secret"),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/**
 * Every attempt to deliver an alert (or a channel test, `alert_id` null): one row per channel, target and
 * attempt, with its outcome. No key to the alerts table: the job's payload is self-contained.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    alertId: integer("alert_id"),
    /** 'opened' or 'resolved' for an alert, 'test' for a channel test. */
    event: text("event").notNull(),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    /** The e-mail address, phone number or webhook URL (without its query) the attempt went to. */
    target: text("target").notNull(),
    attempt: integer("attempt").notNull(),
    outcome: text("outcome", { enum: DELIVERY_OUTCOMES }).notNull(),
    error: text("error"),
    at: tstz("at").notNull().defaultNow(),
  },
  (t) => [
    index("alert_deliveries_org_alert_idx").on(t.orgId, t.alertId),
    index("alert_deliveries_org_at_idx").on(t.orgId, t.at),
    check("alert_deliveries_channel_check", sql`${t.channel} in (${sql.raw(inList(DELIVERY_CHANNELS))})`),
    check("alert_deliveries_outcome_check", sql`${t.outcome} in (${sql.raw(inList(DELIVERY_OUTCOMES))})`),
  ],
);

/**
 * The version of what a ship's analyses read (cache/data-version.ts): bumped in the transaction of every write
 * that changes a figure, read before a cached answer is served. `ship_id` 0 is the organisation's own row,
 * for settings that change every ship's figures (fuel prices, targets, flagged-report exclusion).
 */
export const dataVersions = pgTable(
  "data_versions",
  {
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    shipId: integer("ship_id").notNull(),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    /** The ship's newest record of any series as of its last write (records/newest-record.ts); null: none. */
    newestRecordAt: tstz("newest_record_at"),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.shipId] })],
);

/**
 * Rollup refreshes owed (decision record 019): a machine ingestion (MQTT) commits its records without
 * recomputing the daily rollups in its transaction, and notes here, in that same transaction, the span of
 * each ship it wrote. The catch-up (rollups/pending-rollups.ts) takes a ship's rows, merges their spans,
 * refreshes the rollup and deletes them in one transaction, so a span is either still owed or done, never
 * lost, whichever process or crash comes between.
 */
export const rollupPending = pgTable(
  "rollup_pending",
  {
    orgId: integer("org_id").notNull(),
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    shipId: integer("ship_id").notNull(),
    fromTs: tstz("from_ts").notNull(),
    toTs: tstz("to_ts").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("rollup_pending_ship_idx").on(t.orgId, t.shipId),
    foreignKey({
      name: "rollup_pending_ship_fk",
      columns: [t.orgId, t.shipId],
      foreignColumns: [ships.orgId, ships.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The monthly vessel report by e-mail (issue 17 item 5, reports/schedule): which ships' reports go to which
 * members on the first of the month. One row per organisation; no row means off.
 */
export const reportSchedules = pgTable("report_schedules", {
  orgId: integer("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  shipIds: integer("ship_ids").array().notNull().default(sql`'{}'::int[]`),
  memberIds: integer("member_ids").array().notNull().default(sql`'{}'::int[]`),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/**
 * One row per organisation, month and recipient of the monthly report: the claim that makes the send happen
 * once however many processes run the job ('sending' is taken by one of them with an insert or a
 * conditional update), then its outcome.
 */
export const reportDeliveries = pgTable(
  "report_deliveries",
  {
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().primaryKey(),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The reported month, 'YYYY-MM' (UTC). */
    period: text("period").notNull(),
    /** The e-mail address, or '(none)' for a month skipped as a whole (no mail server, no member). */
    target: text("target").notNull(),
    shipIds: integer("ship_ids").array().notNull().default(sql`'{}'::int[]`),
    outcome: text("outcome", { enum: REPORT_DELIVERY_OUTCOMES }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    error: text("error"),
    at: tstz("at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("report_deliveries_once_key").on(t.orgId, t.period, t.target),
    index("report_deliveries_org_at_idx").on(t.orgId, t.at),
    check(
      "report_deliveries_outcome_check",
      sql`${t.outcome} in (${sql.raw(inList(REPORT_DELIVERY_OUTCOMES))})`,
    ),
  ],
);
