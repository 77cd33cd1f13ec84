import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_SHIP, exampleRow } from "../../contracts/record-registry";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "../../contracts/upload-columns";
import { spanFrom } from "../../simulator/fleet";
import { writeFleetFiles } from "../../simulator/write-files";
import { readDataVersion } from "../cache/data-version";
import { fuelDaily, fuelData, uploads } from "../db/schema";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { pipelineProbe } from "./upload-pipeline";
import { uploadFile } from "./upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;
let strangerShipId: number;
let simDir: string;

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = (await post(owner, "/api/ships", shipBody({ name: "Alpha", imo: "9074729" }))).json().id;
  strangerShipId = (await post(stranger, "/api/ships", shipBody({ name: "Theirs", imo: "9312456" }))).json()
    .id;
  await post(owner, "/api/voyages", {
    shipId,
    voyageNumber: "A-1",
    origin: "Rotterdam",
    destination: "Santos",
    departureDate: "2026-01-01",
  });
  simDir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-sim-"));
  const start = Date.parse("2025-01-01T00:00:00Z");
  await writeFleetFiles({ ships: 2, seed: 7, cadence: "1h", ...spanFrom(start, 0.1, "1h") }, simDir);
});
afterAll(async () => {
  fs.rmSync(simDir, { recursive: true, force: true });
  await t.close();
});
afterEach(() => {
  pipelineProbe.afterBatch = undefined;
  pipelineProbe.direct = undefined;
});

const FUEL_HEADER =
  "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions";
const fuelCsv = (rows: string[]) => `${FUEL_HEADER}\n${rows.join("\n")}\n`;
const fuelRow = (date: string, sfoc = 180, ship = "9074729") =>
  `${ship},A-1,${date},${sfoc},24,75,12,12.5,7000,HFO,`;
const upload = (
  user: TestUser,
  name: string,
  content: string,
  config: Record<string, unknown> = { dataType: "fuel" },
) => uploadFile(t.app, user, { filename: name, content }, config);
const countFuel = async (ship = shipId) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(fuelData).where(eq(fuelData.shipId, ship)))[0]!
    .n;

describe("the simulator's files", () => {
  it("upload with no rejected row, every data type, ships and voyages first", async () => {
    for (const type of UPLOAD_DATA_TYPES) {
      const file = path.join(simDir, `${type}.csv`);
      const lines = fs.readFileSync(file, "utf8").trim().split("\n").length - 1;
      // A run of five weeks performs no maintenance: its events file is the header alone (maintenance-events.upload.test.ts uploads a longer run's).
      if (type === "events" && lines === 0) continue;
      const res = await upload(owner, `${type}.csv`, fs.readFileSync(file, "utf8"), { dataType: type });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.errors, type).toEqual([]);
      expect(body.success).toBe(true);
      expect(body.data[type]).toEqual({ new: lines, updated: 0, unchanged: 0, rejected: 0 });
    }
  });

  it("re-uploading the same file adds nothing: 0 new, N unchanged, and owes no rollup", async () => {
    const content = fs.readFileSync(path.join(simDir, "fuel.csv"), "utf8");
    const lines = content.trim().split("\n").length - 1;
    // the rollup rows' transaction ids and the ships' data versions: a refresh would rewrite the one and bump the other
    const state = async () => ({
      rollup: (
        await t.database.pool.query(
          "select count(*)::int as n, string_agg(xmin::text, ',' order by ship_id, day, consumer, fuel_grade) as x from fuel_daily where org_id = $1",
          [owner.orgId],
        )
      ).rows[0],
      versions: await Promise.all(
        (await t.database.pool.query("select id from ships where org_id = $1", [owner.orgId])).rows.map((r) =>
          readDataVersion(t.db, owner.orgId, r.id),
        ),
      ),
    });
    const before = await state();
    expect(before.rollup.n).toBeGreaterThan(0);
    const res = await upload(owner, "fuel.csv", content, { dataType: "fuel" });
    expect(res.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: lines, rejected: 0 });
    expect(await state()).toEqual(before);
    // one changed value in the same file: its days are refreshed and the ship's data version moves
    const [header, first, ...rest] = content.trim().split("\n");
    const cells = first!.split(",");
    const sfoc = header!.split(",").findIndex((c) => c.startsWith("SFOC"));
    expect(sfoc).toBeGreaterThanOrEqual(0);
    cells[sfoc] = String(Number(cells[sfoc]) + 1);
    const changed = await upload(owner, "fuel.csv", [header, cells.join(","), ...rest].join("\n"), {
      dataType: "fuel",
    });
    expect(changed.json().data.fuel).toMatchObject({ new: 0, updated: 1 });
    const after = await state();
    expect(after.rollup.x).not.toEqual(before.rollup.x);
    expect(after.versions).not.toEqual(before.versions);
    // and back, for the tests below
    const back = await upload(owner, "fuel.csv", content, { dataType: "fuel" });
    expect(back.json().data.fuel).toMatchObject({ new: 0, updated: 1 });
  });

  it("noon-report fuel names (VLSFO, lsmgo…) are stored as the grade reported with its class: a renamed file replaces each instant's grade, the sums per class unchanged", async () => {
    const [header, ...rows] = fs.readFileSync(path.join(simDir, "fuel.csv"), "utf8").trim().split("\n");
    const col = header!.split(",").indexOf("Fuel Type");
    const renamedAs = (names: Record<string, string[]>) =>
      [
        header,
        ...rows.map((line, i) => {
          const cells = line.split(",");
          const aliases = names[cells[col]!];
          if (aliases) cells[col] = aliases[i % aliases.length]!;
          return cells.join(",");
        }),
      ].join("\n");
    const stored = async () =>
      (
        await t.db.execute(sql`select fuel_grade, fuel_type, count(*)::int as n, sum(fuel_consumption_rate)::float8 as rate
          from fuel_data where org_id = ${owner.orgId} group by 1, 2 order by 1, 2`)
      ).rows as { fuel_grade: string; fuel_type: string; n: number; rate: number }[];
    const perClass = (r: Awaited<ReturnType<typeof stored>>) =>
      Object.fromEntries(
        [...new Set(r.map((x) => x.fuel_type))].map((c) => [
          c,
          r
            .filter((x) => x.fuel_type === c)
            .reduce((a, x) => ({ n: a.n + x.n, rate: a.rate + x.rate }), { n: 0, rate: 0 }),
        ]),
      );
    const before = await stored();
    expect(before.map((r) => r.fuel_grade)).toEqual(before.map((r) => r.fuel_type));
    const first = await upload(
      owner,
      "noon.csv",
      renamedAs({ HFO: ["VLSFO", "vlsfo"], MGO: ["LSMGO", "lsmgo"] }),
    );
    expect(first.json()).toMatchObject({ errors: [], data: { fuel: { rejected: 0, updated: 0 } } });
    const after = await stored();
    expect(after.map((r) => [r.fuel_grade, r.fuel_type])).toEqual(
      before.map((r) => [{ HFO: "VLSFO", MGO: "LSMGO" }[r.fuel_type] ?? r.fuel_grade, r.fuel_type]).sort(),
    );
    const sums = perClass(after);
    for (const [c, v] of Object.entries(perClass(before))) {
      expect(sums[c]!.n, c).toBe(v.n);
      expect(sums[c]!.rate, c).toBeCloseTo(v.rate, 6);
    }
    // the other spellings of the same grades: the same records
    const again = await upload(
      owner,
      "noon.csv",
      renamedAs({ HFO: ["vlsfo", "VLSFO"], MGO: ["lsmgo", "LSMGO"] }),
    );
    expect(again.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: rows.length, rejected: 0 });
    // and the original file again: every instant back to the class's own grade
    const back = await upload(owner, "fuel.csv", [header, ...rows].join("\n"));
    expect(back.json().data.fuel).toMatchObject({ new: first.json().data.fuel.new, rejected: 0 });
    const restored = await stored();
    expect(restored.map((r) => [r.fuel_grade, r.fuel_type, r.n])).toEqual(
      before.map((r) => [r.fuel_grade, r.fuel_type, r.n]),
    );
    for (const [i, r] of restored.entries()) expect(r.rate).toBeCloseTo(before[i]!.rate, 6);
  });

  it("the CSV template's example row is skipped with a notice, the rows below it stored", async () => {
    const example = exampleRow("fuel").map((v) => (v === null ? "" : String(v)));
    const csv = `${UPLOAD_COLUMNS.fuel.join(",")}\n${example.join(",")}\n${fuelRow("2026-02-10T00:00Z")}\n`;
    const res = await upload(owner, "template.csv", csv);
    expect(res.json()).toMatchObject({
      outcome: "ok",
      data: { fuel: { new: 1, rejected: 0 } },
      notices: [`Row 2: the template's example row was skipped (ship "${EXAMPLE_SHIP}")`],
    });
  });

  it("an unknown fuel name is a row error that lists the accepted names", async () => {
    const res = await upload(
      owner,
      "coal.csv",
      fuelCsv([fuelRow("2026-02-09T00:00Z").replace("HFO", "Coal")]),
    );
    expect(res.statusCode).toBe(200);
    const [error] = res.json().errors;
    expect(error).toMatchObject({ row: 2, column: "Fuel Type", value: "Coal" });
    for (const name of ["VLSFO", "LSMGO", "IFO 380", "LNG", "Methanol"])
      expect(error.message).toContain(name);
    expect(error.message).not.toMatch(/Invalid option|expected one of/);
  });
});

describe("fuel CSV", () => {
  it("stores rows with CO2 computed from the fuel rate, resolves the voyage number, refreshes the rollup", async () => {
    const res = await upload(
      owner,
      "day.csv",
      fuelCsv([fuelRow("2026-01-02T00:00Z"), fuelRow("2026-01-02T12:00Z")]),
    );
    expect(res.json().data.fuel).toEqual({ new: 2, updated: 0, unchanged: 0, rejected: 0 });
    const rows = await t.db
      .select()
      .from(fuelData)
      .where(and(eq(fuelData.shipId, shipId), eq(fuelData.ts, new Date("2026-01-02T00:00Z"))));
    expect(rows[0]).toMatchObject({ co2Emissions: 24 * 3.114, fuelType: "HFO", consumer: "main" });
    expect(rows[0]!.voyageId).not.toBeNull();
    const [day] = await t.db
      .select()
      .from(fuelDaily)
      .where(and(eq(fuelDaily.shipId, shipId), eq(fuelDaily.day, "2026-01-02")));
    expect(day).toMatchObject({ records: 2 });
  });

  it("an overlapping file: known rows unchanged or updated, the rest new", async () => {
    const first = fuelCsv([
      fuelRow("2026-02-01T00:00Z"),
      fuelRow("2026-02-01T01:00Z"),
      fuelRow("2026-02-01T02:00Z"),
    ]);
    await upload(owner, "a.csv", first);
    const overlap = fuelCsv([
      fuelRow("2026-02-01T01:00Z"),
      fuelRow("2026-02-01T02:00Z", 190),
      fuelRow("2026-02-01T03:00Z"),
      fuelRow("2026-02-01T04:00Z"),
    ]);
    const before = await countFuel();
    const res = await upload(owner, "b.csv", overlap);
    expect(res.json().data.fuel).toEqual({ new: 2, updated: 1, unchanged: 1, rejected: 0 });
    expect(await countFuel()).toBe(before + 2);
  });

  it("keeps the last of two rows with the same key in one file", async () => {
    const res = await upload(
      owner,
      "dup.csv",
      fuelCsv([fuelRow("2026-02-05T00:00Z", 170), fuelRow("2026-02-05T00:00Z", 171)]),
    );
    expect(res.json().data.fuel).toMatchObject({ new: 1, rejected: 0 });
    const [row] = await t.db
      .select()
      .from(fuelData)
      .where(eq(fuelData.ts, new Date("2026-02-05T00:00Z")));
    expect(row!.sfoc).toBe(171);
  });

  it("reads ';' files with a decimal comma and a BOM, and tab-separated files", async () => {
    const semi = `\uFEFF${FUEL_HEADER.replaceAll(",", ";")}\n9074729;;2026-03-01T00:00Z;181,5;24,25;75;12;12,5;7000;MDO;\n`;
    const res = await upload(owner, "eu.csv", semi);
    expect(res.json().data.fuel).toMatchObject({ new: 1, rejected: 0 });
    const [row] = await t.db
      .select()
      .from(fuelData)
      .where(eq(fuelData.ts, new Date("2026-03-01T00:00Z")));
    expect(row).toMatchObject({ sfoc: 181.5, fuelConsumptionRate: 24.25, fuelType: "MDO" });
    const tab = `${FUEL_HEADER.replaceAll(",", "\t")}\nAlpha\t\t2026-03-02\t182\t24\t75\t12\t12.5\t7000\t\t\n`;
    const tabbed = await upload(owner, "tab.tsv", tab);
    expect(tabbed.json().data.fuel).toMatchObject({ new: 1, rejected: 0 });
  });

  it("takes a custom mapping and skipRows (preamble lines before the header)", async () => {
    const csv =
      "Exported by ECDIS\nVessel log\nIMO,When,Consumption (t/d)\n9074729,2026-03-05T06:00+02:00,30\n";
    const res = await upload(owner, "custom.csv", csv, {
      dataType: "fuel",
      skipRows: 3,
      columnMappings: { IMO: "shipId", When: "timestamp", "Consumption (t/d)": "fuelConsumptionRate" },
    });
    expect(res.json().data.fuel).toMatchObject({ new: 1, rejected: 0 });
    const [row] = await t.db
      .select()
      .from(fuelData)
      .where(eq(fuelData.ts, new Date("2026-03-05T04:00Z")));
    expect(row).toMatchObject({ fuelConsumptionRate: 30, sfoc: null });
  });

  it("without a header row (skipRows 0) reads the columns in the default order", async () => {
    const res = await upload(owner, "bare.csv", `${fuelRow("2026-03-06T00:00Z")}\n`, {
      dataType: "fuel",
      skipRows: 0,
    });
    expect(res.json().data.fuel).toMatchObject({ new: 1, rejected: 0 });
  });
});

describe("the direct COPY into the table (new rows) and its fallback to the merge", () => {
  /** Uploads with the probe on: whether the direct COPY held (false: the file was read again and merged). */
  const uploadNoting = async (name: string, content: string) => {
    const held: boolean[] = [];
    pipelineProbe.direct = (h) => held.push(h);
    const res = await upload(owner, name, content);
    return { res, held };
  };
  const fuelAt = (ts: string) =>
    t.db
      .select()
      .from(fuelData)
      .where(and(eq(fuelData.shipId, shipId), eq(fuelData.ts, new Date(ts))));

  it("rows the ship has no record of around them are COPYed straight in; the rollup and the log follow", async () => {
    const before = await countFuel();
    const { res, held } = await uploadNoting(
      "direct.csv",
      fuelCsv([fuelRow("2026-08-01T00:00Z"), fuelRow("2026-08-01T01:00Z"), fuelRow("2026-08-01T02:00Z")]),
    );
    expect(held).toEqual([true]);
    expect(res.json().data.fuel).toEqual({ new: 3, updated: 0, unchanged: 0, rejected: 0 });
    expect(await countFuel()).toBe(before + 3);
    const [day] = await t.db
      .select()
      .from(fuelDaily)
      .where(and(eq(fuelDaily.shipId, shipId), eq(fuelDaily.day, "2026-08-01")));
    expect(day).toMatchObject({ records: 3 });
    const [log] = await t.db.select().from(uploads).where(eq(uploads.fileName, "direct.csv"));
    expect(log?.status).toBe("completed");
  });

  it("the same file again: the COPY fails on the unique key, the file is read again and merged: 0 new", async () => {
    const rows = [fuelRow("2026-08-02T00:00Z"), fuelRow("2026-08-02T01:00Z")];
    expect((await uploadNoting("again-1.csv", fuelCsv(rows))).held).toEqual([true]);
    const before = await countFuel();
    const { res, held } = await uploadNoting("again-2.csv", fuelCsv(rows));
    expect(held).toEqual([false]);
    expect(res.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(await countFuel()).toBe(before);
  });

  it("another grade at stored instants (no key repeats): the overlap is found, the stored grade replaced", async () => {
    const hfo = [fuelRow("2026-08-03T00:00Z"), fuelRow("2026-08-03T01:00Z")];
    expect((await uploadNoting("grade-1.csv", fuelCsv(hfo))).held).toEqual([true]);
    const before = await countFuel();
    const mdo = hfo.map((r) => r.replace(",HFO,", ",MDO,"));
    const { res, held } = await uploadNoting("grade-2.csv", fuelCsv(mdo));
    expect(held).toEqual([false]);
    expect(res.json().data.fuel).toMatchObject({ new: 2, rejected: 0 });
    expect(await countFuel()).toBe(before);
    expect((await fuelAt("2026-08-03T00:00Z")).map((r) => r.fuelType)).toEqual(["MDO"]);
  });

  it("a key twice in the file with a rejected row: read again, the last row wins, the rejection counted once", async () => {
    const { res, held } = await uploadNoting(
      "twice.csv",
      fuelCsv([
        fuelRow("2026-08-04T00:00Z", 170),
        fuelRow("2026-08-04T01:00Z", "abc" as unknown as number),
        fuelRow("2026-08-04T00:00Z", 171),
      ]),
    );
    expect(held).toEqual([false]);
    const body = res.json();
    expect(body.data.fuel).toEqual({ new: 1, updated: 0, unchanged: 1, rejected: 1 });
    expect(body.errors).toHaveLength(1);
    expect(body.rowsTotal).toBe(3);
    expect((await fuelAt("2026-08-04T00:00Z")).map((r) => r.sfoc)).toEqual([171]);
  });
});

describe("rejected rows", () => {
  it.each([
    [
      "a number that is text",
      fuelRow("2026-04-01T00:00Z", "abc" as unknown as number),
      "SFOC",
      "abc",
      "must be a number",
    ],
    [
      "a negative fuel rate",
      "9074729,,2026-04-01T00:00Z,180,-1,75,,,,HFO,",
      "Fuel Rate",
      "-1",
      "must be at least 0 t/day",
    ],
    [
      "a load above 110 %",
      "9074729,,2026-04-01T00:00Z,180,24,111,,,,HFO,",
      "Engine Load",
      "111",
      "must be at most 110 %",
    ],
    [
      "an unknown fuel type",
      "9074729,,2026-04-01T00:00Z,180,24,75,,,,COAL,",
      "Fuel Type",
      "COAL",
      "must be a known fuel name: HFO, ",
    ],
    [
      "a date that is not ISO 8601",
      "9074729,,01/04/2026,180,24,75,,,,HFO,",
      "Date",
      "01/04/2026",
      "must be an ISO 8601 date or date-time",
    ],
    [
      "a date that does not exist",
      "9074729,,2026-02-30,180,24,75,,,,HFO,",
      "Date",
      "2026-02-30",
      "is not a real calendar date and time",
    ],
    ["a missing date", "9074729,,,180,24,75,,,,HFO,", "Date", "", "is required"],
    ["an unknown ship", "9999999,,2026-04-01T00:00Z,180,24,75,,,,HFO,", "Ship ID", "9999999", "unknown ship"],
    ["a missing ship", ",,2026-04-01T00:00Z,180,24,75,,,,HFO,", "Ship ID", "", "is required"],
    [
      "an unknown voyage",
      "9074729,Z-9,2026-04-01T00:00Z,180,24,75,,,,HFO,",
      "Voyage ID",
      "Z-9",
      "unknown voyage of this ship",
    ],
  ])(
    "reports %s with row, column, value and reason, and saves the good rows",
    async (_n, bad, column, value, reason) => {
      const res = await upload(owner, "bad.csv", fuelCsv([fuelRow("2026-04-02T00:00Z"), bad]));
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.data.fuel.rejected).toBe(1);
      expect(body.data.fuel.new + body.data.fuel.unchanged).toBe(1);
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatchObject({ row: 3, column, value });
      expect(body.errors[0].reason).toContain(reason);
      expect(body.errors[0].message).toContain("Row 3");
    },
  );

  it("rejects another organisation's ship id as an unknown ship, and writes nothing for it", async () => {
    const res = await upload(
      owner,
      "theirs.csv",
      fuelCsv([fuelRow("2026-04-03T00:00Z", 180, String(strangerShipId))]),
    );
    expect(res.json().errors[0]).toMatchObject({ column: "Ship ID", reason: "unknown ship" });
    expect(await countFuel(strangerShipId)).toBe(0);
  });

  it("reports environmental and compliance limits from the same contracts as the forms", async () => {
    const env = "Ship ID,Date,Sea State,Wind Direction\n9074729,2026-04-01,10,90\n9074729,2026-04-02,3,360\n";
    const res = await upload(owner, "env.csv", env, { dataType: "environmental" });
    expect(res.json().errors.map((e: { column: string }) => e.column)).toEqual([
      "Sea State",
      "Wind Direction",
    ]);
    const cii = "Ship ID,Date,CII Rating\n9074729,2026-04-01,F\n";
    const bad = await upload(owner, "cii.csv", cii, { dataType: "compliance" });
    expect(bad.json().errors[0]).toMatchObject({ column: "CII Rating", value: "F" });
  });

  it("rejects a ship row whose name belongs to another ship of the fleet", async () => {
    const csv = "Vessel Name,IMO Number,Ship Type\nAlpha,9428712,Tanker\n";
    const res = await upload(owner, "ships.csv", csv, { dataType: "ships" });
    expect(res.json().errors[0]).toMatchObject({
      column: "Vessel Name",
      reason: expect.stringContaining("9074729"),
    });
  });
});

describe("requests that are refused as a whole", () => {
  it.each([
    ["invalid JSON in the mapping", "{oops", "mappingConfig"],
    ["an unknown data type", JSON.stringify({ dataType: "cargo" }), "mappingConfig.dataType"],
    [
      "a mapping to an unknown field",
      JSON.stringify({ dataType: "fuel", columnMappings: { X: "colour" } }),
      "columnMappings.X",
    ],
    [
      "a file without the ship column",
      JSON.stringify({ dataType: "fuel", columnMappings: { Date: "timestamp" } }),
      "shipId",
    ],
  ])("%s → 400 naming it", async (_n, config, field) => {
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "f.csv", content: fuelCsv([fuelRow("2026-05-01")]) },
      config,
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .join(" "),
    ).toContain(field);
  });

  it("refuses a file that is neither CSV nor Excel (400)", async () => {
    const res = await upload(owner, "notes.pdf", "%PDF-1.4");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please select an Excel (.xlsx, .xls) or CSV file.");
  });

  it("refuses viewers (403) and strangers (401)", async () => {
    const viewer = await t.addMember(owner, "viewer");
    expect((await upload(viewer, "f.csv", fuelCsv([fuelRow("2026-05-01")]))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/upload-data" })).statusCode).toBe(401);
  });
});

describe("failures leave the database as it was", () => {
  const bigFile = (from: string, n: number) =>
    fuelCsv(
      Array.from({ length: n }, (_, i) => fuelRow(new Date(Date.parse(from) + i * 60_000).toISOString())),
    );

  it("an error thrown half-way through the COPY", async () => {
    const before = await countFuel();
    pipelineProbe.afterBatch = (_type, staged) => {
      if (staged > 0) throw new Error("injected failure");
    };
    const res = await upload(owner, "half.csv", bigFile("2026-06-01T00:00Z", 30_000));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await countFuel()).toBe(before);
    const [log] = await t.db.select().from(uploads).where(eq(uploads.fileName, "half.csv"));
    expect(log?.status).toBe("failed");
  });

  it("a row that passes validation but fails in the database", async () => {
    await t.db.execute(sql`
      create function refuse_sfoc_666() returns trigger language plpgsql as $$
      begin if new.sfoc = 666 then raise exception 'refused by test trigger'; end if; return new; end $$`);
    await t.db.execute(sql`
      create trigger refuse_sfoc_666 before insert or update on fuel_data
      for each row execute function refuse_sfoc_666()`);
    try {
      const before = await countFuel();
      const res = await upload(
        owner,
        "db.csv",
        fuelCsv([fuelRow("2026-07-01T00:00Z"), fuelRow("2026-07-01T01:00Z", 666)]),
      );
      expect(res.statusCode).toBe(500);
      expect(await countFuel()).toBe(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_sfoc_666 on fuel_data`);
    }
  });
});

describe("the upload log", () => {
  it("lists the organisation's uploads newest first with file, checksum, user and counts, and no one else's", async () => {
    await upload(stranger, "stranger.csv", fuelCsv([fuelRow("2026-08-01", 180, "Theirs")]));
    const res = await t.app.inject({ url: "/api/uploads", headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const log = res.json();
    expect(log.map((u: { fileName: string }) => u.fileName)).not.toContain("stranger.csv");
    // The newest: the upload the database refused, logged as failed with nothing saved.
    expect(log[0]).toMatchObject({ fileName: "db.csv", status: "failed", rowsNew: 0 });
    const bad = log.find((u: { fileName: string }) => u.fileName === "bad.csv");
    expect(bad).toMatchObject({ status: "completed_with_errors", rowsRejected: 1, uploadedBy: "Test" });
    expect(bad.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(bad.errors[0]).toMatchObject({ row: 3 });
    const times = log.map((u: { createdAt: string }) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const theirs = (await t.app.inject({ url: "/api/uploads", headers: { cookie: stranger.cookie } })).json();
    expect(theirs.map((u: { fileName: string }) => u.fileName)).toEqual(["stranger.csv"]);
  });
});

describe("limits", () => {
  it("refuses a file over UPLOAD_MAX_BYTES with 413 and a clear message", async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: "2048" });
    try {
      const user = await small.registerOwner();
      const content = fuelCsv(
        Array.from({ length: 200 }, (_, i) => fuelRow(`2026-01-01T00:${String(i % 60).padStart(2, "0")}Z`)),
      );
      const res = await uploadFile(small.app, user, { filename: "big.csv", content }, { dataType: "fuel" });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toContain("UPLOAD_MAX_BYTES");
    } finally {
      await small.close();
    }
  });

  it("refuses more rows than UPLOAD_MAX_ROWS with 413 and writes nothing", async () => {
    const small = await createTestApp({ UPLOAD_MAX_ROWS: "3" });
    try {
      const user = await small.registerOwner();
      await small.app.inject({
        method: "POST",
        url: "/api/ships",
        headers: { cookie: user.cookie },
        payload: shipBody(),
      });
      const rows = ["00", "01", "02", "03"].map((h) => `9074729,,2026-01-01T${h}:00Z,180,24,75,,,,HFO,`);
      const res = await uploadFile(
        small.app,
        user,
        { filename: "rows.csv", content: fuelCsv(rows) },
        { dataType: "fuel" },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toContain("UPLOAD_MAX_ROWS");
      const n = await small.db.select({ n: sql<number>`count(*)::int` }).from(fuelData);
      expect(n[0]!.n).toBe(0);
    } finally {
      await small.close();
    }
  });
});
