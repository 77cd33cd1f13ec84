/**
 * Issue 13 item 5 against the server: the LibreOffice noon-report workbook (a year of one simulated bulk
 * carrier, full model; scripts/make-noon-workbook.ts) goes through the preview and the upload, and the
 * stored records give back the simulator's own figures (noon-libreoffice.truth.json, unrounded): fuel per
 * consumer, distance over ground. The sheet rounds each report's fuel to 0.01 t and distance to 0.1 nm, so
 * over 384 reports the totals may drift by at most 384 × 0.005 t ≈ 1.9 t and 384 × 0.05 nm ≈ 19 nm; the
 * tolerance (0.2 %) is a little above that and far below any double counting (a period counted twice, a
 * t/day rate summed as tonnes) or a lost period.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser } from "../test/test-app";
import { uploadFile } from "./upload-test-helpers";

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const workbook = {
  filename: "noon-libreoffice.xlsx",
  content: fs.readFileSync(path.join(FIXTURES, "noon-libreoffice.xlsx")),
};
const truth = JSON.parse(fs.readFileSync(path.join(FIXTURES, "noon-libreoffice.truth.json"), "utf8")) as {
  ship: { name: string; imoNumber: string; deadweight: number; mcrKw: number };
  reports: number;
  voyagesDeparted: number;
  fuelTonnes: Record<string, Record<string, number>>;
  distanceOverGroundNm: number;
};
const TOLERANCE = 0.002;
/** The one column the header list does not know (free text); the user leaves it out in the preview. */
const UNKNOWN_HEADER = "Remarks";
/** A vendor's name for the main engine's power, in the vocabulary since issue 29 (mapped by hand before). */
const POWER_HEADER = "ME Avg Power";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await t.addShip(owner, {
    name: truth.ship.name,
    imo: truth.ship.imoNumber,
    type: "bulk_carrier",
    deadweight: truth.ship.deadweight,
    enginePower: truth.ship.mcrKw,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function count(table: string, orgId: number): Promise<number> {
  const r = await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where org_id = ${orgId}`));
  return (r.rows[0] as { n: number }).n;
}

const relative = (got: number, want: number) => Math.abs(got - want) / want;

describe("the LibreOffice noon-report workbook", () => {
  let mapping: Record<string, string>;

  it("previews without writing: title and merged rows skipped, headers recognised but one, 20 rows parsed", async () => {
    const res = await uploadFile(t.app, owner, workbook, { dataType: "noon", dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.dryRun).toBe(true);
    expect(preview.mapping.source).toBe("recognised");
    expect(preview.mapping.headerRow).toBe(4);
    expect(preview.mapping.unitsRow).toBe(5);
    const columns = preview.mapping.columns as { header: string; field: string | null }[];
    expect(columns.filter((c) => c.field === null).map((c) => c.header)).toEqual(
      expect.arrayContaining([UNKNOWN_HEADER]),
    );
    expect(columns.find((c) => c.header === POWER_HEADER)?.field).toBe("mePower");
    mapping = Object.fromEntries(columns.map((c) => [c.header, c.field ?? ""]));
    mapping[UNKNOWN_HEADER] = "";
    expect(preview.rowsTotal).toBe(truth.reports);
    expect(preview.rows).toHaveLength(20);
    // The sheet starts mid-stream: its first report (sheet row 6) has auxiliary fuel but no previous report
    // and no period column; its period is the sheet's usual interval (24 h), said so, and nothing is refused.
    expect(preview.errors).toEqual([]);
    expect(preview.causes).toEqual([]);
    expect(preview.needsConfirmation).toBe(false);
    expect(preview.mapping.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The first report of .* usual interval between reports \(24 h\)/),
      ]),
    );
    expect(preview.proposedVoyages.length).toBeGreaterThanOrEqual(truth.voyagesDeparted);
    for (const table of ["fuel_data", "environmental_data", "trim_data", "voyages"])
      expect(await count(table, owner.orgId)).toBe(0);
  });

  it("stores the simulator's fuel per consumer and distance within 0.2 %", async () => {
    const res = await uploadFile(t.app, owner, workbook, { dataType: "noon", columnMappings: mapping });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.outcome, `${result.message} ${JSON.stringify(result.errors)}`).toBe("ok");
    expect(result.errors).toHaveLength(0);
    expect(result.data.fuel.new).toBeGreaterThan(0);

    const rows = await t.db.execute(sql`
      select consumer, sum(fuel_consumption_rate * period_hours / 24) as tonnes, sum(distance_nm) as nm
      from fuel_data where org_id = ${owner.orgId} and ship_id = ${shipId} group by consumer`);
    const stored = Object.fromEntries(
      (rows.rows as { consumer: string; tonnes: string; nm: string | null }[]).map((r) => [
        r.consumer,
        { tonnes: Number(r.tonnes), nm: Number(r.nm ?? 0) },
      ]),
    );
    const errors: Record<string, number> = {};
    for (const consumer of ["main", "auxiliary"]) {
      const want = Object.values(truth.fuelTonnes[consumer]!).reduce((s, x) => s + x, 0);
      errors[`fuel ${consumer}`] = relative(stored[consumer]!.tonnes, want);
    }
    // Distance is the ship's, carried by each consumer's records; the metrics take the largest (fuel-rows.ts).
    errors.distance = relative(
      Math.max(stored.main!.nm, stored.auxiliary?.nm ?? 0),
      truth.distanceOverGroundNm,
    );
    console.info("noon workbook vs simulator truth (relative error):", errors);
    for (const [what, error] of Object.entries(errors)) expect(error, what).toBeLessThan(TOLERANCE);
    expect(await count("voyages", owner.orgId)).toBeGreaterThanOrEqual(truth.voyagesDeparted);
  }, 120_000);

  it("lists the upload's report checks with sheet rows for the ship's data-quality panel", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/ships/${shipId}/noon-checks?from=2025-01-01&to=2026-01-01`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [upload, ...others] = res.json().uploads;
    expect(others).toEqual([]);
    expect(upload.fileName).toBe(workbook.filename);
    expect(upload.reports).toBe(truth.reports);
    for (const check of upload.checks) {
      expect(check.rows.length).toBeGreaterThan(0);
      // sheet rows: after the title, blank, group, header and units rows, within the sheet's last row
      for (const row of check.rows) expect(row).toBeGreaterThanOrEqual(6);
    }
    const outside = await t.app.inject({
      method: "GET",
      url: `/api/ships/${shipId}/noon-checks?from=2024-01-01&to=2024-12-31`,
      headers: { cookie: owner.cookie },
    });
    expect(outside.json().uploads).toEqual([]);
    const other = await t.registerOwner();
    const denied = await t.app.inject({
      method: "GET",
      url: `/api/ships/${shipId}/noon-checks`,
      headers: { cookie: other.cookie },
    });
    expect(denied.statusCode).toBe(404);
  });

  it("a second file with the same headers previews with the saved mapping", async () => {
    const res = await uploadFile(t.app, owner, workbook, { dataType: "noon", dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.mapping.source).toBe("saved");
    const columns = preview.mapping.columns as { header: string; field: string | null }[];
    expect(columns.find((c) => c.header === POWER_HEADER)?.field).toBe("mePower");
    expect(columns.find((c) => c.header === UNKNOWN_HEADER)?.field).toBeNull();
  });

  it("another organisation's upload of the same sheet reaches none of the first one's data", async () => {
    const other = await t.registerOwner();
    const none = await t.app.inject({
      method: "GET",
      url: "/api/noon-mappings",
      headers: { cookie: other.cookie },
    });
    expect(none.json()).toEqual([]);
    // It cannot delete the first organisation's saved mapping: 404 like a missing one.
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/noon-mappings",
      headers: { cookie: owner.cookie },
    });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/noon-mappings/${encodeURIComponent(mine.json()[0].signature)}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(404);
    const before = await count("fuel_data", owner.orgId);
    const res = await uploadFile(t.app, other, workbook, { dataType: "noon", columnMappings: mapping });
    expect(res.statusCode).toBeLessThan(500);
    expect(await count("fuel_data", owner.orgId)).toBe(before);
    expect(await count("fuel_data", other.orgId)).toBe(0);
  }, 60_000);
});
