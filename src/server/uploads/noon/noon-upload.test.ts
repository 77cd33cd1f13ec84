/**
 * The noon-report upload (issue 13) end to end through POST /api/upload-data: a sheet with a title row, a
 * group row over merged cells and a units row; the preview writes nothing; the upload writes fuel,
 * environmental, draught records, reports and voyages; re-sending changes nothing; a remembered mapping
 * applies to a second file with the same headers; every report check fires on a crafted row and stays quiet
 * on clean rows; another organisation can neither read nor change the mappings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuelTonnesOver } from "../../../domain/records/record-arithmetic";
import { createTestApp, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = await addShip({ name: "Nordic Star", imo: "9074729" });
});
afterAll(async () => {
  await t.close();
});

/** A ship of the owner's organisation; its id. */
const addShip = (fields: Record<string, unknown>) => t.addShip(owner, fields);

const TABLES = [
  "fuel_data",
  "environmental_data",
  "trim_data",
  "noon_reports",
  "voyages",
  "uploads",
  "noon_mappings",
];
async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const r = await t.database.pool.query(`select count(*)::int as n from ${table}`);
    out[table] = r.rows[0].n;
  }
  return out;
}

/** A sheet as a ship's reporting system exports it: title, blank line, group row, header, units, quirks. */
const SHEET = [
  "MV Nordic Star - Noon reports,,,,,,,,,,,,,,,,",
  ",,,,,,,,,,,,,,,,",
  ",,,,,,,M/E Cons,,A/E Cons,,,,,,,",
  "Vessel,Report type,Local time,UTC offset,Port,Steaming hrs,Dist. OG,HFO,MGO,MGO,ROB HFO,Wind,Wind dir,Sea state,Fwd draft,Aft draft,Lat",
  ",,,,,hrs,nm,(MT),(MT),(MT),(MT),Bft,,Douglas,m,m,",
  `9074729,In port,2025-03-01 12:00,+1,Rotterdam,0,0,0,0,2.5,500,3,NNE,2,8.1,8.9,51°57.0'N`,
  `9074729,COSP,2025-03-01 18:00,+1,Rotterdam,0,0,0,0,0.6,499.4,3,NNE,2,8.1,8.9,51°57.0'N`,
  `9074729,Noon,2025-03-02 12:00,+1,,18,"252.0",30.1,0.5,2.0,469.3,4,N,3,8.2,9.0,"53 10.2 N"`,
  `9074729,Noon,2025-03-03 12:00,+1,,24,12.5 kn,N/A,-,2.1,469.3,5,NE,4,8.2,9.0,54°30'N`,
  `9074729,EOSP,2025-03-03 20:00,+1,Hamburg,8,110,13.0,,0.7,456.3,4,E,3,8.2,9.0,53°32.5'N`,
].join("\n");

const preview = (content: string, config: Record<string, unknown> = {}) =>
  uploadFile(t.app, owner, { filename: "noon.csv", content }, { dataType: "noon", dryRun: true, ...config });
const upload = (content: string, config: Record<string, unknown> = {}, user = owner) =>
  uploadFile(t.app, user, { filename: "noon.csv", content }, { dataType: "noon", ...config });

describe("noon report upload", () => {
  it("previews: header found under a title and a merged group row, units row read, nothing written", async () => {
    const before = await tableCounts();
    const res = await preview(SHEET);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(await tableCounts()).toEqual(before);
    expect(body.dryRun).toBe(true);
    expect(body.mapping).toMatchObject({ source: "recognised", headerRow: 4, unitsRow: 5 });
    const fields = Object.fromEntries(
      body.mapping.columns.map((c: { header: string; field: string }) => [c.header, c.field]),
    );
    expect(fields).toMatchObject({
      Vessel: "ship",
      "Report type": "reportType",
      "Local time": "localTime",
      "UTC offset": "utcOffset",
      "M/E Cons HFO": "fuel.main.HFO",
      "M/E Cons MGO": "fuel.main.MGO",
      "A/E Cons MGO": "fuel.auxiliary.MGO",
      Wind: "windForce",
      "Fwd draft": "draughtFore",
    });
    expect(body.rows).toHaveLength(5);
    const noon = body.rows[2];
    expect(noon).toMatchObject({
      row: 8,
      reportedAt: "2025-03-02T11:00:00.000Z",
      event: "noon",
      steamingHours: 18,
      periodHours: 18,
      distanceOverGroundNm: 252,
      latitude: 53.17,
    });
    // fuel per consumer and grade as it will be stored, with its CO2 (Cf HFO 3.114, MGO 3.206: MEPC.364(79))
    expect(noon.fuel).toEqual([
      {
        consumer: "main",
        grade: "HFO",
        fuelClass: "HFO",
        tonnes: 30.1,
        co2Tonnes: expect.closeTo(93.7314, 9),
      },
      { consumer: "main", grade: "MGO", fuelClass: "MGO", tonnes: 0.5, co2Tonnes: expect.closeTo(1.603, 9) },
      {
        consumer: "auxiliary",
        grade: "MGO",
        fuelClass: "MGO",
        tonnes: 2,
        co2Tonnes: expect.closeTo(6.412, 9),
      },
    ]);
    expect(noon.co2Tonnes).toBeCloseTo(93.7314 + 1.603 + 6.412, 9);
    expect(noon.values.windSpeed).toBe(13.5);
    expect(noon.windDirection).toBe(0);
    // '12.5 kn' in a distance column is read as 12.5 (its unit differs: the distance-vs-speed rule has no speed here)
    // The first report has no previous one and no period: its period is the sheet's usual interval (the median of
    // 6, 18, 24 and 8 h: 13 h), and the preview says so; its 2.5 t are kept as reported.
    expect(body.errors).toEqual([]);
    expect(body.causes).toEqual([]);
    expect(body.mapping.notes).toContain(
      "The first report of 9074729 has no previous report and no period: its period is taken as the sheet's usual interval between reports (13 h); its tonnes are stored as reported.",
    );
    expect(body.proposedVoyages).toEqual([
      expect.objectContaining({
        key: `${shipId}/2025-03-01`,
        origin: "Rotterdam",
        destination: "Hamburg",
        departureDate: "2025-03-01T17:00:00.000Z",
        arrivalDate: "2025-03-03T19:00:00.000Z",
        rows: [7, 8, 9, 10],
      }),
    ]);
    expect(body.planned).toMatchObject({ reports: 5, voyages: 1, trim: 5, environmental: 5 });
    // in port until the departure (13 h and 6 h), at sea from COSP to EOSP: 18 + 24 + 8 h
    expect(body.ships).toEqual([{ shipId, reports: 5, seaHours: 50, portHours: 19 }]);
  });

  it("uploads: fuel over steaming hours becomes rates whose tonnes add back up; re-sending duplicates nothing", async () => {
    const res = await upload(SHEET);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.dryRun).toBe(false);
    expect(body.data.reports).toMatchObject({ new: 5, rejected: 0 });
    expect(body.errors).toEqual([]);
    expect(body.outcome).toBe("ok");
    expect(body.message).toBe(
      "5 of 5 noon reports stored (5 new, 0 updated, 0 unchanged), 1 voyages created",
    );
    expect(body.data.voyages).toMatchObject({ new: 1 });
    expect(body.data.trim.new).toBe(5);
    const fuel = await t.database.pool.query(
      "select consumer, fuel_type, fuel_consumption_rate as rate, period_hours as h, voyage_id from fuel_data where ship_id = $1 order by ts, consumer, fuel_type",
      [shipId],
    );
    const tonnes = fuel.rows.reduce((s, r) => s + fuelTonnesOver(r.rate, r.h), 0);
    // every report's tonnes come back exactly, the first report's over its assumed period too
    expect(tonnes).toBeCloseTo(2.5 + 0.6 + 30.1 + 0.5 + 2.0 + 2.1 + 13.0 + 0.7, 9);
    // The departure's main engine: 30.1 t HFO and 0.5 t MGO over 18 steaming hours, one record per grade at
    // the consumer's rate, each over its share of the hours (decision 008, grades)
    const main = fuel.rows.filter((r) => r.consumer === "main" && r.rate > 0).slice(0, 2);
    expect(main.map((r) => r.fuel_type)).toEqual(["HFO", "MGO"]);
    expect(main[0].h + main[1].h).toBeCloseTo(18, 12);
    expect(fuelTonnesOver(main[0].rate, main[0].h)).toBeCloseTo(30.1, 12);
    expect(fuelTonnesOver(main[1].rate, main[1].h)).toBeCloseTo(0.5, 12);
    expect(main[0].voyage_id).not.toBeNull();
    const stored = await t.database.pool.query(
      "select checks, upload_id from noon_reports where ship_id = $1",
      [shipId],
    );
    expect(stored.rows.every((r) => r.upload_id === body.uploadId)).toBe(true);
    const log = await t.database.pool.query("select checks from uploads where id = $1 and org_id = $2", [
      body.uploadId,
      owner.orgId,
    ]);
    expect(log.rows[0].checks).toEqual(body.checks);
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/uploads",
      headers: { cookie: owner.cookie },
    });
    expect(listed.json()[0]).toMatchObject({ id: body.uploadId, dataType: "noon", checks: body.checks });

    const before = await tableCounts();
    const again = await upload(SHEET);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.reports).toMatchObject({ new: 0, updated: 0, unchanged: 5 });
    const after = await tableCounts();
    expect({ ...after, uploads: 0 }).toEqual({ ...before, uploads: 0 });
  });

  it("remembers a mapping: a second file with the same headers needs none", async () => {
    const sheet = [
      "Schiff,Zeitpunkt UTC,Maschine t,Meilen,Stunden",
      "9074729,2025-04-01T12:00:00Z,20,300,24",
      "9074729,2025-04-02T12:00:00Z,21,310,24",
    ].join("\n");
    const unrecognised = await preview(sheet);
    expect(unrecognised.statusCode).toBe(400);
    const columnMappings = {
      Schiff: "imo",
      "Zeitpunkt UTC": "reportTimeUtc",
      "Maschine t": "fuel.main.HFO",
      Meilen: "distanceOverGround",
      Stunden: "steamingHours",
    };
    const first = await upload(sheet, { columnMappings });
    expect(first.statusCode, first.body).toBe(200);
    const second = await preview(sheet.replace("2025-04", "2025-05").replace("2025-04", "2025-05"));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().mapping.source).toBe("saved");
    expect(second.json().rows).toHaveLength(2);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/noon-mappings",
      headers: { cookie: owner.cookie },
    });
    expect(list.json()).toEqual([expect.objectContaining({ columnMappings })]);
  });

  it("mappings are the organisation's own: another cannot list, replace or delete them", async () => {
    const mine = (
      await t.app.inject({ method: "GET", url: "/api/noon-mappings", headers: { cookie: owner.cookie } })
    ).json();
    const signature = mine[0].signature as string;
    const theirs = await t.app.inject({
      method: "GET",
      url: "/api/noon-mappings",
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.json()).toEqual([]);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/noon-mappings/${encodeURIComponent(signature)}`,
      headers: { cookie: stranger.cookie },
    });
    expect(del.statusCode).toBe(404);
    // Their PUT of the same headers creates their own mapping, not a change to ours.
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/noon-mappings",
      headers: { cookie: stranger.cookie },
      payload: { headers: mine[0].headers, columnMappings: { Schiff: "ship" } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const still = (
      await t.app.inject({ method: "GET", url: "/api/noon-mappings", headers: { cookie: owner.cookie } })
    ).json();
    expect(still[0].columnMappings).toEqual(mine[0].columnMappings);
    // Their upload cannot name our ship.
    const res = await upload(SHEET, { dryRun: true }, stranger);
    expect(res.json().errors[0].reason).toMatch(/not a ship of your fleet/);
    const ok = await t.app.inject({
      method: "DELETE",
      url: `/api/noon-mappings/${encodeURIComponent(signature)}`,
      headers: { cookie: owner.cookie },
    });
    expect(ok.statusCode).toBe(204);
  });

  it("refuses an unknown field in columnMappings, naming it", async () => {
    const res = await upload(SHEET, { columnMappings: { Vessel: "boat" } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/columnMappings\.Vessel/);
  });
});

describe("voyages offered for confirmation", () => {
  const sheet = (day: string) =>
    [
      "IMO,UTC,Type,Port,Steaming hrs,Report period,ME HFO,Dist. OG",
      `9074729,2025-07-${day}T06:00Z,COSP,Antwerp,0,6,0,0`,
      `9074729,2025-07-${day}T12:00Z,Noon,,6,6,8,80`,
      `9074729,2025-07-${day}T20:00Z,EOSP,Le Havre,8,8,10,100`,
    ].join("\n");

  it("an unticked proposed voyage is not created; its reports are stored without one", async () => {
    const p = (await preview(sheet("01"))).json();
    expect(p.proposedVoyages.map((v: { key: string }) => v.key)).toEqual([`${shipId}/2025-07-01`]);
    const res = await upload(sheet("01"), { excludeVoyages: [`${shipId}/2025-07-01`] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.voyages.new).toBe(0);
    const stored = await t.database.pool.query(
      "select voyage_id from noon_reports where org_id = $1 and ts >= '2025-07-01' and ts < '2025-07-02'",
      [owner.orgId],
    );
    expect(stored.rows.map((r) => r.voyage_id)).toEqual([null, null, null]);
  });

  it("a kept one is created from departure to arrival and its records linked to it", async () => {
    const res = await upload(sheet("02"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.voyages.new).toBe(1);
    const v = await t.database.pool.query(
      "select id, origin, destination, departure_date, arrival_date, status from voyages where org_id = $1 and voyage_number = '2025-07-02'",
      [owner.orgId],
    );
    expect(v.rows[0]).toMatchObject({ origin: "Antwerp", destination: "Le Havre", status: "completed" });
    const fuel = await t.database.pool.query(
      "select count(*)::int as n from fuel_data where org_id = $1 and voyage_id = $2",
      [owner.orgId, v.rows[0].id],
    );
    // the departure's 0 t over its 6 h in port is a record too (the engine did not run), then two at sea
    expect(fuel.rows[0].n).toBe(3);
  });
});

describe("several ships in one sheet", () => {
  it("each ship's reports are ordered and checked on their own; an unknown ship's rows are refused by row", async () => {
    const other = await addShip({ name: "Nordic Sun", imo: "9312456" });
    const sheet = [
      "Vessel,UTC,Steaming hrs,Report period,ME HFO,Dist. OG,ROB HFO",
      "Nordic Sun,2025-10-02T12:00Z,24,24,20,300,480",
      "Nordic Star,2025-10-01T12:00Z,24,24,30,300,900",
      "Nordic Sun,2025-10-01T12:00Z,24,24,20,300,500",
      "Nordic Star,2025-10-02T12:00Z,24,24,30,300,870",
      "Ghost Ship,2025-10-02T12:00Z,24,24,30,300,870",
    ].join("\n");
    const res = await preview(sheet);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.checks).toEqual([]);
    expect(body.errors).toEqual([expect.objectContaining({ row: 6, column: "Vessel", value: "Ghost Ship" })]);
    expect(body.ships).toEqual(
      expect.arrayContaining([
        { shipId: other, reports: 2, seaHours: 48, portHours: 0 },
        { shipId, reports: 2, seaHours: 48, portHours: 0 },
      ]),
    );
  });
});

describe("a failure half-way", () => {
  it("writes nothing (records, reports, voyages roll back together) and logs the upload as failed", async () => {
    const sheet = [
      "IMO,UTC,Type,Port,Steaming hrs,Report period,ME HFO,Dist. OG,Fwd draft",
      "9074729,2025-08-01T06:00Z,COSP,Oslo,0,6,0,0,7",
      "9074729,2025-08-01T12:00Z,Noon,,6,6,8,80,7",
    ].join("\n");
    // The reports are written after the records and the voyage: fail there.
    await t.database.pool.query(`
      create function noon_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$;
      create trigger noon_fail before insert on noon_reports execute function noon_fail();`);
    const before = await tableCounts();
    try {
      const res = await upload(sheet);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.pool.query("drop trigger noon_fail on noon_reports; drop function noon_fail();");
    }
    const after = await tableCounts();
    expect({ ...after, uploads: before.uploads }).toEqual(before);
    const log = await t.database.pool.query(
      "select status, data_type from uploads where org_id = $1 order by id desc limit 1",
      [owner.orgId],
    );
    expect(log.rows[0]).toEqual({ status: "failed", data_type: "noon" });
  });
});

describe("report checks", () => {
  const HEADER =
    "IMO,UTC,Type,Steaming hrs,Report period,Dist. OG,Avg speed,ME HFO,ME power,SFOC,ROB HFO,Bunkered HFO,Wind (Bft),Wind speed (kn)";
  const clean = [
    "9074729,2025-06-01T12:00Z,Noon,24,24,300,12.5,30,7000,178,900,0,4,13",
    "9074729,2025-06-02T12:00Z,Noon,24,24,302,12.6,30.5,7100,179,869.5,0,4,14",
    "9074729,2025-06-03T12:00Z,Bunkering,24,24,298,12.4,29.5,6900,178,1140,300,5,19",
    "9074729,2025-06-04T12:00Z,Noon,24,24,300,12.5,30,7000,178,1110,0,4,13",
  ];
  const crafted: Record<string, string> = {
    "distance-vs-speed": "9074729,2025-06-05T12:00Z,Noon,24,24,400,12.5,30,7000,178,1080,0,4,13",
    "rob-continuity": "9074729,2025-06-05T12:00Z,Noon,24,24,300,12.5,30,7000,178,1000,0,4,13",
    "sfoc-out-of-physical-range": "9074729,2025-06-05T12:00Z,Noon,24,24,300,12.5,30,2000,,1080,0,4,13",
    "sfoc-reported-vs-derived": "9074729,2025-06-05T12:00Z,Noon,24,24,300,12.5,30,9000,170,1080,0,4,13",
    "beaufort-vs-wind-speed": "9074729,2025-06-05T12:00Z,Noon,24,24,300,12.5,30,7000,178,1080,0,2,30",
    "time-gap": "9074729,2025-06-06T12:00Z,Noon,24,24,300,12.5,30,7000,178,1080,0,4,13",
    "time-overlap": "9074729,2025-06-05T06:00Z,Noon,24,24,300,12.5,30,7000,178,1080,0,4,13",
    "negative-values": "9074729,2025-06-05T12:00Z,Noon,24,24,-300,12.5,30,7000,178,1080,0,4,13",
    "duplicate-report": "9074729,2025-06-04T12:00Z,Noon,24,24,300,12.5,30,7000,178,1110,0,4,13",
  };

  it("stay quiet on clean reports", async () => {
    const res = await preview([HEADER, ...clean].join("\n"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checks).toEqual([]);
    expect(res.json().errors).toEqual([]);
  });

  for (const [check, row] of Object.entries(crafted)) {
    it(`${check} fires on its crafted row, with the row number`, async () => {
      const res = await preview([HEADER, ...clean, row].join("\n"));
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json().checks.find((c: { check: string }) => c.check === check);
      expect(found, JSON.stringify(res.json().checks)).toBeDefined();
      expect(found.rows).toContain(6);
    });
  }

  it("rows failing a check are kept and marked", async () => {
    const res = await upload([HEADER, ...clean, crafted["rob-continuity"]].join("\n"));
    expect(res.statusCode, res.body).toBe(200);
    const marked = await t.database.pool.query(
      "select checks from noon_reports where org_id = $1 and ts = '2025-06-05T12:00Z'",
      [owner.orgId],
    );
    expect(marked.rows[0].checks).toEqual(["rob-continuity"]);
  });
});

describe("a workbook as spreadsheet programs write it", () => {
  it("merged group cells, a units row, date cells and times of day as fractions", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Noon");
    ws.addRow(["MV Nordic Star"]);
    ws.addRow(["", "", "", "", "M/E Cons", "", "A/E Cons"]);
    ws.mergeCells("E2:F2");
    ws.addRow([
      "Vessel",
      "Date",
      "Time",
      "UTC offset",
      "HFO",
      "MGO",
      "MGO",
      "Steaming hrs",
      "Report period",
      "Dist. OG",
    ]);
    ws.addRow(["", "", "LT", "", "(MT)", "(MT)", "(MT)", "hrs", "hrs", "nm"]);
    ws.addRow(["Nordic Star", new Date(Date.UTC(2025, 8, 1)), 0.5, "+2", 30, 0, 2, 24, 24, "300"]);
    ws.addRow([]);
    ws.addRow([
      "Nordic Star",
      new Date(Date.UTC(2025, 8, 2)),
      0.5,
      "+2",
      "29.5",
      "N/A",
      "2.1",
      24,
      24,
      "1,0.5",
    ]);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await uploadFile(
      t.app,
      owner,
      { filename: "noon.xlsx", content },
      { dataType: "noon", dryRun: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mapping).toMatchObject({ headerRow: 3, unitsRow: 4 });
    expect(body.rows.map((r: { row: number; reportedAt: string }) => [r.row, r.reportedAt])).toEqual([
      [5, "2025-09-01T10:00:00.000Z"],
      [7, "2025-09-02T10:00:00.000Z"],
    ]);
    expect(
      body.rows[1].fuel.map((f: { consumer: string; grade: string; tonnes: number }) => [
        f.consumer,
        f.grade,
        f.tonnes,
      ]),
    ).toEqual([
      ["main", "HFO", 29.5],
      ["auxiliary", "MGO", 2.1],
    ]);
    // '1,0.5' is no number: said with its row and column, the rest of the row kept
    expect(body.errors).toEqual([expect.objectContaining({ row: 7, column: "Dist. OG", value: "1,0.5" })]);
  });
});

describe("one Position column", () => {
  it("latitude and longitude read from one cell, stored with the report's weather record; a bad cell named", async () => {
    const ship = await addShip({ name: "Nordic Wind", imo: "9176187" });
    const sheet = [
      "Vessel,Date (UTC),Steaming hrs,Report period,ME HFO,Dist. OG,Wind Bft,Noon Position",
      `Nordic Wind,2025-10-01T12:00Z,24,24,20,300,4,"36°51.6'N 010°12.0'E"`,
      `Nordic Wind,2025-10-02T12:00Z,24,24,20,300,4,"37°10.2'N, 013°05.4'E"`,
      `Nordic Wind,2025-10-03T12:00Z,24,24,20,300,4,"37.5 16.0"`,
    ].join("\n");
    const res = await upload(sheet);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mapping.columns).toEqual(
      expect.arrayContaining([expect.objectContaining({ header: "Noon Position", field: "position" })]),
    );
    expect(body.errors).toEqual([
      expect.objectContaining({
        row: 4,
        column: "Noon Position",
        reason: expect.stringContaining("not a position"),
      }),
    ]);
    const stored = await t.database.pool.query(
      "select latitude, longitude from environmental_data where org_id = $1 and ship_id = $2 order by ts",
      [owner.orgId, ship],
    );
    expect(stored.rows.slice(0, 2).map((r) => [r.latitude, r.longitude])).toEqual([
      [36.86, 10.2],
      [37 + 10.2 / 60, 13.09],
    ]);
    expect(stored.rows[2]?.latitude ?? null).toBeNull();
  });
});
