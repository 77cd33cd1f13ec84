import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HULL_LOG_SOG_MAX_KN,
  HULL_MIN_SPEED_KN,
  HULL_WAVE_MAX_M,
  HULL_WEATHER_IMPACT_MAX_PERCENT,
  HULL_WIND_MAX_KN,
  hullLogCoordinates,
  hullRecordRejection,
  type StoredHullRecord,
} from "../../domain/hull/performance-value";
import { createTestDatabase } from "../test/test-database";
import { HULL_REJECTION_SQL, HULL_U_SQL } from "./hull-record-sql";

// The hull rollup filters and sums records by this SQL; the domain's rule must give the same answer.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const rec = (
  stw: number | null,
  p: number | null,
  disp: number | null,
  seaT: number | null,
  wind: number | null,
  wave: number | null = 1,
  weatherImpactPercent: number | null = null,
  sog: number | null = null,
) =>
  ({
    speedThroughWaterKn: stw,
    powerKw: p,
    displacementT: disp,
    seaTemperatureC: seaT,
    windSpeedKn: wind,
    waveHeightM: wave,
    weatherImpactPercent,
    speedOverGroundKn: sog,
  }) as StoredHullRecord;

describe("the hull filter in SQL equals the domain's hullRecordRejection", () => {
  it.each([
    rec(14, 9000, 50_000, 20, 10),
    rec(null, 9000, 50_000, 20, 10),
    rec(14, 0, 50_000, 20, 10),
    rec(14, 9000, null, 20, 10),
    rec(14, 9000, 50_000, null, 10),
    rec(14, 9000, 50_000, 20, null),
    rec(HULL_MIN_SPEED_KN - 0.01, 9000, 50_000, 20, 10),
    rec(HULL_MIN_SPEED_KN, 9000, 50_000, 20, 10),
    rec(14, 9000, 50_000, 2, 10),
    rec(14, 9000, 50_000, 2.01, 10),
    rec(14, 9000, 50_000, 20, HULL_WIND_MAX_KN),
    rec(14, 9000, 50_000, 20, HULL_WIND_MAX_KN + 0.01),
    rec(0.5, 9000, 50_000, 1, 40),
    rec(14, 9000, 50_000, 20, 10, HULL_WAVE_MAX_M),
    rec(14, 9000, 50_000, 20, 10, HULL_WAVE_MAX_M + 0.01),
    rec(14, 9000, 50_000, 20, 10, null),
    // the power less its weather impact (% of calm-water power), none removed without one or at -100 %
    rec(14, 9000, 50_000, 20, 10, 1, 12.5),
    rec(14, 9000, 50_000, 20, 10, 1, -8),
    rec(14, 9000, 50_000, 20, 10, 1, -100),
    // good weather for daily reports and the speed log against speed over ground (decision 042)
    rec(14, 9000, 50_000, 20, 10, 1, HULL_WEATHER_IMPACT_MAX_PERCENT),
    rec(14, 9000, 50_000, 20, 10, 1, HULL_WEATHER_IMPACT_MAX_PERCENT + 0.01),
    rec(14, 9000, 50_000, 20, 10, 1, null, 14 + HULL_LOG_SOG_MAX_KN),
    rec(14, 9000, 50_000, 20, 10, 1, null, 14 - HULL_LOG_SOG_MAX_KN - 0.01),
    rec(14, 9000, 50_000, 20, 10, 1, null, 14 + HULL_LOG_SOG_MAX_KN + 0.01),
  ])("%o", async (r) => {
    const v = (x: number | null) => (x === null ? sql`null::float8` : sql`${x}::float8`);
    const [row] = await database.db
      .execute(sql`select ${sql.raw(HULL_REJECTION_SQL)} as reason,
          case when stw > 0 then ln(stw) end as y,
          ${sql.raw(HULL_U_SQL)} as u
        from (select ${v(r.speedThroughWaterKn)} as stw, ${v(r.speedOverGroundKn ?? null)} as sog, ${v(r.powerKw)} as p, ${v(r.displacementT)} as disp,
          ${v(r.seaTemperatureC)} as sea_t, ${v(r.windSpeedKn)} as wind, ${v(r.waveHeightM)} as wave,
          ${v(r.weatherImpactPercent ?? null)} as wi) j`)
      .then((x) => x.rows as { reason: string | null; y: number | null; u: number | null }[]);
    expect(row!.reason).toBe(hullRecordRejection(r));
    if (row!.reason === null) {
      const c = hullLogCoordinates(r as never);
      expect(Number(row!.y)).toBeCloseTo(c.y, 12);
      expect(Number(row!.u)).toBeCloseTo(c.u, 12);
    }
  });
});
