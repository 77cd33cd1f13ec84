/** Test fixtures for the analysis API: a ship with a shop-test curve and hand-made records, rollups refreshed. */
import { fuelGradeOf } from "../../domain/fuels/fuel-names";
import { bumpDataVersions } from "../cache/data-version";
import type { fuelData } from "../db/schema";
import { auxiliaryData, environmentalData, fuelData as fuelTable, trimData } from "../db/schema";
import { refreshDailyRollup } from "../rollups/daily-rollup";
import type { createTestApp, TestUser } from "../test/test-app";
import { shipBody, VALID_IMOS } from "../test/test-app";

type T = Awaited<ReturnType<typeof createTestApp>>;
/** A fuel record to insert; without a grade, that of its fuel type (class 'MGO' → grade 'MGO'), HFO by default. */
export type FuelRow = Omit<typeof fuelData.$inferInsert, "orgId" | "shipId" | "fuelGrade"> & {
  fuelGrade?: string;
};

/** The row with its grade: as given, else the grade of its fuel type (the class's own grade). */
export function withGrade<R extends { fuelType?: string; fuelGrade?: string }>(
  row: R,
): R & { fuelGrade: string } {
  return { ...row, fuelGrade: row.fuelGrade ?? fuelGradeOf(row.fuelType ?? "HFO")!.grade };
}

export const SHOP_TEST = [
  { loadPercent: 25, sfoc: 190 },
  { loadPercent: 50, sfoc: 175 },
  { loadPercent: 75, sfoc: 170 },
  { loadPercent: 100, sfoc: 175 },
];

export async function createShip(t: T, user: TestUser, n = 0, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie: user.cookie },
    payload: shipBody({ name: `Ship ${n}`, imo: VALID_IMOS[n], ...body }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as number;
}

/** `count` records, one an hour from `start` (ts at the end of each hour), each covering 1 h. */
export function hourly(start: string, count: number, fields: Partial<FuelRow>): FuelRow[] {
  const t0 = new Date(start).getTime();
  return Array.from({ length: count }, (_, i) => ({
    ts: new Date(t0 + (i + 1) * 3_600_000),
    periodHours: 1,
    fuelType: "HFO",
    ...fields,
  }));
}

export async function insertFuel(t: T, orgId: number, shipId: number, rows: FuelRow[]) {
  for (let i = 0; i < rows.length; i += 2000)
    await t.db
      .insert(fuelTable)
      .values(rows.slice(i, i + 2000).map((r) => withGrade({ ...r, orgId, shipId })));
  await refreshAll(
    t,
    orgId,
    shipId,
    rows.map((r) => r.ts as Date),
  );
}

/** What every write path does after its inserts: the rollups of the span, and the ship's data version bumped. */
export async function refreshAll(t: T, orgId: number, shipId: number, ts: Date[]) {
  const ms = ts.map((d) => d.getTime());
  await refreshDailyRollup(t.db, orgId, [shipId], new Date(Math.min(...ms)), new Date(Math.max(...ms)));
  await bumpDataVersions(t.db, orgId, [shipId]);
}

/**
 * What the hull analysis needs beside each fuel record: its environment (sea temperature, wind, waves, from
 * `env` by the record's index) and its displacement, one environmental and one trim record per fuel record.
 */
export async function insertHullConditions(
  t: T,
  orgId: number,
  shipId: number,
  rows: readonly { ts: Date }[],
  env: (i: number) => { seaTemperature: number; windSpeed: number; waveHeight: number },
  displacementT: number,
) {
  await insertSeries(
    t,
    orgId,
    shipId,
    "environmental",
    rows.map((r, i) => ({ ts: r.ts, ...env(i) })),
  );
  await insertSeries(
    t,
    orgId,
    shipId,
    "trim",
    rows.map((r) => ({ ts: r.ts, displacementT })),
  );
}

export async function insertSeries(
  t: T,
  orgId: number,
  shipId: number,
  kind: "environmental" | "auxiliary" | "trim",
  rows: Record<string, unknown>[],
) {
  const table = { environmental: environmentalData, auxiliary: auxiliaryData, trim: trimData }[kind];
  await t.db.insert(table).values(rows.map((r) => ({ ...r, orgId, shipId })) as never);
  await refreshAll(
    t,
    orgId,
    shipId,
    rows.map((r) => r.ts as Date),
  );
}
