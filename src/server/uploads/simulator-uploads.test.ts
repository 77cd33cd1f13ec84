/**
 * The simulator's files (full model: weather, fouling, SFOC drift, noise) against the uploader:
 * - every row the simulator writes passes the uploader's validation, storms included;
 * - the files give identical dashboards and Analysis Center sections whatever the order the record types
 *   arrive in and whichever of the three ways they take (per-type upload, bulk workbook, form/API records).
 *
 * Orders: the 8 rotations of the four types the daily rollups read (fuel, environmental, trim, auxiliary) and
 * of their reverse (each type in each place twice, every pair in both orders), each through the per-type upload, with hull and compliance (read raw by the sections, never
 * rolled up) first in half of them and last in the other half: every type is first and last at least once.
 * Then one bulk workbook with its sheets in reverse order, and the records POSTed one by one in reverse
 * type order, eight at a time. Each load is a new organisation; the answers are compared without their ids.
 * The data is small (one ship, 91 days of noon reports) so that 10 loads run in reasonable time, and long
 * enough that the sections read the daily rollups (a range of more than 31 days) as well as the raw
 * records (a range of 20 days).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READY_SECTION_IDS } from "../../contracts/analysis/section-ids";
import { defaultColumnMappings } from "../../contracts/record-registry";
import { UPLOAD_DATA_TYPES, type UploadDataType } from "../../contracts/upload-columns";
import { spanFrom } from "../../simulator/fleet";
import { writeFleetFiles } from "../../simulator/write-files";
import { RECORD_TYPES } from "../records/record-types";
import { createTestApp, type TestUser } from "../test/test-app";
import { bulkUploadFile, uploadFile } from "./upload-test-helpers";

type SeriesType = Exclude<UploadDataType, "ships" | "voyages" | "events">;
const ROLLED_UP: SeriesType[] = ["fuel", "environmental", "trim", "auxiliary"];
const RAW_ONLY: SeriesType[] = ["hull", "compliance"];

let t: Awaited<ReturnType<typeof createTestApp>>;
const dirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-sim-order-"));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const read = (dir: string, type: UploadDataType) => fs.readFileSync(path.join(dir, `${type}.csv`), "utf8");
const rowsOf = (dir: string, type: UploadDataType) =>
  Papa.parse<Record<string, string>>(read(dir, type), { header: true, skipEmptyLines: true }).data;

async function uploadType(user: TestUser, dir: string, type: UploadDataType) {
  const res = await uploadFile(
    t.app,
    user,
    { filename: `${type}.csv`, content: read(dir, type) },
    { dataType: type },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("every row the simulator writes passes the uploader's validation", () => {
  it("two ships, a quarter of hourly reports with storms (weather impact above 300 %): 0 rejected", async () => {
    const dir = tmpDir();
    // seed 2, two ships, Q1 2025: ten hours of storm at reduced speed, weather impact up to 545 %
    await writeFleetFiles(
      { ships: 2, seed: 2, cadence: "1h", ...spanFrom(Date.parse("2025-01-01T00:00:00Z"), 0.25, "1h") },
      dir,
    );
    const impacts = rowsOf(dir, "environmental").map((r) => Number(r["Weather Impact"]));
    expect(Math.max(...impacts)).toBeGreaterThan(300);
    const user = await t.registerOwner();
    for (const type of UPLOAD_DATA_TYPES) {
      // A quarter without maintenance leaves the events file a header (maintenance-events.upload.test.ts uploads a longer run's).
      if (type === "events" && rowsOf(dir, type).length === 0) continue;
      const body = await uploadType(user, dir, type);
      expect(body.errors, type).toEqual([]);
      expect(body.data[type].rejected, type).toBe(0);
      expect(body.data[type].new, type).toBe(rowsOf(dir, type).length);
    }
  }, 120_000);
});

describe("the same files in any order, by any way, give identical sections", () => {
  let dir: string;
  beforeAll(async () => {
    dir = tmpDir();
    await writeFleetFiles(
      { ships: 1, seed: 11, cadence: "24h", ...spanFrom(Date.parse("2025-01-01T00:00:00Z"), 0.25, "24h") },
      dir,
    );
  });

  const RANGES = ["from=2025-01-01&to=2025-03-31", "from=2025-03-01&to=2025-03-20"];

  /** Keys whose values name rows of one organisation (ids, times of writing), not figures. */
  const IDS = new Set(["id", "shipId", "voyageId", "createdAt", "updatedAt", "orgId", "organizationId"]);
  const normalise = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normalise);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !IDS.has(k))
          .map(([k, v]) => [k, normalise(v)]),
      );
    }
    return value;
  };

  /**
   * Where two answers differ, or undefined. Figures agree to 1e-9 relative: sums over the same records in
   * another order differ in their last bits, and a fit over them in the 10th digit.
   */
  function difference(a: unknown, b: unknown, at = ""): string | undefined {
    if (typeof a === "number" && typeof b === "number") {
      return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) ? undefined : `${at}: ${a} ≠ ${b}`;
    }
    if (a && b && typeof a === "object" && typeof b === "object") {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of keys) {
        const d = difference(
          (a as Record<string, unknown>)[k],
          (b as Record<string, unknown>)[k],
          `${at}.${k}`,
        );
        if (d) return d;
      }
      return undefined;
    }
    return Object.is(a, b) ? undefined : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }

  /** The dashboard, the sidebar summary and every ready section over both ranges, without ids. */
  async function answers(user: TestUser): Promise<Record<string, unknown>> {
    const ships = (await t.app.inject({ url: "/api/ships", headers: { cookie: user.cookie } })).json();
    const shipId = ships[0].id;
    const urls = RANGES.flatMap((range) => [
      `/api/dashboard/${shipId}?range=custom&${range}`,
      `/api/ships/${shipId}/analysis-summary?range=custom&${range}`,
      // the live section reads the latest records as of now (its `asOf` is the clock), not the range
      ...READY_SECTION_IDS.filter((s) => s !== "environment-real-time-monitoring").flatMap((s) =>
        ["all", "main"].map(
          (engine) => `/api/ships/${shipId}/analysis/${s}?range=custom&${range}&engine=${engine}`,
        ),
      ),
    ]);
    const out: Record<string, unknown> = {};
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      out[url.replace(/\/\d+([/?])/, "/:ship$1")] = normalise(res.json());
    }
    return out;
  }

  let reference: Record<string, unknown> | undefined;
  const sameAsReference = (got: Record<string, unknown>, label: string) => {
    if (!reference) {
      reference = got;
      return;
    }
    for (const [url, answer] of Object.entries(got)) {
      expect(difference(answer, reference[url]), `${label}: ${url}`).toBeUndefined();
    }
  };

  // The rotations of the rolled-up types and of their reverse: each type in each place twice and every pair in
  // both orders, in 8 runs rather than all 24 permutations (the test was 140 of the suite's seconds).
  it("per-type uploads: 8 orders of the rolled-up types (each type in each place, every pair both ways), hull and compliance first or last", async () => {
    const orders = [ROLLED_UP, [...ROLLED_UP].reverse()]
      .flatMap((seq) => seq.map((_, r) => [...seq.slice(r), ...seq.slice(0, r)]))
      .map((p, i) => (i % 2 === 0 ? [...RAW_ONLY, ...p] : [...p, ...RAW_ONLY]));
    for (const order of orders) {
      const user = await t.registerOwner();
      for (const type of ["ships", "voyages", ...order] as UploadDataType[]) {
        expect((await uploadType(user, dir, type)).data[type].rejected, type).toBe(0);
      }
      sameAsReference(await answers(user), order.join(" → "));
    }
    // what is compared is not empty: the trim section has bins, the auxiliary section consumers
    const longRange = (id: string) =>
      reference![`/api/ships/:ship/analysis/${id}?range=custom&${RANGES[0]}&engine=all`] as {
        bins?: unknown[];
        consumers?: unknown[];
      };
    expect(longRange("engine-trim-optimization").bins!.length).toBeGreaterThan(0);
    expect(longRange("engine-auxiliary-systems").consumers!.length).toBeGreaterThan(0);
  }, 600_000);

  it("a bulk workbook with its sheets in reverse order", async () => {
    const workbook = new ExcelJS.Workbook();
    for (const type of [...UPLOAD_DATA_TYPES].reverse()) {
      const sheet = workbook.addWorksheet(type);
      const [header, ...lines] = Papa.parse<string[]>(read(dir, type), { skipEmptyLines: true }).data;
      sheet.addRow(header);
      for (const line of lines)
        sheet.addRow(line.map((c) => (c === "" ? null : Number.isNaN(Number(c)) ? c : Number(c))));
    }
    const user = await t.registerOwner();
    const res = await bulkUploadFile(t.app, user, {
      filename: "fleet.xlsx",
      content: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([]);
    sameAsReference(await answers(user), "bulk");
  }, 120_000);

  it("the records POSTed one by one, in reverse type order, eight at a time", async () => {
    const user = await t.registerOwner();
    for (const type of ["ships", "voyages"] as UploadDataType[]) await uploadType(user, dir, type);
    const shipIds = new Map<string, number>(
      (await t.app.inject({ url: "/api/ships", headers: { cookie: user.cookie } }))
        .json()
        .map((s: { imo: string; id: number }) => [s.imo, s.id]),
    );
    const voyageIds = new Map<string, number>(
      (await t.app.inject({ url: "/api/voyages", headers: { cookie: user.cookie } }))
        .json()
        .map((v: { voyageNumber: string; id: number }) => [v.voyageNumber, v.id]),
    );
    for (const type of [...ROLLED_UP, ...RAW_ONLY].reverse()) {
      const mapping = defaultColumnMappings(type);
      const bodies = rowsOf(dir, type).map((row) => {
        const body: Record<string, unknown> = {};
        for (const [header, cell] of Object.entries(row)) {
          const field = mapping[header]!;
          if (cell === "") continue;
          if (field === "shipId") body[field] = shipIds.get(cell);
          else if (field === "voyageId") body[field] = voyageIds.get(cell);
          else if (field === "timestamp" || field === "lastCleaningDate") body[field] = cell;
          else body[field] = Number.isNaN(Number(cell)) ? cell : Number(cell);
        }
        return body;
      });
      const url = RECORD_TYPES[type].path;
      for (let i = 0; i < bodies.length; i += 8) {
        const batch = await Promise.all(
          bodies
            .slice(i, i + 8)
            .map((payload) =>
              t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload }),
            ),
        );
        for (const res of batch) expect(res.statusCode, res.body).toBe(201);
      }
    }
    sameAsReference(await answers(user), "records");
  }, 300_000);
});
