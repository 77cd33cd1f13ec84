/**
 * The ground-truth test: the simulator's fleet (full model: weather, fouling, SFOC drift, noise)
 * uploaded once as its separate files (fuel, environmental, trim) and once as one noon-report sheet gives the
 * same fuel, distance, CII and EEOI. Ships and voyages come from their own files in both cases (a noon sheet
 * carries no ship particulars). Differences reached are asserted below and stated in decision 008.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spanFrom } from "../../../simulator/fleet";
import { writeFleetFiles } from "../../../simulator/write-files";
import { createTestApp, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-noon-sim-"));
  // One ship, half a year of daily reports from 2025-01-01: several voyages, port calls, weather.
  await writeFleetFiles(
    { ships: 1, seed: 11, cadence: "24h", ...spanFrom(Date.parse("2025-01-01T00:00:00Z"), 0.5, "24h") },
    dir,
    { noon: true },
  );
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function put(user: TestUser, file: string, config: Record<string, unknown>) {
  const res = await uploadFile(
    t.app,
    user,
    { filename: file, content: fs.readFileSync(path.join(dir, file)) },
    config,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const RANGE = "range=custom&from=2025-01-01&to=2025-06-30";

async function figures(user: TestUser) {
  const shipId = (await t.app.inject({ url: "/api/ships", headers: { cookie: user.cookie } })).json()[0].id;
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const dash = await get(`/api/dashboard/${shipId}?${RANGE}&engine=all`);
  const consumption = await get(`/api/ships/${shipId}/analysis/fuel-fuel-consumption?${RANGE}&engine=all`);
  const eeoi = await get(`/api/ships/${shipId}/analysis/fuel-fuel-eeoi?${RANGE}&engine=all`);
  return {
    fuelT: consumption.summary.totalFuelT as number,
    distanceNm: consumption.summary.distanceNm as number,
    ciiAttained: dash.kpis.cii.attained as number,
    eeoi: eeoi.summary.eeoi as number,
    voyageCo2T: eeoi.byVoyage.co2T as number[],
  };
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe("the simulator's noon reports against its separate files", () => {
  it("give the same fuel, distance, CII and EEOI", async () => {
    const separate = await t.registerOwner();
    for (const type of ["ships", "voyages", "fuel", "environmental", "trim"]) {
      const body = await put(separate, `${type}.csv`, { dataType: type });
      expect(body.data[type].rejected, type).toBe(0);
    }
    const noon = await t.registerOwner();
    for (const type of ["ships", "voyages"]) await put(noon, `${type}.csv`, { dataType: type });
    const body = await put(noon, "noon-reports.csv", { dataType: "noon" });
    expect(body.errors).toEqual([]);
    expect(body.data.voyages.new).toBe(0);
    expect(body.mapping.columns.filter((c: { field: string | null }) => c.field === null)).toEqual([]);

    const a = await figures(separate);
    const b = await figures(noon);
    expect(a.fuelT).toBeGreaterThan(1000);
    expect(a.voyageCo2T.length).toBeGreaterThan(1);
    // Fuel tonnes are written to 1 g per report; CO2 is recomputed from the grade (the files round it to 1e-6 t/day).
    expect(rel(b.fuelT, a.fuelT)).toBeLessThan(1e-7);
    expect(b.distanceNm).toBeCloseTo(a.distanceNm, 6);
    expect(rel(b.ciiAttained, a.ciiAttained)).toBeLessThan(1e-6);
    expect(rel(b.eeoi, a.eeoi)).toBeLessThan(1e-6);
    for (const [i, co2] of b.voyageCo2T.entries()) expect(rel(co2, a.voyageCo2T[i]!)).toBeLessThan(1e-6);
    console.info(
      `noon vs separate files: fuel ${rel(b.fuelT, a.fuelT).toExponential(1)}, distance ${Math.abs(b.distanceNm - a.distanceNm).toExponential(1)} nm, CII ${rel(b.ciiAttained, a.ciiAttained).toExponential(1)}, EEOI ${rel(b.eeoi, a.eeoi).toExponential(1)} (relative)`,
    );

    // Every check stays quiet on the clean export but the SFOC rules, which mark what the separate files' report checks mark.
    const quiet = body.checks.filter((c: { check: string }) => !c.check.startsWith("sfoc"));
    expect(quiet).toEqual([]);
  }, 120_000);
});
