import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAD_HISTOGRAM, loadHistogramBin } from "../../domain/engine/load-bands";
import {
  atSeaSpeed,
  energyKwhOver,
  fuelTonnesOver,
  isAtSea,
  MAX_RECORD_HOURS,
  recordDistanceNm,
  recordHours,
} from "../../domain/records/record-arithmetic";
import { createTestDatabase } from "../test/test-database";
import {
  AT_SEA_OVER_GROUND_SQL,
  AT_SEA_SQL,
  atSeaSql,
  DISTANCE_DERIVED_NM_SQL,
  DISTANCE_NM_SQL,
  ENERGY_KWH_SQL,
  FUEL_T_SQL,
  LOAD_BAND_COLUMNS,
  loadBinSql,
  RECORD_HOURS_SQL,
} from "./fuel-record-sql";

// The SQL the database sums with must say what the domain's functions say, case by case.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const rows = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows;

describe("RECORD_HOURS_SQL equals domain recordHours", () => {
  // one series per consumer; ts in hours from a start; period_hours when reported
  const records: [string, number, number | null][] = [
    ["main", 0, null], // first of its series: no gap, covers nothing
    ["main", 1, null], // 1 h gap
    ["main", 1.25, null], // a quarter hour
    ["main", 31.25, null], // a 30 h gap: capped at a day
    ["main", 32.25, 6], // reported period wins over the gap
    ["auxiliary", 2, 24], // another consumer's first record with a period
    ["auxiliary", 5, null], // its own gap, not the main engine's
    ["auxiliary", 5, null], // a second grade at the same instant: the same gap, not 0 h (decision 008, grades)
    ["auxiliary", 7, null], // after an instant of two records: the gap to that instant
  ];
  it.each(records.map((r, i) => [i, ...r] as const))("record %d (%s at %d h, period %s)", async (i) => {
    const values = sql.join(
      records.map(
        ([consumer, h, period]) =>
          sql`(1, ${consumer}::text, timestamptz '2025-01-01T00:00:00Z' + ${h} * interval '1 hour', ${period}::float8)`,
      ),
      sql`, `,
    );
    const out = await rows(
      sql`select consumer, extract(epoch from ts)::float8 as ts, ${sql.raw(RECORD_HOURS_SQL)} as h
        from (values ${values}) as f(ship_id, consumer, ts, period_hours) order by consumer, ts`,
    );
    const [consumer, h, period] = records[i]!;
    const previous = records.filter(([c, x]) => c === consumer && x < h).map(([, x]) => x);
    const gap = previous.length > 0 ? h - Math.max(...previous) : null;
    const start = Date.UTC(2025, 0, 1) / 1000;
    const row = out.find((r) => r.consumer === consumer && Number(r.ts) === start + h * 3600)!;
    expect(Number(row.h)).toBeCloseTo(recordHours(period, gap), 9);
    expect(Number(row.h)).toBeLessThanOrEqual(period ?? MAX_RECORD_HOURS);
  });
});

describe("distance SQL equals domain recordDistanceNm (issue 11 item 7)", () => {
  it.each([
    [120, 14, 6], // a reported distance wins over SOG × hours
    [null, 14, 6], // none reported: SOG × hours, derived
    [null, null, 6], // neither: no distance
    [0, 12, 1], // a reported 0 (at anchor) is a distance, not a gap
    [null, 13.5, 0], // the first record of a series covers no time
  ] as const)("distance %s nm, SOG %s kn over %s h", async (nm, sog, h) => {
    const [row] = await rows(
      sql`select ${sql.raw(DISTANCE_NM_SQL)} as nm, ${sql.raw(DISTANCE_DERIVED_NM_SQL)} as derived
        from (values (${nm}::float8, ${sog}::float8, ${h}::float8)) as r(distance_nm, speed_over_ground, h)`,
    );
    const d = recordDistanceNm(nm, sog, h);
    expect(Number(row!.nm)).toBeCloseTo(d.nm, 12);
    expect(Number(row!.derived)).toBeCloseTo(d.derived ? d.nm : 0, 12);
  });
});

describe("fuel, energy and at-sea SQL equal the domain's per-record functions", () => {
  it.each([
    [24, 1, 8000, 12],
    [30, 0.25, 12_500, 0.5],
    [null, 2, 9000, 1],
    [5.5, 6, null, 1.01],
    [0, 24, 0, null],
  ] as const)("rate %s t/day over %s h, %s kW, STW %s kn", async (rate, h, power, stw) => {
    const [row] = await rows(
      sql`select ${sql.raw(FUEL_T_SQL)} as fuel, ${sql.raw(ENERGY_KWH_SQL)} as energy,
          ${sql.raw(atSeaSql("speed_through_water"))} as at_sea
        from (values (${rate}::float8, ${h}::float8, ${power}::float8, ${stw}::float8))
          as r(fuel_consumption_rate, h, engine_power, speed_through_water)`,
    );
    expect(Number(row!.fuel)).toBeCloseTo(fuelTonnesOver(rate ?? 0, h), 12);
    expect(Number(row!.energy)).toBeCloseTo(energyKwhOver(power ?? 0, h), 9);
    expect(row!.at_sea ?? false).toBe(isAtSea(stw));
  });
});

describe("at-sea SQL equals domain isAtSea: speed through water, else over ground, else distance ÷ hours (issue 32 item 4)", () => {
  it.each([
    [12, 0.2, 100, 24], // the log's speed decides, whatever the ground says
    [0.5, 12, 288, 24], // a log reading ~0 (drifting, or a stopped log): not at sea by the log
    [null, 12.5, null, 24], // no log speed: speed over ground
    [null, 0.4, 10, 24], // over ground, at anchor
    [null, null, 288, 24], // only a distance: 12 kn over the record's hours
    [null, null, 12, 24], // 0.5 kn over the day: not at sea
    [null, null, 50, 0], // a record covering no time: no speed to read
    [null, null, null, 24], // nothing known: not at sea
    [1, null, null, 6], // exactly the threshold is not above it
  ] as const)("STW %s, SOG %s, distance %s nm over %s h", async (stw, sog, nm, h) => {
    const [row] = await rows(
      sql`select coalesce(${sql.raw(AT_SEA_SQL)}, false) as at_sea,
          coalesce(${sql.raw(AT_SEA_OVER_GROUND_SQL)}, false) as over_ground
        from (values (${stw}::float8, ${sog}::float8, ${nm}::float8, ${h}::float8))
          as r(speed_through_water, speed_over_ground, distance_nm, h)`,
    );
    const atSea = isAtSea(stw, sog, nm, h);
    expect(row!.at_sea).toBe(atSea);
    expect(row!.over_ground).toBe(atSea && atSeaSpeed(stw, sog, nm, h)!.source !== "speed-through-water");
  });
});

describe("load histogram SQL puts each load in the domain's bin", () => {
  const loads = [-1, 0, 10, 24.999, 25, 39.99, 40, 54.9, 55, 70, 84.99, 85, 85.001, 99, 100, 100.5, 130];
  it.each(loads)("load %d %%", async (load) => {
    const cases = sql.raw(LOAD_HISTOGRAM.map((bin, i) => `when ${loadBinSql(bin)} then ${i}`).join(" "));
    const [row] = await rows(
      sql`select case ${cases} end as bin from (values (${load}::float8)) as r(engine_load_factor)`,
    );
    expect(Number(row!.bin)).toBe(loadHistogramBin(load));
    expect(LOAD_BAND_COLUMNS[loadHistogramBin(load)]).toMatch(/^load_h_\d+$/);
  });
});
