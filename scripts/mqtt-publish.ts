/**
 * Publishes simulated ships live over MQTT, as the loggers on board would:
 *
 *   npx tsx scripts/mqtt-publish.ts --base http://localhost:3000 --email demo@sextant.example \
 *     --password sextant-demo [--mqtt mqtt://127.0.0.1:1883] [--ships 3] [--cadence-s 60] [--hours 24]
 *
 * Signs in (a writer of the organisation), adds the simulated ships the organisation lacks (by IMO), creates an
 * ingest key ('mqtt-publish script'), then every `cadence-s` seconds publishes each ship's records of that
 * minute (fuel of both consumers, environmental, trim, auxiliary: the simulator's full model at a 1-minute
 * cadence, stamped with the real time) on `sextant/<orgId>/<imo>/<recordType>`. Ctrl-C stops it.
 */
import { parseArgs } from "node:util";
import mqtt from "mqtt";
import { ingestRecordOf, shipBodyOf } from "../src/simulator/contract-records";
import { FleetSimulation } from "../src/simulator/fleet";
import type { SeriesRecord, ShipRecord } from "../src/simulator/records";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:3000" },
    email: { type: "string" },
    password: { type: "string" },
    mqtt: { type: "string", default: process.env.MQTT_URL ?? "mqtt://127.0.0.1:1883" },
    ships: { type: "string", default: "3" },
    seed: { type: "string", default: "live" },
    "cadence-s": { type: "string", default: "60" },
    hours: { type: "string", default: "24" },
  },
});
if (!values.email || !values.password) {
  console.error("usage: npx tsx scripts/mqtt-publish.ts --email <writer> --password <password> [--base URL]");
  process.exit(2);
}

async function api(path: string, init: RequestInit & { cookie?: string } = {}) {
  const res = await fetch(`${values.base}${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function main() {
  const login = await api("/api/auth/login", {
    method: "POST",
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const user = (await login.json()) as { organization: { id: number; name: string } };
  const orgId = user.organization.id;

  const minute = 60_000;
  const startMs = Math.floor(Date.now() / minute) * minute;
  const hours = Number(values.hours);
  const fleet = new FleetSimulation({
    ships: Number(values.ships),
    seed: values.seed!,
    cadence: "1m",
    startMs,
    endMs: startMs + hours * 3_600_000,
  });
  const known = new Set(
    ((await (await api("/api/ships", { cookie })).json()) as { imo: string }[]).map((s) => s.imo),
  );
  const ticks = new Map<number, SeriesRecord[]>();
  for (const rec of fleet.records()) {
    if (rec.kind === "ship") {
      const body = shipBodyOf(rec as ShipRecord);
      if (!known.has(body.imo as string)) {
        await api("/api/ships", { method: "POST", cookie, body: JSON.stringify(body) });
        console.log(`added ship ${body.name} (IMO ${body.imo})`);
      }
    } else if (rec.kind !== "voyage" && rec.kind !== "hull" && rec.kind !== "compliance") {
      const list = ticks.get(rec.ts) ?? [];
      list.push(rec);
      ticks.set(rec.ts, list);
    }
  }
  // key management needs the password re-entered (step-up)
  await api("/api/auth/step-up", {
    method: "POST",
    cookie,
    body: JSON.stringify({ password: values.password }),
  });
  const keyRes = await api("/api/api-keys", {
    method: "POST",
    cookie,
    body: JSON.stringify({ name: "mqtt-publish script", scopes: ["ingest"] }),
  });
  const { key, prefix } = (await keyRes.json()) as { key: string; prefix: string };
  console.log(
    `ingest key ${prefix}… created for ${user.organization.name} (revoke it in Organisation Admin)`,
  );

  const client = await mqtt.connectAsync(values.mqtt!, { protocolVersion: 5 });
  const cadenceMs = Number(values["cadence-s"]) * 1000;
  const times = [...ticks.keys()].sort((a, b) => a - b);
  let published = 0;
  const tick = async () => {
    // Every record whose time has come (the simulated minute is the real one).
    while (times.length > 0 && times[0]! <= Date.now()) {
      const records = ticks.get(times.shift()!)!;
      const groups = new Map<string, Record<string, unknown>[]>();
      for (const rec of records) {
        const topic = `sextant/${orgId}/${rec.imo}/${rec.kind}`;
        const { imo: _imo, ...record } = ingestRecordOf(rec);
        groups.set(topic, [...(groups.get(topic) ?? []), record]);
      }
      for (const [topic, list] of groups) {
        await client.publishAsync(topic, JSON.stringify({ key, records: list }), { qos: 1 });
        published += list.length;
      }
    }
    process.stdout.write(`\r${published} records published`);
    if (times.length === 0) {
      console.log("\nthe simulated span is over");
      await client.endAsync();
      process.exit(0);
    }
  };
  await tick();
  setInterval(() => void tick().catch((err) => console.error(err)), Math.min(cadenceMs, minute));
  process.once("SIGINT", () => {
    console.log(`\nstopped after ${published} records`);
    void client.endAsync().finally(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
