import { drizzle } from "drizzle-orm/node-postgres";
import { refreshDailyRollup } from "../server/rollups/daily-rollup";
/**
 * Loads a simulated fleet into PostgreSQL, fast and idempotently: each data type is streamed with COPY FROM
 * STDIN (pg-copy-streams) into a temporary staging table on its own connection, then moved into the real
 * table with INSERT … SELECT … ON CONFLICT, so a re-run neither duplicates nor fails. Ships are created in the
 * organisation or reused by IMO number; voyages are upserted on (org, ship, voyage number) and the series
 * rows find their voyage by number.
 */

import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { isoTime } from "./upload-rows";
import { type Cadence, type FleetOptions, FleetSimulation, spanEnding } from "./fleet";
import type { SeriesKind, SimRecord } from "./records";
import type { Scenario } from "./ship-simulation";
import { type SimulatedShipType, shipTypeLabel, type Vessel } from "./vessel";
import { ChunkedWriter } from "./write-files";

type Stage = { table: string; columns: string; stageDdl: string; insert: (orgId: number) => string };

const SERIES_KEYS = "org_id, ship_id, voyage_id, ts";
const joinVoyage = (orgId: number) =>
  `from stage s left join voyages v on v.org_id = ${orgId} and v.ship_id = s.ship_id and v.voyage_number = s.voyage_number`;

function series(table: string, cols: [string, string][]): Stage {
  const names = cols.map(([n]) => n).join(", ");
  return {
    table,
    columns: `ship_id, voyage_number, ts, ${names}`,
    stageDdl: `ship_id integer, voyage_number text, ts timestamptz, ${cols.map(([n, t]) => `${n} ${t}`).join(", ")}`,
    insert: (orgId) =>
      `insert into ${table} (${SERIES_KEYS}, ${names}) select ${orgId}, s.ship_id, v.id, s.ts, ${cols
        .map(([n]) => `s.${n}`)
        .join(", ")} ${joinVoyage(orgId)} on conflict do nothing`,
  };
}

const F = "double precision";
const STAGES: Record<SeriesKind | "voyage", Stage> = {
  voyage: {
    table: "voyages",
    columns: "ship_id, voyage_number, origin, destination, departure_date, arrival_date, cargo_tonnes",
    stageDdl:
      "ship_id integer, voyage_number text, origin text, destination text, departure_date timestamptz, arrival_date timestamptz, cargo_tonnes double precision",
    insert: (
      orgId,
    ) => `insert into voyages (org_id, ship_id, voyage_number, origin, destination, departure_date, arrival_date, status, cargo_tonnes)
      select ${orgId}, ship_id, voyage_number, origin, destination, departure_date, arrival_date,
             case when arrival_date is null then 'active' else 'completed' end, cargo_tonnes from stage
      on conflict (org_id, ship_id, voyage_number) do update set origin = excluded.origin,
        destination = excluded.destination, departure_date = excluded.departure_date,
        arrival_date = excluded.arrival_date, status = excluded.status, cargo_tonnes = excluded.cargo_tonnes`,
  },
  fuel: series("fuel_data", [
    ["consumer", "text"],
    ["sfoc", F],
    ["fuel_consumption_rate", F],
    ["engine_load_factor", F],
    ["speed_through_water", F],
    ["speed_over_ground", F],
    ["engine_power", F],
    ["fuel_type", "text"],
    ["co2_emissions", F],
    ["distance_nm", F],
    ["period_hours", F],
  ]),
  environmental: series("environmental_data", [
    ["wind_speed", F],
    ["wave_height", F],
    ["wind_direction", "integer"],
    ["sea_state", "integer"],
    ["weather_impact", F],
    ["air_temperature", F],
    ["sea_temperature", F],
  ]),
  hull: series("hull_condition", [
    ["roughness_index", F],
    ["propeller_slip", F],
    ["hull_efficiency", F],
    ["days_since_last_cleaning", "integer"],
    ["last_cleaning_date", "date"],
    ["current_trim", F],
  ]),
  trim: series("trim_data", [
    ["draught_fore_m", F],
    ["draught_aft_m", F],
    ["trim_m", F],
    ["displacement_t", F],
  ]),
  auxiliary: series("auxiliary_data", [
    ["hvac_power", F],
    ["pumps_power", F],
    ["lighting_power", F],
    ["navigation_power", F],
    ["cargo_handling_power", F],
  ]),
  compliance: series("compliance_data", [
    ["eeoi_value", F],
    ["eeoi_target", F],
    ["cii_rating", "text"],
    ["cii_attained", F],
  ]),
};

const c = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The COPY (CSV) line of a record for its staging table. */
function stageLine(rec: Exclude<SimRecord, { kind: "ship" }>, shipId: number): string {
  switch (rec.kind) {
    case "voyage":
      return `${shipId},${rec.voyageNumber},"${rec.origin}","${rec.destination}",${isoTime(rec.departureMs)},${rec.arrivalMs === null ? "" : isoTime(rec.arrivalMs)},${rec.cargoTonnes}\n`;
    case "fuel":
      return `${shipId},${c(rec.voyageNumber)},${isoTime(rec.ts)},${rec.consumer},${rec.sfoc},${rec.fuelRate},${rec.engineLoad},${rec.stw},${rec.sog},${rec.enginePower},${rec.fuelType},${rec.co2},${rec.distanceNm},${rec.periodHours}\n`;
    case "environmental":
      return `${shipId},${c(rec.voyageNumber)},${isoTime(rec.ts)},${rec.windSpeed},${rec.waveHeight},${rec.windDirection},${rec.seaState},${rec.weatherImpact},${rec.airTemperature},${rec.seaTemperature}\n`;
    case "hull":
      return `${shipId},,${isoTime(rec.ts)},${rec.roughnessIndex},${rec.propellerSlip},${rec.hullEfficiency},${rec.daysSinceCleaning},${rec.lastCleaningDate},${rec.currentTrim}\n`;
    case "trim":
      return `${shipId},${c(rec.voyageNumber)},${isoTime(rec.ts)},${rec.draughtFore},${rec.draughtAft},${rec.trim},${rec.displacement}\n`;
    case "auxiliary":
      return `${shipId},${c(rec.voyageNumber)},${isoTime(rec.ts)},${rec.hvac},${rec.pumps},${rec.lighting},${rec.navigation},${rec.cargoHandling}\n`;
    case "compliance":
      return `${shipId},${c(rec.voyageNumber)},${isoTime(rec.ts)},${c(rec.eeoi)},${rec.eeoiTarget},${c(rec.ciiRating)},${c(rec.ciiAttained)}\n`;
  }
}

/** Creates the fleet's ships in the organisation, or reuses them by IMO number; returns IMO → ship id. */
export async function ensureShips(
  pool: pg.Pool,
  orgId: number,
  vessels: readonly Vessel[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const v of vessels) {
    const p = v.particulars;
    const found = await pool.query<{ id: number }>(
      `insert into ships (org_id, name, imo_number, ship_type, deadweight, gross_tonnage, engine_power_kw, design_speed_kn,
         length_m, beam_m, design_draught_m, year_built)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (org_id, imo_number) do update set updated_at = ships.updated_at
       returning id`,
      [
        orgId,
        v.name,
        v.imoNumber,
        v.shipType,
        p.deadweightT,
        p.grossTonnage,
        p.mcrKw,
        p.designSpeedKn,
        p.lengthM,
        p.beamM,
        p.designDraughtM,
        p.yearBuilt,
      ],
    );
    ids.set(v.imoNumber, found.rows[0]!.id);
  }
  return ids;
}

export type LoadSummary = {
  orgId: number;
  /** Rows generated and copied into staging (voyages included). */
  staged: number;
  /** Series rows that were new (voyages not counted). */
  inserted: number;
  /** Rows inserted or updated per data type. */
  rows: Record<string, number>;
  /** Time until every COPY had finished (generation included); then the total. */
  copySeconds: number;
  seconds: number;
};

/** Streams a fleet run into the organisation's tables (see the module comment). */
export async function loadFleet(
  pool: pg.Pool,
  orgId: number,
  fleet: FleetSimulation,
  shipIds?: Map<string, number>,
): Promise<LoadSummary> {
  const t0 = performance.now();
  const ids = shipIds ?? (await ensureShips(pool, orgId, fleet.vessels));
  const kinds = Object.keys(STAGES) as (keyof typeof STAGES)[];
  // One connection per data type, opened beside the pool (whose size may be smaller than seven).
  const clients = kinds.map(() => new pg.Client(pool.options));
  await Promise.all(clients.map((cl) => cl.connect()));
  const writers = new Map<string, ChunkedWriter>();
  try {
    for (const [i, kind] of kinds.entries()) {
      const client = clients[i]!;
      const st = STAGES[kind];
      await client.query("begin");
      await client.query(`create temp table stage (${st.stageDdl}) on commit drop`);
      writers.set(
        kind,
        new ChunkedWriter(client.query(copyFrom(`copy stage (${st.columns}) from stdin with (format csv)`))),
      );
    }
    for (const rec of fleet.records()) {
      if (rec.kind === "ship") continue;
      const w = writers.get(rec.kind)!;
      w.push(stageLine(rec, ids.get(rec.imo)!));
      if (w.mustWait) await w.drain();
    }
    await Promise.all([...writers.values()].map((w) => w.end()));
    const copySeconds = (performance.now() - t0) / 1000;
    const rows: Record<string, number> = {};
    const insertOn = async (i: number) => {
      const kind = kinds[i]!;
      // A temporary table has no statistics until analysed; without them the voyage join plans badly.
      await clients[i]!.query("analyze stage");
      const r = await clients[i]!.query(STAGES[kind].insert(orgId));
      await clients[i]!.query("commit");
      rows[kind] = r.rowCount ?? 0;
    };
    await insertOn(kinds.indexOf("voyage"));
    await Promise.all(kinds.map((k, i) => (k === "voyage" ? undefined : insertOn(i))));
    // The dashboards read the daily rollup: recompute it for the ships and days just loaded.
    const { startMs, endMs } = fleet.span;
    await refreshDailyRollup(drizzle(pool), orgId, [...ids.values()], new Date(startMs), new Date(endMs));
    const staged = [...writers.values()].reduce((s, w) => s + w.rows, 0);
    const inserted = Object.entries(rows).reduce((s, [k, n]) => s + (k === "voyage" ? 0 : n), 0);
    return { orgId, staged, inserted, rows, copySeconds, seconds: (performance.now() - t0) / 1000 };
  } catch (err) {
    await Promise.all(clients.map((cl) => cl.query("rollback").catch(() => {})));
    throw err;
  } finally {
    await Promise.all(clients.map((cl) => cl.end().catch(() => {})));
  }
}

export type HistoryShip = {
  name: string;
  imoNumber: string;
  shipType: string;
  deadweight?: number | null;
  grossTonnage?: number | null;
  enginePowerKw?: number | null;
  designSpeedKn?: number | null;
  lengthM?: number | null;
  beamM?: number | null;
  designDraughtM?: number | null;
  yearBuilt?: number | null;
};

export type HistoryOptions = {
  years: number;
  cadence: Cadence;
  seed: number | string;
  /** The history ends here (aligned down to the cadence). */
  end: Date;
  /** Scenario per ship, in the order of `ships`. */
  scenarios?: readonly Scenario[];
  model?: FleetOptions["model"];
};

/**
 * Simulated history for existing ships of an organisation (matched by IMO number, their particulars kept):
 * voyages and every time series, `years` long, ending at `end`. Used for the demo organisation (D8).
 */
export async function loadSimulatedHistory(
  pool: pg.Pool,
  orgId: number,
  ships: readonly HistoryShip[],
  options: HistoryOptions,
): Promise<LoadSummary> {
  const num = (x: number | null | undefined) => (x === null || x === undefined ? undefined : x);
  const fleet = new FleetSimulation({
    ships: ships.map((s) => ({
      shipType: toSimulatedType(s.shipType),
      name: s.name,
      imoNumber: s.imoNumber,
      particulars: {
        deadweightT: num(s.deadweight),
        grossTonnage: num(s.grossTonnage),
        mcrKw: num(s.enginePowerKw),
        designSpeedKn: num(s.designSpeedKn),
        lengthM: num(s.lengthM),
        beamM: num(s.beamM),
        designDraughtM: num(s.designDraughtM),
        yearBuilt: num(s.yearBuilt),
      },
    })),
    seed: options.seed,
    cadence: options.cadence,
    ...spanEnding(options.end.getTime(), options.years, options.cadence),
    scenarios: options.scenarios,
    model: options.model,
  });
  const summary = await loadFleet(pool, orgId, fleet);
  await storeBaselines(pool, orgId, fleet, options.end);
  return summary;
}

/**
 * Gives each simulated ship the baselines a real one comes with: the engine's shop-test SFOC curve and the
 * sea-trial speed–power curve at design displacement, both from the simulator's ground truth, so that the
 * analyses compare the history with what the engine and hull were when new.
 */
async function storeBaselines(pool: pg.Pool, orgId: number, fleet: FleetSimulation, at: Date): Promise<void> {
  for (const truth of fleet.groundTruth().ships) {
    const shopTest = truth.engine.shopTest.points.map((p) => ({
      loadPercent: p.loadPct,
      sfoc: p.sfocGPerKwh,
    }));
    const design = truth.speedPowerCurve.design;
    await pool.query(
      `update ships set shop_test_sfoc = $1, speed_power_curve = $2, reference_displacement_t = $3,
         baseline_updated_at = $4, updated_at = now()
       where org_id = $5 and imo_number = $6`,
      [
        JSON.stringify(shopTest),
        JSON.stringify(design.points),
        design.displacementT,
        at,
        orgId,
        truth.imoNumber,
      ],
    );
  }
}

function toSimulatedType(type: string): SimulatedShipType {
  const known: SimulatedShipType[] = [
    "bulk_carrier",
    "container_ship",
    "tanker",
    "general_cargo_ship",
    "lng_carrier",
  ];
  const t = known.find((k) => k === type || shipTypeLabel(k).toLowerCase() === type.toLowerCase());
  return t ?? "general_cargo_ship";
}
