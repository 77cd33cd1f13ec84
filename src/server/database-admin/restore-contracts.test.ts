/**
 * A restore loads only what the API would store (issue 30 items 8 and 9): a backup of a small organisation made
 * through the API restores whole, and each crafted edit of it (the manifest resealed, so only the row contracts
 * stand in the way) is refused with a 400 naming the table, row, column and reason, the organisation left empty.
 * Restored ids are the restored rows' own (an alert's link, a schedule's ships); restored audit entries are marked.
 */
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestUser, VALID_IMOS } from "../test/test-app";
import { multipartBody } from "../uploads/upload-test-helpers";
import { type Cells, craft, replaceLine } from "./archive-test-helpers";
import { ORG_TABLES } from "./org-tables";
import { ROW_CONTRACTS } from "./restore-contracts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let source: TestUser;
let other: TestUser;
let shipId: number;
let otherShipId: number;
let archive: Buffer;

async function ownerStepped() {
  const user = await t.registerOwner();
  expect((await t.stepUp(user)).statusCode).toBe(200);
  return user;
}

async function send(user: TestUser, method: "POST" | "PUT" | "GET", url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

function restore(user: TestUser, file: Buffer) {
  const { payload, contentType } = multipartBody([{ name: "file", filename: "backup.gz", content: file }]);
  return t.app.inject({
    method: "POST",
    url: "/api/database/restore",
    headers: { cookie: user.cookie, "content-type": contentType },
    payload,
  });
}

const count = async (table: string, orgId: number) =>
  (await t.database.pool.query(`select count(*)::int as n from ${table} where org_id = $1`, [orgId])).rows[0]
    .n;

beforeAll(async () => {
  t = await createTestApp();
  source = await ownerStepped();
  other = await ownerStepped();
  shipId = await t.addShip(source, { name: "Restore Source", imo: VALID_IMOS[1] });
  otherShipId = await t.addShip(other, { name: "Someone Else", imo: VALID_IMOS[2] });
  const voyage = await send(source, "POST", "/api/voyages", {
    shipId,
    voyageNumber: "V-1",
    origin: "Rotterdam",
    destination: "Singapore",
    departureDate: "2025-01-10T08:00:00Z",
  });
  const voyageId = voyage.json().id;
  for (const day of ["11", "12"])
    await send(source, "POST", "/api/fuel-data", {
      shipId,
      voyageId,
      timestamp: `2025-01-${day}T12:00:00Z`,
      fuelConsumptionRate: 25,
      speedThroughWater: 13,
      enginePower: 7000,
      fuelType: "VLSFO",
      periodHours: 24,
    });
  await send(source, "POST", "/api/environmental-data", {
    shipId,
    timestamp: "2025-01-11T12:00:00Z",
    windSpeed: 12,
  });
  await send(source, "PUT", "/api/settings/embed-origins", { origins: ["https://intranet.example.com"] });
  await send(source, "PUT", "/api/reports/schedule", {
    enabled: true,
    shipIds: [shipId],
    memberIds: [source.userId],
  });
  await send(source, "PUT", "/api/noon-mappings", {
    headers: ["Date", "ME Cons"],
    columnMappings: { Date: "", "ME Cons": "fuel.main" },
  });
  await send(source, "PUT", "/api/alerts/channels", {
    emailRecipients: ["ops@example.com"],
    webhookUrl: null,
  });
  // alerts are raised by the evaluation job, not through the API
  await t.database.pool.query(
    `insert into alerts (org_id, ship_id, type, severity, unit, threshold, message, latest_message, link)
     values ($1, $2, 'fuelEfficiency', 'high', '%', 10, 'Fuel up 12 %', 'Fuel up 12 %', $3)`,
    [
      source.orgId,
      shipId,
      `/dashboard/${shipId}?voyage=all&range=30d&engine=main&section=fuel-fuel-performance`,
    ],
  );
  const res = await send(source, "GET", "/api/database/backup");
  archive = res.rawPayload;
}, 120_000);
afterAll(() => t?.close());

describe("restoring a backup the product made", () => {
  it("every organisation table has a row contract", () => {
    expect(ORG_TABLES.map((x) => x.name).filter((name) => !ROW_CONTRACTS[name])).toEqual([]);
  });

  it("restores whole, with the restored ship's id in the alert's link and the schedule", async () => {
    const target = await ownerStepped();
    const res = await restore(target, archive);
    expect(res.statusCode, res.body).toBe(200);
    const [ship] = (await t.database.pool.query("select id from ships where org_id = $1", [target.orgId]))
      .rows;
    expect(ship.id).not.toBe(shipId);
    const alert = (await t.database.pool.query("select link from alerts where org_id = $1", [target.orgId]))
      .rows[0];
    expect(alert.link).toBe(
      `/dashboard/${ship.id}?voyage=all&range=30d&engine=main&section=fuel-fuel-performance`,
    );
    const schedule = (
      await t.database.pool.query("select ship_ids, member_ids from report_schedules where org_id = $1", [
        target.orgId,
      ])
    ).rows[0];
    // the source's owner is no member of the target: a schedule names the target's own members only
    expect(schedule).toEqual({ ship_ids: [ship.id], member_ids: [] });
    expect(await count("fuel_data", target.orgId)).toBe(2);
  });

  it("marks every restored audit entry as restored, with no user id of this server", async () => {
    const target = await ownerStepped();
    const forged = craft(archive, "audit_log", (cells, i) =>
      i === 0
        ? [{ ...cells, id: "999999", kind: "member.add", user_id: String(target.userId), details: "\\N" }]
        : undefined,
    );
    expect((await restore(target, forged)).statusCode).toBe(200);
    const entries = (
      await t.database.pool.query(
        "select user_id, kind, details from audit_log where org_id = $1 order by id",
        [target.orgId],
      )
    ).rows;
    const restored = entries.filter((e) => e.details?.restored);
    const lines = zlib.gunzipSync(archive).toString("utf8").trimEnd().split("\n");
    expect(restored.length).toBe(JSON.parse(lines.at(-1)!).manifest.tables.audit_log.rows + 1);
    for (const e of restored) {
      expect(e.user_id).toBeNull();
      expect(e.details.restored).toMatchObject({ backupOf: expect.any(String), at: expect.any(String) });
    }
    expect(restored.find((e) => e.kind === "member.add")).toBeTruthy();
    // the target's own entries (its step-up) stay as written
    expect(entries.some((e) => !e.details?.restored && e.user_id === target.userId)).toBe(true);
    // the audit trail's API says so: the mark apart from the entry's details
    const page = (await send(target, "GET", "/api/audit?limit=200")).json();
    const shown = page.entries.find((e: { kind: string }) => e.kind === "member.add");
    expect(shown).toMatchObject({ userId: null, details: null, restored: { backupOf: expect.any(String) } });
    expect(page.entries.filter((e: { restored: unknown }) => e.restored === null).length).toBeGreaterThan(0);
  });
});

/** A crafted cell: the first row of `table` with `column` set to `value` (COPY text), and the reason expected. */
type CellCase = [name: string, table: string, column: string, value: () => string, reason: RegExp];
const CELL_CASES: CellCase[] = [
  ["a deadweight of 1e308", "ships", "deadweight", () => "1e+308", /ships row 1: deadweight must be at most/],
  [
    "a deadweight that is no number",
    "ships",
    "deadweight",
    () => "0x10",
    /deadweight "0x10" is not a finite/,
  ],
  ["an infinite deadweight", "ships", "deadweight", () => "Infinity", /"Infinity" is not a finite number/],
  ["a ship type not known", "ships", "ship_type", () => "Spaceship", /ship_type/],
  [
    "negative period hours",
    "fuel_data",
    "period_hours",
    () => "-5",
    /fuel_data row 1: period_hours must be at/,
  ],
  [
    "an unknown fuel grade",
    "fuel_data",
    "fuel_grade",
    () => "Kerosene",
    /fuel_grade is not a known fuel grade/,
  ],
  [
    "a grade of another class",
    "fuel_data",
    "fuel_type",
    () => "MGO",
    /fuel_type must be HFO, the class of VLSFO/,
  ],
  [
    "another organisation's ship",
    "fuel_data",
    "ship_id",
    () => String(otherShipId),
    /ship_id names ship \d+, which/,
  ],
  ["a voyage not in the archive", "fuel_data", "voyage_id", () => "424242", /voyage_id names voyage 424242/],
  ["the year 9999", "fuel_data", "ts", () => "9999-01-01 00:00:00+00", /ts 9999-01-01.* is not between 1900/],
  [
    "the instant 'infinity'",
    "environmental_data",
    "ts",
    () => "infinity",
    /ts "infinity" is not a timestamp/,
  ],
  ["a field too many", "fuel_data", "sfoc", () => "1\t2", /row 1: has \d+ fields where the table names \d+/],
  ["an octal escape", "ships", "name", () => "Evil\\000Ship", /holds the escape \\0/],
  ["embed origin *", "org_settings", "embed_origins", () => "{*}", /embed_origins\.0 must be an origin/],
  [
    "an embed origin that writes a CSP directive",
    "org_settings",
    "embed_origins",
    () => '{"https://a.example.com; script-src *"}',
    /embed_origins\.0 must be an origin/,
  ],
  [
    "a private webhook",
    "alert_channels",
    "webhook_url",
    () => "http://127.0.0.1:5432/hook",
    /private, loopback/,
  ],
  ["the cloud metadata webhook", "alert_channels", "webhook_url", () => "http://169.254.169.254/", /private/],
  [
    "a javascript: alert link",
    "alerts",
    "link",
    () => "javascript:alert(1)",
    /alerts row 1: link must be the/,
  ],
  ["a link to another ship", "alerts", "link", () => `/dashboard/${otherShipId}`, /link must be the path/],
  ["a link off the site", "alerts", "link", () => "//evil.example.com/dashboard/1", /link must be the path/],
  ["an alert threshold of 1e9", "alerts", "threshold", () => "1000000000", /threshold/],
  [
    "a noon mapping to constructor",
    "noon_mappings",
    "column_mappings",
    () => '{"ME Cons": "constructor"}',
    /noon_mappings row 1: column_mappings\.ME Cons is not a noon-report field/,
  ],
  [
    "a schedule repeating a ship",
    "report_schedules",
    "ship_ids",
    () => `{${shipId},${shipId}}`,
    /not repeat/,
  ],
  ["an audit target that is no object", "audit_log", "target", () => "[1,2]", /audit_log row 1: target/],
];

/** Crafted rows added beside the archive's first: keys PostgreSQL holds unique. */
const ROW_CASES: [name: string, table: string, extra: (cells: Cells) => Cells, reason: RegExp][] = [
  [
    "two ships of one name",
    "ships",
    (c) => ({ ...c, id: "777777", imo_number: VALID_IMOS[3]! }),
    /ships: duplicate key value violates unique constraint/,
  ],
  [
    "two ships of one id",
    "ships",
    (c) => ({ ...c, name: "Twin", imo_number: VALID_IMOS[3]! }),
    /two rows of id/,
  ],
];

describe("a crafted archive is refused with the table, row, column and reason (400), nothing restored", () => {
  const refused = async (file: Buffer, reason: RegExp) => {
    const target = await ownerStepped();
    const res = await restore(target, file);
    expect(res.statusCode, res.body).toBe(400);
    const detail = res.json().error.details[0];
    expect(detail.field).toBe("file");
    expect(detail.reason).toMatch(reason);
    expect(await count("ships", target.orgId)).toBe(0);
    expect(await count("fuel_data", target.orgId)).toBe(0);
  };

  it.each(CELL_CASES)("%s", async (_name, table, column, value, reason) => {
    await refused(
      craft(archive, table, (cells, i) => {
        if (i === 0) cells[column] = value();
        return undefined;
      }),
      reason,
    );
  });

  it.each(ROW_CASES)("%s", async (_name, table, extra, reason) => {
    await refused(
      craft(archive, table, (cells, i) => (i === 0 ? [extra(cells)] : undefined)),
      reason,
    );
  });

  it.each([
    ["a header that is null", 0, "null", /the header: /],
    ["a header of another format", 0, '{"format":"other","version":1}', /not a Sextant backup/],
    ["a table line that is a number", 1, "42", /line 2: /],
    ["an unknown table", 1, '{"table":"users","columns":["id"]}', /unknown table users/],
    [
      "a column named twice",
      1,
      '{"table":"alert_channels","columns":["org_id","org_id"]}',
      /names a column twice/,
    ],
  ] as const)("%s", async (_name, index, line, reason) => {
    const target = await ownerStepped();
    const res = await restore(target, replaceLine(archive, index, line));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details[0].reason).toMatch(reason);
  });

  it("a manifest that is not an object (400)", async () => {
    const lines = zlib.gunzipSync(archive).toString("utf8").split("\n");
    const last = lines.findLastIndex((l) => l.startsWith('{"manifest"'));
    const target = await ownerStepped();
    const res = await restore(target, replaceLine(archive, last, '{"manifest":5}'));
    expect(res.statusCode, res.body).toBe(400);
  });
});
