/**
 * What each row of a backup must be to be restored: the same contract the API applies when the row is written
 * through it (src/contracts), read from the row's columns, plus the bounds of what only Sextant itself writes
 * (alerts, the upload log, deliveries, the audit trail). A restore refuses the first row that fails, naming its
 * table, row, column and reason (restore.ts), so that a crafted archive cannot store what the API refuses:
 * a deadweight of 1e308, negative period hours, `*` as an embed origin, a private webhook, a `javascript:`
 * alert link, a noon mapping to `constructor`, a reference to a ship the archive does not hold.
 */
import { z } from "zod";
import { alertChannelsBody, DELIVERY_CHANNELS, DELIVERY_OUTCOMES } from "../../contracts/alert-delivery";
import { ALERT_THRESHOLD_MAX, ALERT_TYPES, alertConfigItem } from "../../contracts/alerts";
import { shipBaselineBody } from "../../contracts/analysis/baselines";
import { euaPriceBody } from "../../contracts/analysis/environment-compliance-section";
import {
  eeoiTargetBody,
  excludeFlaggedReportsBody,
  fuelPriceEntry,
  fuelPricesBody,
  hullCleaningCostBody,
} from "../../contracts/analysis/settings";
import { charterPartyTermsBody } from "../../contracts/charter-party";
import { createMaintenanceEventBody } from "../../contracts/maintenance-events";
import { storedNoonCheckResult } from "../../contracts/noon-check-result";
import { noonMappingParams, saveNoonMappingBody } from "../../contracts/noon-reports";
import {
  auxiliaryRecordBody,
  complianceRecordBody,
  ENGINE_CONSUMERS,
  environmentalRecordBody,
  fuelRecordFields,
  hullRecordBody,
  trimRecordBody,
} from "../../contracts/records";
import { REPORT_DELIVERY_OUTCOMES, reportScheduleBody } from "../../contracts/report-schedule";
import { embedOriginsBody } from "../../contracts/shares";
import { createShipBody } from "../../contracts/ships";
import { typeCounts } from "../../contracts/uploads";
import { createVoyageBody } from "../../contracts/voyages";
import { ALERT_SEVERITIES } from "../../domain/alerts/alert-types";
import { CP_CONDITIONS } from "../../domain/charter-party/terms";
import { fuelGradeOf } from "../../domain/fuels/fuel-names";
import { REPORT_EVENTS } from "../../domain/noon-reports/events";
import { EU_VOYAGE_SCOPES } from "../../domain/regulation/eu-voyage-scope";
import { NOON_CHECK_IDS } from "../../domain/report-checks/noon-checks";
import { SHIP_TYPES } from "../../domain/ships/ship-types";
import { ALERT_STATUSES, UPLOAD_STATUSES } from "../db/schema";
import type { CopyValue } from "./copy-text";

export type RestoreRow = Record<string, CopyValue>;
export type RowIssue = { column: string; reason: string };

/** What a row's references are checked against: the rows of the archive read before it (referenced first). */
export type RowContext = {
  /** Whether the archive's `table` holds a row of identity `id`. */
  has: (table: "ships" | "voyages", id: number) => boolean;
  /** The ship of one of the archive's voyages. */
  shipOfVoyage: (id: number) => number | undefined;
  /** Whether a webhook host is refused (private, loopback or reserved), with the reason. */
  refusedWebhook: (url: string) => Promise<string | null>;
};

type Contract = (row: RestoreRow, ctx: RowContext) => RowIssue[] | Promise<RowIssue[]>;

const iso = (v: CopyValue) => (v instanceof Date ? v.toISOString() : v);
/**
 * The API body a row stands for: each contract field of `columns` (field → column) from its column, absent for
 * null (the API's optional fields), instants as ISO text.
 */
function inputOf(row: RestoreRow, columns: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field in columns) {
    const value = row[columns[field]!];
    if (value !== undefined && value !== null) input[field] = iso(value);
  }
  return input;
}

/** A row against the API body `schema` it stands for (see `inputOf`). */
const asBody = (schema: z.ZodType, row: RestoreRow, columns: Record<string, string>) =>
  check(schema, inputOf(row, columns), columns);

/**
 * The issues of `input` against `schema`; each issue's first path element (the contract's field) is named as
 * its column through `columns` (field → column), else as itself.
 */
function check(schema: z.ZodType, input: unknown, columns: Record<string, string> = {}): RowIssue[] {
  const res = schema.safeParse(input);
  if (res.success) return [];
  return res.error.issues.map((i) => {
    const field = i.path.length > 0 ? String(i.path[0]) : "row";
    const rest = i.path.slice(1).join(".");
    return { column: (columns[field] ?? field) + (rest ? `.${rest}` : ""), reason: i.message };
  });
}

/** Each column of `row` against its own schema. */
function columnsOf(row: RestoreRow, schemas: Record<string, z.ZodType>): RowIssue[] {
  return Object.entries(schemas).flatMap(([column, schema]) =>
    column in row ? check(schema, row[column]).map((i) => ({ ...i, column })) : [],
  );
}

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const finite = z.number();
const count = z.number().int().min(0, "must be 0 or more");

// ---- references ------------------------------------------------------------------------------------------------

function shipRef(row: RestoreRow, ctx: RowContext, column = "ship_id"): RowIssue[] {
  const id = row[column];
  if (id === null || id === undefined) return [];
  return ctx.has("ships", id as number)
    ? []
    : [{ column, reason: `names ship ${id}, which is not in the archive` }];
}

function voyageRef(row: RestoreRow, ctx: RowContext): RowIssue[] {
  const id = row.voyage_id;
  if (id === null || id === undefined) return [];
  const ship = ctx.shipOfVoyage(id as number);
  if (ship === undefined)
    return [{ column: "voyage_id", reason: `names voyage ${id}, which is not in the archive` }];
  return ship === row.ship_id
    ? []
    : [{ column: "voyage_id", reason: `names voyage ${id}, a voyage of another ship` }];
}

/** A time series row: its ship and voyage (of that ship), and the record contract of its type. */
function series(
  body: z.ZodType,
  fields: Record<string, string>,
  extra?: (row: RestoreRow) => RowIssue[],
): Contract {
  const columns = { shipId: "ship_id", voyageId: "voyage_id", timestamp: "ts", ...fields };
  return (row, ctx) => {
    const issues = asBody(body, row, columns);
    issues.push(...shipRef(row, ctx), ...voyageRef(row, ctx));
    if (extra) issues.push(...extra(row));
    return issues;
  };
}

// ---- the fleet -------------------------------------------------------------------------------------------------

const ships: Contract = (row) => {
  const columns = {
    name: "name",
    imo: "imo_number",
    type: "ship_type",
    deadweight: "deadweight",
    grossTonnage: "gross_tonnage",
    enginePower: "engine_power_kw",
    designSpeed: "design_speed_kn",
    length: "length_m",
    beam: "beam_m",
    designDraught: "design_draught_m",
    yearBuilt: "year_built",
  };
  const baseline = {
    shopTestSfoc: "shop_test_sfoc",
    speedPowerCurve: "speed_power_curve",
    referenceDisplacementT: "reference_displacement_t",
    propellerPitchM: "propeller_pitch_m",
  };
  return [
    ...asBody(createShipBody, row, columns),
    ...asBody(shipBaselineBody, row, baseline),
    // stored as the API stores it: the type's id, not a label the contract would read
    ...columnsOf(row, { ship_type: z.enum(SHIP_TYPES) }),
  ];
};

const voyages: Contract = (row, ctx) => {
  const columns = {
    shipId: "ship_id",
    voyageNumber: "voyage_number",
    origin: "origin",
    destination: "destination",
    departureDate: "departure_date",
    arrivalDate: "arrival_date",
    status: "status",
    cargoTonnes: "cargo_tonnes",
  };
  return [
    ...shipRef(row, ctx),
    ...asBody(createVoyageBody, row, columns),
    ...columnsOf(row, { eu_scope_override: z.enum(EU_VOYAGE_SCOPES).nullable() }),
  ];
};

const maintenanceEvents: Contract = (row, ctx) => {
  const columns = {
    shipId: "ship_id",
    type: "type",
    date: "event_date",
    status: "status",
    notes: "notes",
    coating: "coating",
    coatingType: "coating_type",
  };
  return [...shipRef(row, ctx), ...asBody(createMaintenanceEventBody, row, columns)];
};

/** The grade as stored is a canonical grade, and `fuel_type` its class (an archive before grades has the class only). */
function fuelGrade(row: RestoreRow): RowIssue[] {
  const grade = "fuel_grade" in row ? row.fuel_grade : row.fuel_type;
  const known = typeof grade === "string" ? fuelGradeOf(grade) : undefined;
  if (!known || known.grade !== grade)
    return [
      { column: "fuel_grade" in row ? "fuel_grade" : "fuel_type", reason: "is not a known fuel grade" },
    ];
  if (row.fuel_type !== known.fuelType)
    return [{ column: "fuel_type", reason: `must be ${known.fuelType}, the class of ${known.grade}` }];
  return [];
}

const RECORD_FIELDS = (names: string[]) =>
  Object.fromEntries(names.map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]));

const fuelData = series(
  fuelRecordFields,
  {
    ...RECORD_FIELDS([
      "consumer",
      "sfoc",
      "fuelConsumptionRate",
      "engineLoadFactor",
      "speedThroughWater",
      "speedOverGround",
      "enginePower",
      "engineRpm",
      "shaftRpm",
      "co2Emissions",
      "distanceNm",
      "periodHours",
    ]),
    fuelType: "fuel_grade",
  },
  fuelGrade,
);

const environmentalData = series(
  environmentalRecordBody,
  RECORD_FIELDS([
    "windSpeed",
    "waveHeight",
    "windDirection",
    "seaState",
    "weatherImpact",
    "airTemperature",
    "seaTemperature",
    "latitude",
    "longitude",
    "heading",
  ]),
);

const hullCondition = series(
  hullRecordBody,
  RECORD_FIELDS([
    "roughnessIndex",
    "propellerSlip",
    "hullEfficiency",
    "daysSinceLastCleaning",
    "lastCleaningDate",
    "currentTrim",
  ]),
);

const trimData = series(trimRecordBody, {
  draughtFore: "draught_fore_m",
  draughtAft: "draught_aft_m",
  trim: "trim_m",
  displacement: "displacement_t",
});

const auxiliaryData = series(
  auxiliaryRecordBody,
  RECORD_FIELDS(["hvacPower", "pumpsPower", "lightingPower", "navigationPower", "cargoHandlingPower"]),
);

const complianceData = series(
  complianceRecordBody,
  RECORD_FIELDS(["eeoiValue", "eeoiTarget", "ciiRating", "ciiAttained"]),
);

/**
 * Noon reports as the noon upload stores them (decision 008): negative quantities are kept (a report check marks
 * them), so the bounds are those of any reading: finite, and within what a report can say.
 */
const reading = finite.min(-1e7, "must be at least -10000000").max(1e7, "must be at most 10000000");
const tonnesByGrade = z.record(text(200), reading);
const noonReports: Contract = (row, ctx) => [
  ...shipRef(row, ctx),
  ...voyageRef(row, ctx),
  ...columnsOf(row, {
    event: z.enum(REPORT_EVENTS),
    utc_offset_hours: finite.min(-14).max(14).nullable(),
    steaming_hours: reading.nullable(),
    period_hours: reading.nullable(),
    distance_over_ground_nm: reading.nullable(),
    distance_through_water_nm: reading.nullable(),
    fuel: z.record(z.enum(ENGINE_CONSUMERS), tonnesByGrade),
    rob: tonnesByGrade,
    bunkered: tonnesByGrade,
    port: text(200).nullable(),
    checks: z.array(z.enum(NOON_CHECK_IDS)),
  }),
];

const rollupPending: Contract = (row, ctx) => [
  ...shipRef(row, ctx),
  ...((row.from_ts as Date) > (row.to_ts as Date)
    ? [{ column: "to_ts", reason: "must not be before from_ts" }]
    : []),
];

// ---- settings --------------------------------------------------------------------------------------------------

const orgSettings: Contract = (row) => [
  ...check(eeoiTargetBody, { eeoiTarget: row.eeoi_target ?? null }, { eeoiTarget: "eeoi_target" }),
  ...check(euaPriceBody, { euaPrice: row.eua_price ?? null }, { euaPrice: "eua_price" }),
  ...check(
    hullCleaningCostBody,
    { hullCleaningCost: row.hull_cleaning_cost ?? null },
    {
      hullCleaningCost: "hull_cleaning_cost",
    },
  ),
  ...check(
    excludeFlaggedReportsBody,
    { excludeFlaggedReports: row.exclude_flagged_reports ?? false },
    {
      excludeFlaggedReports: "exclude_flagged_reports",
    },
  ),
  ...check(embedOriginsBody, { origins: row.embed_origins ?? [] }, { origins: "embed_origins" }),
  ...columnsOf(row, { currency: fuelPricesBody.shape.currency.unwrap() }),
];

const fuelPrices: Contract = (row) =>
  check(
    fuelPriceEntry,
    { fuelType: row.fuel_type, pricePerTonne: row.price_per_tonne, validFrom: row.valid_from },
    { fuelType: "fuel_type", pricePerTonne: "price_per_tonne", validFrom: "valid_from" },
  );

const noonMappings: Contract = (row) => [
  ...check(
    saveNoonMappingBody,
    { headers: row.headers, columnMappings: row.column_mappings },
    {
      columnMappings: "column_mappings",
    },
  ),
  ...check(noonMappingParams, { signature: row.signature }),
];

// ---- alerts and their delivery ---------------------------------------------------------------------------------

const alertConfigs: Contract = (row, ctx) => [
  ...shipRef(row, ctx),
  ...columnsOf(row, { type: z.enum(ALERT_TYPES) }),
  ...check(
    alertConfigItem,
    {
      enabled: row.enabled,
      threshold: row.threshold,
      severity: row.severity,
      notificationMethod: row.notification_method,
    },
    { notificationMethod: "notification_method" },
  ),
];

/** The path of the dashboard section an alert explains, on the alert's own ship (alerts/alert-inputs.ts). */
const ALERT_LINK = /^\/dashboard\/(\d+)(\?[A-Za-z0-9=&%._~-]*)?$/;

const alerts: Contract = (row, ctx) => {
  const link = typeof row.link === "string" ? ALERT_LINK.exec(row.link) : null;
  return [
    ...shipRef(row, ctx),
    ...columnsOf(row, {
      type: z.enum(ALERT_TYPES),
      status: z.enum(ALERT_STATUSES),
      severity: z.enum(ALERT_SEVERITIES),
      unit: z.enum(["%", "days"]),
      figure: finite.nullable(),
      latest_figure: finite.nullable(),
      threshold: finite.min(0).max(ALERT_THRESHOLD_MAX),
      message: text(2000),
      latest_message: text(2000),
      resolution_note: text(1000).nullable(),
    }),
    ...(link && Number(link[1]) === row.ship_id
      ? []
      : [
          {
            column: "link",
            reason: "must be the path of a dashboard section of the alert's ship (/dashboard/<ship>?…)",
          },
        ]),
  ];
};

const alertChannels: Contract = async (row, ctx) => {
  const columns = {
    emailRecipients: "email_recipients",
    smsRecipients: "sms_recipients",
    webhookUrl: "webhook_url",
  };
  const issues = check(
    alertChannelsBody,
    {
      emailRecipients: row.email_recipients ?? [],
      smsRecipients: row.sms_recipients ?? [],
      webhookUrl: row.webhook_url ?? null,
    },
    columns,
  );
  if (issues.length === 0 && typeof row.webhook_url === "string") {
    const refused = await ctx.refusedWebhook(row.webhook_url);
    if (refused) issues.push({ column: "webhook_url", reason: refused });
  }
  return issues;
};

const alertDeliveries: Contract = (row) =>
  columnsOf(row, {
    event: z.enum(["opened", "resolved", "test"]),
    channel: z.enum(DELIVERY_CHANNELS),
    outcome: z.enum(DELIVERY_OUTCOMES),
    target: text(2000),
    attempt: z.number().int().min(1).max(1000),
    error: text(10_000).nullable(),
  });

// ---- reports -------------------------------------------------------------------------------------------------

const reportSchedules: Contract = (row) =>
  check(
    reportScheduleBody,
    { enabled: row.enabled, shipIds: row.ship_ids, memberIds: row.member_ids },
    { shipIds: "ship_ids", memberIds: "member_ids" },
  );

const reportDeliveries: Contract = (row) =>
  columnsOf(row, {
    period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month YYYY-MM"),
    target: text(254),
    outcome: z.enum(REPORT_DELIVERY_OUTCOMES),
    attempts: z.number().int().min(1).max(1000),
    error: text(10_000).nullable(),
  });

// ---- the upload log and the audit trail ------------------------------------------------------------------------

const storedUploadError = z.object({
  row: z.number(),
  column: text(1000),
  value: text(10_000),
  reason: text(2000),
  sheet: text(1000).optional(),
});

const uploads: Contract = (row) =>
  columnsOf(row, {
    file_name: text(1000),
    size_bytes: count,
    sha256: z.string().regex(/^[0-9a-f]{0,64}$/, "must be a SHA-256 in hex"),
    data_type: z.string().regex(/^[a-z]{1,40}$/, "must be an upload data type"),
    status: z.enum(UPLOAD_STATUSES),
    rows_total: count,
    rows_new: count,
    rows_updated: count,
    rows_unchanged: count,
    rows_rejected: count,
    counts_by_type: z.record(text(40), typeCounts).nullable(),
    errors: z.array(storedUploadError).nullable(),
    message: text(10_000).nullable(),
    checks: z.array(storedNoonCheckResult).nullable(),
  });

const jsonObject = z.record(z.string(), z.unknown());
const auditLog: Contract = (row) =>
  columnsOf(row, {
    kind: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/, "must be an audit kind like ship.update"),
    actor_email: text(254).nullable(),
    method: z
      .string()
      .regex(/^[A-Z]{1,10}$/, "must be an HTTP method")
      .nullable(),
    route: text(2000).nullable(),
    status: z.number().int().min(100).max(599).nullable(),
    target: jsonObject.nullable(),
    details: jsonObject.nullable(),
  });

/** Every organisation table's row contract (a test checks that each table of ORG_TABLES has one). */
/** Charter-party terms as the API stores them: the body the PUT routes accept, of a voyage of the same ship. */
const charterPartyTerms: Contract = (row, ctx) => [
  ...shipRef(row, ctx),
  ...voyageRef(row, ctx),
  ...columnsOf(row, { condition: z.enum(CP_CONDITIONS), terms: charterPartyTermsBody }),
];

export const ROW_CONTRACTS: Record<string, Contract> = {
  ships,
  voyages,
  maintenance_events: maintenanceEvents,
  fuel_data: fuelData,
  environmental_data: environmentalData,
  hull_condition: hullCondition,
  trim_data: trimData,
  auxiliary_data: auxiliaryData,
  compliance_data: complianceData,
  noon_reports: noonReports,
  rollup_pending: rollupPending,
  org_settings: orgSettings,
  fuel_prices: fuelPrices,
  noon_mappings: noonMappings,
  alert_configs: alertConfigs,
  alerts,
  alert_channels: alertChannels,
  alert_deliveries: alertDeliveries,
  report_schedules: reportSchedules,
  report_deliveries: reportDeliveries,
  uploads,
  audit_log: auditLog,
  charter_party_terms: charterPartyTerms,
};
