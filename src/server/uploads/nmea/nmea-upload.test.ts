/**
 * An NMEA 0183 log uploaded for a ship: the committed sample (the simulator's voyage with a real feed's
 * faults) gives the simulator's truth back within the instruments' rounding, bad lines are counted by reason
 * and listed by line, a log sent again changes nothing, a log fills a stored record without erasing what it
 * does not measure, and another organisation's ship is refused.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSentence } from "../../../domain/nmea";
import { nmeaSampleLog } from "../../../simulator/nmea-export";
import { createShip } from "../../analysis/test-fixtures";
import { createTestApp, type TestUser } from "../../test/test-app";
import { uploadFile } from "../upload-test-helpers";

const SAMPLE = new URL("../fixtures/simulated-voyage.nmea", import.meta.url);

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let shipId: number;
const truth = nmeaSampleLog();

const upload = (
  user: TestUser,
  content: string | Buffer,
  config: Record<string, unknown>,
  filename = "bridge.nmea",
) => uploadFile(t.app, user, { filename, content }, config);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  shipId = await createShip(t, owner, 0);
});
afterAll(() => t.close());

describe("NMEA 0183 upload", () => {
  it("the committed sample is what the simulator writes", () => {
    expect(fs.readFileSync(SAMPLE, "latin1")).toBe(truth.text);
  });

  it("stores one environmental and one fuel record a minute, counts bad lines by reason", async () => {
    // A fuel record already stored at one of the log's minutes: the log fills it, keeping rate and fuel.
    const at = new Date(truth.mainFuel[10]!.ts).toISOString();
    const pre = await t.app.inject({
      method: "POST",
      url: "/api/fuel-data",
      headers: { cookie: owner.cookie },
      payload: { shipId, timestamp: at, fuelConsumptionRate: 31.5, fuelType: "LSMGO", sfoc: 181 },
    });
    expect(pre.statusCode, pre.body).toBe(201);

    const res = await upload(owner, fs.readFileSync(SAMPLE), { dataType: "nmea", shipId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.nmea).toMatchObject({
      lines: 1685,
      used: 1678,
      minutes: 120,
      bad: { "no-time": 1, "bad-checksum": 1, "missing-checksum": 1, "no-fix": 1, "not-a-sentence": 1 },
      ignored: { GSV: 1, encapsulated: 1 },
      talkers: { GP: 480, HE: 239, VW: 240, WI: 239, II: 480 },
      from: "2025-01-04T00:00:00.000Z",
      to: "2025-01-04T02:00:00.000Z",
    });
    expect(body.data.environmental).toEqual({ new: 120, updated: 0, unchanged: 0, rejected: 0 });
    expect(body.data.fuel).toEqual({ new: 119, updated: 1, unchanged: 0, rejected: 0 });
    expect(body.outcome).toBe("partial");
    expect(body.message).toMatch(/1,678 sentences used, 5 bad/);
    expect(body.errors.map((e: { row: number }) => e.row)).toEqual([1, 104, 204, 304, 404]);
    expect(body.errors[1].reason).toMatch(/checksum/);

    const kept = await t.db.execute(
      `select fuel_consumption_rate, fuel_type, sfoc, speed_over_ground from fuel_data where ship_id = ${shipId} and ts = '${at}'`,
    );
    expect(kept.rows[0]).toMatchObject({ fuel_consumption_rate: 31.5, fuel_type: "MGO", sfoc: 181 });
    expect(Math.abs((kept.rows[0]!.speed_over_ground as number) - truth.mainFuel[10]!.sog)).toBeLessThan(
      0.051,
    );
  });

  it("gives the simulator's truth back within the instruments' rounding", async () => {
    const env = (
      await t.db.execute(
        `select extract(epoch from ts) * 1000 as ms, latitude, longitude, heading, wind_speed, wind_direction,
                air_temperature, sea_temperature from environmental_data where ship_id = ${shipId} order by ts`,
      )
    ).rows as Record<string, number>[];
    const fuel = (
      await t.db.execute(
        `select extract(epoch from ts) * 1000 as ms, speed_over_ground, speed_through_water, engine_load_factor
         from fuel_data where ship_id = ${shipId} and consumer = 'main' order by ts`,
      )
    ).rows as Record<string, number>[];
    expect(env).toHaveLength(truth.environmental.length);
    expect(fuel).toHaveLength(truth.mainFuel.length);
    const angle = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
    truth.environmental.forEach((e, i) => {
      const row = env[i]!;
      expect(Number(row.ms)).toBe(e.ts);
      // Positions: minutes of arc to 4 decimals (1.7e-6°); the simulator's own are coarser, so exact here.
      expect(Math.abs(row.latitude! - e.lat)).toBeLessThan(2e-6);
      expect(Math.abs(row.longitude! - e.lon)).toBeLessThan(2e-6);
      expect(angle(row.heading!, e.heading)).toBeLessThan(0.06);
      // True wind from the relative wind (speed and angle to 0.1): within 0.15 kn and 1°.
      expect(Math.abs(row.wind_speed! - e.windSpeed)).toBeLessThan(0.15);
      expect(angle(row.wind_direction!, e.windDirection)).toBeLessThanOrEqual(1);
      expect(Math.abs(row.air_temperature! - e.airTemperature)).toBeLessThan(0.051);
      expect(Math.abs(row.sea_temperature! - e.seaTemperature)).toBeLessThan(0.051);
    });
    truth.mainFuel.forEach((f, i) => {
      const row = fuel[i]!;
      expect(Number(row.ms)).toBe(f.ts);
      expect(Math.abs(row.speed_over_ground! - f.sog)).toBeLessThan(0.051);
      expect(Math.abs(row.speed_through_water! - f.stw)).toBeLessThan(0.051);
      expect(Math.abs(row.engine_load_factor! - f.engineLoad)).toBeLessThan(0.051);
    });
  });

  it("a log sent again stores nothing twice", async () => {
    const res = await upload(owner, fs.readFileSync(SAMPLE), { dataType: "nmea", shipId }, "again.log");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.environmental).toEqual({ new: 0, updated: 0, unchanged: 120, rejected: 0 });
    expect(res.json().data.fuel).toEqual({ new: 0, updated: 0, unchanged: 120, rejected: 0 });
  });

  it("fills every grade's record of a minute that already has two, and adds no third", async () => {
    const ship = await createShip(t, owner, 2);
    const at = new Date(truth.mainFuel[20]!.ts).toISOString();
    // two grades burnt in one report, as a noon sheet stores them
    await t.db.execute(
      `insert into fuel_data (org_id, ship_id, ts, consumer, fuel_type, fuel_grade, fuel_consumption_rate)
       values (${owner.orgId}, ${ship}, '${at}', 'main', 'HFO', 'HFO', 30), (${owner.orgId}, ${ship}, '${at}', 'main', 'MGO', 'MGO', 2)`,
    );
    const res = await upload(owner, fs.readFileSync(SAMPLE), { dataType: "nmea", shipId: ship });
    expect(res.statusCode, res.body).toBe(200);
    // counted as the log's rows: the minute of two grades is one row updated
    expect(res.json().data.fuel).toEqual({ new: 119, updated: 1, unchanged: 0, rejected: 0 });
    const { rows } = await t.db.execute(
      `select fuel_type, fuel_consumption_rate, speed_over_ground is not null as filled from fuel_data where ship_id = ${ship} and ts = '${at}' order by fuel_type`,
    );
    expect(rows).toEqual([
      { fuel_type: "HFO", fuel_consumption_rate: 30, filled: true },
      { fuel_type: "MGO", fuel_consumption_rate: 2, filled: true },
    ]);
  });

  it("stores engine and shaft revolutions (RPM and XDR tachometer) as the minute's means", async () => {
    const other = await createShip(t, owner, 1);
    const lines = [
      formatSentence("GP", "RMC", [
        "101000.00",
        "A",
        "5130.0000",
        "N",
        "00100.0000",
        "W",
        "12.0",
        "90.0",
        "040125",
        "",
        "",
        "A",
      ]),
      formatSentence("ER", "RPM", ["E", "1", "88.0", "", "A"]),
      formatSentence("ER", "RPM", ["E", "1", "90.0", "", "A"]),
      formatSentence("II", "XDR", ["T", "89.5", "R", "SHAFT"]),
      // astern, still a reading; beyond ±3,000 rpm the sentence is refused, the minute kept
      formatSentence("ER", "RPM", ["S", "1", "-40.0", "", "A"]),
      formatSentence("ER", "RPM", ["E", "1", "45000", "", "A"]),
    ];
    const res = await upload(owner, lines.join("\r\n"), { dataType: "nmea", shipId: other });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nmea.bad).toMatchObject({ "invalid-value": 1 });
    const stored = await t.db.execute(
      `select engine_rpm, shaft_rpm, speed_over_ground from fuel_data where ship_id = ${other}`,
    );
    expect(stored.rows).toEqual([{ engine_rpm: 89, shaft_rpm: 24.75, speed_over_ground: 12 }]);
  });

  it("refuses a log with no usable sentence, a workbook, and a missing ship", async () => {
    const none = await upload(owner, "$GPRMC,123519,A*00\r\nhello\r\n", { dataType: "nmea", shipId });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/no usable NMEA.*2 bad/);
    const noShip = await upload(owner, formatSentence("HE", "HDT", ["1", "T"]), { dataType: "nmea" });
    expect(noShip.statusCode).toBe(400);
    expect(noShip.json().error.details[0].field).toBe("mappingConfig.shipId");
  });

  it("another organisation cannot write to the ship; a viewer cannot upload", async () => {
    const other = await t.registerOwner();
    const res = await upload(other, fs.readFileSync(SAMPLE), { dataType: "nmea", shipId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: "mappingConfig.shipId", reason: "is not a ship of your organisation" },
    ]);
    const viewer = await t.addMember(owner, "viewer");
    expect((await upload(viewer, fs.readFileSync(SAMPLE), { dataType: "nmea", shipId })).statusCode).toBe(
      403,
    );
  });
});
