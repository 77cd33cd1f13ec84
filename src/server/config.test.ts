import { describe, expect, it } from "vitest";
import { databaseTimeouts, loadConfig } from "./config";
import { DEFAULT_DATABASE_TIMEOUTS } from "./db/client";

describe("configuration of the timeouts", () => {
  it("defaults to the documented values and takes them from the environment", () => {
    const defaults = loadConfig({});
    expect(databaseTimeouts(defaults)).toEqual(DEFAULT_DATABASE_TIMEOUTS);
    expect([defaults.REQUEST_TIMEOUT_MS, defaults.SHUTDOWN_TIMEOUT_MS]).toEqual([300_000, 10_000]);
    const set = loadConfig({ DB_CONNECT_TIMEOUT_MS: "2000", DB_STATEMENT_TIMEOUT_MS: "3000" });
    expect(databaseTimeouts(set)).toMatchObject({ connectMs: 2000, statementMs: 3000 });
  });

  it("refuses a bad value, naming the variable", () => {
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: "soon", SHUTDOWN_TIMEOUT_MS: "0" })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS[\s\S]*SHUTDOWN_TIMEOUT_MS|SHUTDOWN_TIMEOUT_MS[\s\S]*DB_STATEMENT_TIMEOUT_MS/,
    );
  });
});

describe("configuration of machine ingestion", () => {
  it("has no MQTT by default, takes broker URLs and refuses anything else, naming the variable", () => {
    const defaults = loadConfig({});
    expect(defaults.MQTT_URL).toBeUndefined();
    expect([defaults.MQTT_SHARE_GROUP, defaults.MQTT_BATCH_MS, defaults.INGEST_MAX_RECORDS]).toEqual([
      "sextant",
      250,
      50_000,
    ]);
    expect(loadConfig({ MQTT_URL: "mqtts://broker.example:8883" }).MQTT_URL).toBe(
      "mqtts://broker.example:8883",
    );
    expect(() => loadConfig({ MQTT_URL: "http://broker.example" })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ MQTT_SHARE_GROUP: "a/b" })).toThrow(/MQTT_SHARE_GROUP/);
  });

  it("keeps a persistent MQTT session: no client id set (one per host and port), a week, the widest window", () => {
    const defaults = loadConfig({});
    expect(defaults.MQTT_CLIENT_ID).toBeUndefined();
    expect([defaults.MQTT_SESSION_EXPIRY_S, defaults.MQTT_RECEIVE_MAXIMUM]).toEqual([604_800, 65_535]);
    expect(loadConfig({ MQTT_CLIENT_ID: "sextant-eu-1" }).MQTT_CLIENT_ID).toBe("sextant-eu-1");
    expect(() => loadConfig({ MQTT_CLIENT_ID: "a b" })).toThrow(/MQTT_CLIENT_ID/);
    expect(() => loadConfig({ MQTT_RECEIVE_MAXIMUM: "65536" })).toThrow(/MQTT_RECEIVE_MAXIMUM/);
  });
});

describe("configuration of the read replicas", () => {
  const primary = "postgres://sextant:pw@db1:5432/sextant";
  it("has none by default: every read on the primary, a lag bound of 5 s", () => {
    const defaults = loadConfig({});
    expect([defaults.DATABASE_REPLICA_URLS, defaults.DATABASE_REPLICA_MAX_LAG_MS]).toEqual([[], 5_000]);
  });

  it("takes a comma-separated list of postgres:// URLs beside DATABASE_URL", () => {
    const set = loadConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: " postgres://sextant:pw@db2:5432/sextant, postgresql://db3/sextant ,",
      DATABASE_REPLICA_MAX_LAG_MS: "2000",
    });
    expect(set.DATABASE_REPLICA_URLS).toEqual([
      "postgres://sextant:pw@db2:5432/sextant",
      "postgresql://db3/sextant",
    ]);
    expect(set.DATABASE_REPLICA_MAX_LAG_MS).toBe(2_000);
  });

  it.each([
    [
      "a URL that is not PostgreSQL's",
      { DATABASE_URL: primary, DATABASE_REPLICA_URLS: "mysql://db2/sextant" },
    ],
    [
      "replicas without DATABASE_URL (the embedded server has none)",
      { DATABASE_REPLICA_URLS: "postgres://db2/s" },
    ],
    ["a lag bound that is not positive", { DATABASE_REPLICA_MAX_LAG_MS: "0" }],
  ])("refuses %s, naming the variable", (_, env) => {
    expect(() => loadConfig(env)).toThrow(/DATABASE_REPLICA_(URLS|MAX_LAG_MS)/);
  });
});
