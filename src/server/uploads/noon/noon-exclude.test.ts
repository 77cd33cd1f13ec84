/**
 * Leaving flagged noon reports out of the figures (issue 13 item 4, decision 008): a sheet with one report
 * failing an error-severity check (its steaming hours overlap the previous report's period). With the
 * organisation's `excludeFlaggedReports` on, the dashboard's fuel, CII and EEOI equal those of the same sheet
 * without that row (uploaded by another organisation); off, they include it; the setting recomputes the
 * rollups in place; a corrected row re-sent clears the flag; another organisation's setting changes nothing
 * of the first's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, shipBody, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let other: TestUser;
let ownerShip: number;
let otherShip: number;

async function addShip(user: TestUser): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/ships",
    headers: { cookie: user.cookie },
    payload: shipBody({ name: "Nordic Star", imo: "9074729" }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  other = await t.registerOwner();
  ownerShip = await addShip(owner);
  otherShip = await addShip(other);
});
afterAll(async () => {
  await t.close();
});

const HEADER = [
  ",,,,,,M/E Cons,A/E Cons,",
  "Report type,Local time,UTC offset,Port,Steaming hrs,Dist. OG,HFO,MGO,Cargo",
  ",,,,hrs,nm,(MT),(MT),(MT)",
];
const row = (event: string, time: string, port: string, hours: number, nm: number, me: number, ae: number) =>
  `${event},${time},0,${port},${hours},${nm},${me},${ae},42000`;
const FIRST = [
  `In port,2025-03-01 12:00,0,Rotterdam,0,0,0,N/A,42000`,
  row("COSP", "2025-03-01 18:00", "Rotterdam", 0, 0, 0, 0.6),
  row("Noon", "2025-03-02 12:00", "", 18, 252, 30.1, 2.0),
  row("Noon", "2025-03-03 12:00", "", 24, 336, 40.0, 2.1),
];
/** Sheet row 8: 30 steaming hours in the 24 h since the previous report (time-overlap, an error). */
const BAD = row("Noon", "2025-03-04 12:00", "", 30, 330, 39.5, 2.0);
const CORRECTED = row("Noon", "2025-03-04 12:00", "", 24, 330, 39.5, 2.0);
const LAST = row("EOSP", "2025-03-04 20:00", "Hamburg", 8, 110, 13.0, 0.7);
const sheet = (rows: string[]) => [...HEADER, ...rows].join("\n");

async function upload(user: TestUser, shipId: number, content: string) {
  const res = await uploadFile(
    t.app,
    user,
    { filename: "noon.csv", content },
    { dataType: "noon", shipId: String(shipId) },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function call(user: TestUser, method: "GET" | "PUT", url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });
}

const RANGE = "range=custom&from=2025-03-01&to=2025-03-31";
async function figures(user: TestUser, shipId: number) {
  const get = async (url: string) => {
    const res = await call(user, "GET", url);
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
  };
}

function expectClose(a: Record<string, number>, b: Record<string, number>) {
  for (const key of Object.keys(b)) {
    expect(a[key], key).toBeTypeOf("number");
    expect(Math.abs(a[key]! - b[key]!), key).toBeLessThan(1e-9 * Math.max(1, Math.abs(b[key]!)));
  }
}

describe("excluding flagged noon reports", () => {
  it("leaves the flagged report out of fuel, CII and EEOI while the setting is on, and only then", async () => {
    const full = await upload(owner, ownerShip, sheet([...FIRST, BAD, LAST]));
    expect(full.checks).toContainEqual(
      expect.objectContaining({ check: "time-overlap", severity: "error", rows: [8] }),
    );
    await upload(other, otherShip, sheet([...FIRST, LAST]));
    const without = await figures(other, otherShip);

    // off by default: the flagged report counts
    expect((await call(owner, "GET", "/api/settings/exclude-flagged-reports")).json()).toEqual({
      excludeFlaggedReports: false,
      flaggedReports: 1,
    });
    const included = await figures(owner, ownerShip);
    expect(included.fuelT - without.fuelT).toBeCloseTo(39.5 + 2.0, 6);
    expect(included.distanceNm - without.distanceNm).toBeCloseTo(330, 6);
    expect(included.eeoi).not.toBeCloseTo(without.eeoi, 6);

    const on = await call(owner, "PUT", "/api/settings/exclude-flagged-reports", {
      excludeFlaggedReports: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ excludeFlaggedReports: true, flaggedReports: 1 });
    expectClose(await figures(owner, ownerShip), without);

    // the data-quality panel says how many reports are left out
    const panel = (await call(owner, "GET", `/api/ships/${ownerShip}/noon-checks`)).json();
    expect(panel.excludeFlaggedReports).toBe(true);
    expect(panel.uploads[0]).toMatchObject({ reports: 6, reportsFailingErrors: 1 });

    // off again: the rollups are recomputed with the report
    await call(owner, "PUT", "/api/settings/exclude-flagged-reports", { excludeFlaggedReports: false });
    expectClose(await figures(owner, ownerShip), included);
    await call(owner, "PUT", "/api/settings/exclude-flagged-reports", { excludeFlaggedReports: true });
    expectClose(await figures(owner, ownerShip), without);
  });

  it("counts a corrected row sent again: its flag is cleared", async () => {
    const before = await figures(owner, ownerShip);
    const res = await upload(owner, ownerShip, sheet([...FIRST, CORRECTED, LAST]));
    expect(res.checks.filter((c: { severity: string }) => c.severity === "error")).toEqual([]);
    expect((await call(owner, "GET", "/api/settings/exclude-flagged-reports")).json()).toEqual({
      excludeFlaggedReports: true,
      flaggedReports: 0,
    });
    const after = await figures(owner, ownerShip);
    expect(after.fuelT - before.fuelT).toBeCloseTo(39.5 + 2.0, 6);
    expect(after.distanceNm - before.distanceNm).toBeCloseTo(330, 6);
  });

  it("keeps each organisation's setting its own", async () => {
    const ownerFigures = await figures(owner, ownerShip);
    await upload(other, otherShip, sheet([...FIRST, BAD, LAST]));
    const put = await call(other, "PUT", "/api/settings/exclude-flagged-reports", {
      excludeFlaggedReports: false,
    });
    expect(put.statusCode).toBe(200);
    expect((await call(owner, "GET", "/api/settings/exclude-flagged-reports")).json()).toMatchObject({
      excludeFlaggedReports: true,
    });
    expect((await call(other, "GET", "/api/settings/exclude-flagged-reports")).json()).toEqual({
      excludeFlaggedReports: false,
      flaggedReports: 1,
    });
    expectClose(await figures(owner, ownerShip), ownerFigures);
    // one organisation cannot read another's ship's panel
    expect((await call(other, "GET", `/api/ships/${ownerShip}/noon-checks`)).statusCode).toBe(404);
  });

  it("refuses a body that is not a yes or no, naming the field", async () => {
    const res = await call(owner, "PUT", "/api/settings/exclude-flagged-reports", {
      excludeFlaggedReports: "yes",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("excludeFlaggedReports");
  });
});
