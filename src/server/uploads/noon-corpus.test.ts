/**
 * Issue 29 item 7: the noon-report corpus. One ship-year of a simulated bulk carrier written in 30 layouts by
 * LibreOffice, SheetJS, exceljs and by hand as CSV (scripts/make-noon-corpus.ts; fixtures/README.md lists
 * them), each uploaded into a fresh organisation with nothing but `{dataType: "noon", shipId}`: no mapping
 * by hand. Each must give its truth (fixtures/noon-corpus/truth.json, computed from the simulator alone):
 * the 2025 reports stored, fuel per grade, distance and steaming hours within 1 %, attained CII within 1.5 % with the right
 * rating. Files round fuel to 0.01 t and distance to 0.1 nm: over ~385 reports at most ~2 t and ~20 nm,
 * far inside 1 % of ~11,700 t and ~90,000 nm; a lost month or a dropped grade is far outside.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnnualFigures } from "../../contracts/analysis/annual-figures";
import { ciiRating, type RatingBoundaries } from "../../domain/cii";
import { createTestApp } from "../test/test-app";
import { uploadFile } from "./upload-test-helpers";

const CORPUS = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures/noon-corpus");

type LayoutTruth = {
  layout: string;
  file: string;
  program: string;
  reports: number;
  fuelByGrade: { grade: string; fuelClass: string; tonnes: number }[];
  distanceOverGroundNm: number;
  steamingHours: number;
  co2Tonnes: number;
  attainedCii: number;
  boundaries: RatingBoundaries;
  rating: string;
};
const truth = JSON.parse(fs.readFileSync(path.join(CORPUS, "truth.json"), "utf8")) as {
  year: number;
  ship: { name: string; imoNumber: string; deadweight: number; mcrKw: number };
  layouts: LayoutTruth[];
};
const FUEL_TOLERANCE = 0.01;
const DISTANCE_TOLERANCE = 0.01;
const CII_TOLERANCE = 0.015;

/** `fuelByType` rows; `fuelClass` once the response lists grades as reported (issue 29 contract). */
type FuelRow = AnnualFigures["fuelByType"][number] & { fuelClass?: string };

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The upload's answer in a line: outcome, message, the first errors and the columns left unmapped. */
function summary(body: string): string {
  try {
    const a = JSON.parse(body) as {
      outcome?: string;
      message?: string;
      error?: unknown;
      errors?: unknown[];
      mapping?: { columns?: { header: string; field: string | null }[] };
    };
    if (a.error) return JSON.stringify(a.error).slice(0, 400);
    const unmapped = (a.mapping?.columns ?? []).filter((c) => !c.field).map((c) => c.header);
    return `${a.outcome}: ${a.message}; first errors ${JSON.stringify((a.errors ?? []).slice(0, 2)).slice(0, 400)}; unmapped ${JSON.stringify(unmapped)}`;
  } catch {
    return body.slice(0, 400);
  }
}

const relative = (got: number, want: number) => Math.abs(got - want) / want;
const key = (name: string) => name.toUpperCase().replace(/[\s_-]/g, "");

/** The truth's fuel as the response can be compared with it: per grade, or per class while it lists classes. */
function expectedFuel(layout: LayoutTruth, rows: FuelRow[]): Map<string, number> {
  const byGrade = rows.some((r) => r.fuelClass !== undefined);
  const want = new Map<string, number>();
  for (const f of layout.fuelByGrade) {
    const k = key(byGrade ? f.grade : f.fuelClass);
    want.set(k, (want.get(k) ?? 0) + f.tonnes);
  }
  return want;
}

describe("the noon-report corpus: every layout gives its ship-year's truth with no mapping by hand", () => {
  it.each(truth.layouts.map((l) => [l.layout, l] as const))(
    "%s",
    async (_name, layout) => {
      const owner = await t.registerOwner();
      const shipId = await t.addShip(owner, {
        name: truth.ship.name,
        imo: truth.ship.imoNumber,
        type: "bulk_carrier",
        deadweight: truth.ship.deadweight,
        enginePower: truth.ship.mcrKw,
      });
      const file = { filename: layout.file, content: fs.readFileSync(path.join(CORPUS, layout.file)) };
      const res = await uploadFile(t.app, owner, file, { dataType: "noon", shipId });
      const answer = summary(res.body);
      expect(res.statusCode, `upload answered ${answer}`).toBe(200);

      const stored = await t.db.execute(sql`
      select count(*)::int as n, coalesce(sum(steaming_hours), 0)::float8 as h from noon_reports
      where org_id = ${owner.orgId} and ship_id = ${shipId}
        and ts >= ${`${truth.year}-01-01T00:00:00Z`} and ts < ${`${truth.year + 1}-01-01T00:00:00Z`}`);
      const { n: reports, h: steaming } = stored.rows[0] as { n: number; h: number };
      expect(reports, `reports stored in ${truth.year}; upload answered ${answer}`).toBe(layout.reports);

      const annual = await t.app.inject({
        method: "GET",
        url: `/api/ships/${shipId}/annual/${truth.year}`,
        headers: { cookie: owner.cookie },
      });
      expect(annual.statusCode, annual.body).toBe(200);
      const figures = annual.json() as AnnualFigures & { fuelByType: FuelRow[] };
      const got = new Map<string, number>();
      for (const r of figures.fuelByType)
        got.set(key(r.fuelType), (got.get(key(r.fuelType)) ?? 0) + r.tonnes);
      const want = expectedFuel(layout, figures.fuelByType);
      const fuelText = JSON.stringify(
        figures.fuelByType.map((r) => [r.fuelType, Math.round(r.tonnes * 10) / 10]),
      );
      for (const [grade, tonnes] of want)
        expect(
          relative(got.get(grade) ?? 0, tonnes),
          `fuel ${grade}: ${tonnes} t wanted, stored ${fuelText}`,
        ).toBeLessThan(FUEL_TOLERANCE);
      const total = [...want.values()].reduce((a, b) => a + b, 0);
      for (const [grade, tonnes] of got)
        if (!want.has(grade))
          expect(
            tonnes / total,
            `fuel stored as ${grade}, which the file does not burn: ${fuelText}`,
          ).toBeLessThan(FUEL_TOLERANCE);
      expect(
        relative(figures.distanceNm, layout.distanceOverGroundNm),
        `distance ${figures.distanceNm} nm, wanted ${layout.distanceOverGroundNm}`,
      ).toBeLessThan(DISTANCE_TOLERANCE);

      // The annual figures' hours under way do not come from noon reports (0 today), so the stored reports say.
      expect(
        relative(steaming, layout.steamingHours),
        `steaming hours stored ${steaming}, wanted ${layout.steamingHours}`,
      ).toBeLessThan(DISTANCE_TOLERANCE);

      const attained = (figures.co2Tonnes * 1e6) / (truth.ship.deadweight * figures.distanceNm);
      expect(
        relative(attained, layout.attainedCii),
        `attained CII ${attained.toFixed(3)}, wanted ${layout.attainedCii}`,
      ).toBeLessThan(CII_TOLERANCE);
      expect(ciiRating(attained, layout.boundaries), "CII rating").toBe(layout.rating);

      // The product's own CII of the year (the Compliance screen's figure), not only the arithmetic above.
      const compliance = await t.app.inject({
        method: "GET",
        url: `/api/ships/${shipId}/analysis/environment-compliance?range=custom&from=${truth.year}-01-01&to=${truth.year}-12-31`,
        headers: { cookie: owner.cookie },
      });
      expect(compliance.statusCode, compliance.body).toBe(200);
      const cii = compliance.json().cii.yearToDate as { attained: number; rating: string } | null;
      expect(cii, "the year's CII").not.toBeNull();
      expect(
        relative(cii!.attained, layout.attainedCii),
        `the product's attained CII ${cii!.attained.toFixed(3)}, wanted ${layout.attainedCii}`,
      ).toBeLessThan(CII_TOLERANCE);
      expect(cii!.rating, "the product's CII rating").toBe(layout.rating);
    },
    60_000,
  );

  it.each(["lo-three-row-header", "lo-cover-sheet", "csv-dnv-ovd-log-abstract"])(
    "%s: the preview's own mapping sent back, as the browser confirms it, reads the same reports",
    async (name) => {
      const layout = truth.layouts.find((l) => l.layout === name)!;
      const owner = await t.registerOwner();
      const shipId = await t.addShip(owner, {
        name: truth.ship.name,
        imo: truth.ship.imoNumber,
        type: "bulk_carrier",
        deadweight: truth.ship.deadweight,
        enginePower: truth.ship.mcrKw,
      });
      const file = { filename: layout.file, content: fs.readFileSync(path.join(CORPUS, layout.file)) };
      const preview = (
        await uploadFile(t.app, owner, file, { dataType: "noon", shipId, dryRun: true })
      ).json();
      const columnMappings = Object.fromEntries(
        (preview.mapping.columns as { header: string; field: string | null }[]).map((c) => [
          c.header,
          c.field ?? "",
        ]),
      );
      const res = await uploadFile(t.app, owner, file, {
        dataType: "noon",
        shipId,
        columnMappings,
        sheet: preview.mapping.sheet ?? undefined,
      });
      expect(res.statusCode, summary(res.body)).toBe(200);
      const body = res.json();
      expect(body.mapping.source).toBe("request");
      expect(body.mapping.headerRow).toBe(preview.mapping.headerRow);
      expect(body.mapping.columns.map((c: { field: string | null }) => c.field)).toEqual(
        preview.mapping.columns.map((c: { field: string | null }) => c.field),
      );
      expect(body.rowsTotal).toBe(preview.rowsTotal);
    },
    60_000,
  );
});
